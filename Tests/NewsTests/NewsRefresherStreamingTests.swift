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

    /// Read through the repository, in this process: no other program is involved.
    private func storedItemCount() throws -> Int {
        try news.page(NewsQuery()).count
    }

    @Test("each feed is stored as it arrives; cancelling keeps them, and the rest are not marked failed")
    func cancelKeepsWhatArrived() async throws {
        defer { gate.open() }
        let feeds = try subscribe(fast: 3, slow: 2)
        let refresher = self.refresher
        // The refresher reports each feed once it is stored: the three fast ones, while the slow ones
        // are still being fetched.
        let done = Waitable(0)
        let refresh = Task {
            try await refresher.refresh(jobs: 2) { finished, _ in done.update { $0 = max($0, finished) } }
        }
        #expect(await done.wait { $0 >= 3 } == 3)
        #expect(try storedItemCount() == 9)
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
        #expect(await server.waitForRequests(to: "/vanishing.xml"))
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
