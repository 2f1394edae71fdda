import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import TestSupport
import Testing

/// A refresh stores each feed as it arrives (issue 11, point 10), so cancelling it keeps what arrived,
/// and a feed unsubscribed while it runs is skipped (point 11).
@Suite("Refreshing feeds one by one as they arrive", .serialized)
struct NewsRefresherStreamingTests {
    let database: TestDatabase
    let server: FeedServer
    /// Where the slow feeds' requests wait; opened when the test ends.
    let gate = FeedGate()
    var news: NewsRepository { database.app.news }

    init() throws {
        database = try TestDatabase()
        server = try FeedServer()
    }

    private var refresher: NewsRefresher {
        NewsRefresher(repository: news, fetcher: FeedFetcher(timeout: .seconds(60)))
    }

    /// Subscribes `fast` feeds that answer at once, then `slow` ones that answer once `gate` opens.
    private func subscribe(fast: Int, slow: Int) throws -> [Feed] {
        var feeds: [Feed] = []
        for index in 0..<(fast + slow) {
            let xml = FeedXML.rss(title: "F\(index)", items: FeedXML.numberedItems(3, prefix: "f\(index)"))
            server.set("/\(index).xml", index < fast ? .feed(xml) : .held(xml, gate: gate))
            feeds.append(try news.subscribe(url: server.url("/\(index).xml")))
        }
        return feeds
    }

    /// Waits until `condition` holds; true when it did.
    ///
    /// The wait is counted in this task's own turns (1,500 polls 20 ms apart), not read off a clock:
    /// in a full `swift test` on two cores, tests that wait for processes can hold both threads of
    /// the cooperative pool for half a minute, and the refresh and this poll are stalled alike. A
    /// deadline then expired before the refresh had run at all; turns only pass while work can.
    private func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        for _ in 0..<1_500 {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try condition()
    }

    /// Read through the repository, not by running `sqlite3`: waiting for a process here blocked a
    /// thread of the cooperative pool the refresh needs, at every poll.
    private func storedItemCount() throws -> Int {
        try news.page(NewsQuery()).count
    }

    @Test("each feed is stored as it arrives; cancelling keeps them, and the rest are not marked failed")
    func cancelKeepsWhatArrived() async throws {
        defer { gate.open() }
        let feeds = try subscribe(fast: 3, slow: 2)
        let refresher = self.refresher
        let refresh = Task { try await refresher.refresh(jobs: 2) }
        // The three fast feeds are stored while the slow ones are still being fetched.
        #expect(try await eventually { try storedItemCount() == 9 })
        refresh.cancel()
        let summary = try await refresh.value
        #expect(summary.newItemCount == 9)
        #expect(summary.failures.isEmpty)
        #expect(summary.wasInterrupted)
        #expect(Set(summary.unfinished.map(\.id)) == Set(feeds.suffix(2).map(\.id)))
        let stored = try news.feeds()
        #expect(stored.prefix(3).allSatisfy { $0.lastFetchedAt != nil && $0.lastError == nil })
        #expect(stored.suffix(2).allSatisfy { $0.lastFetchedAt == nil && $0.lastError == nil })
    }

    @Test("a feed unsubscribed while the refresh runs is skipped; the others are stored")
    func unsubscribedMeanwhile() async throws {
        defer { gate.open() }
        let feeds = try subscribe(fast: 2, slow: 0)
        let vanishing = try news.subscribe(url: server.url("/vanishing.xml"))
        server.set(
            "/vanishing.xml", .held(FeedXML.rss(items: FeedXML.numberedItems(2, prefix: "v")), gate: gate))
        let refresher = self.refresher
        let refresh = Task { try await refresher.refresh(jobs: 3) }
        #expect(try await eventually { server.requestCount("/vanishing.xml") == 1 })
        try news.unsubscribe("\(vanishing.id)")
        gate.open()
        let summary = try await refresh.value
        #expect(summary.failures.isEmpty)
        #expect(summary.newItemCount == 6)
        #expect(summary.outcomes.first { $0.feed.id == vanishing.id }?.outcome == .unsubscribed)
        #expect(try news.feeds().map(\.id) == feeds.map(\.id))
        #expect(try storedItemCount() == 6)
    }
}
