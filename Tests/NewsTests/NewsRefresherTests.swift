import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import Storage
import TestSupport
import Testing

@Suite("Refreshing feeds from a local HTTP server", .serialized)
struct NewsRefresherTests {
    let database: TestDatabase
    let server: FeedServer
    var news: NewsRepository { database.app.news }

    init() throws {
        database = try TestDatabase()
        server = try FeedServer()
    }

    private func refresher(timeout: Duration = .seconds(60), maximumBytes: Int = 10 << 20) -> NewsRefresher {
        NewsRefresher(repository: news, fetcher: FeedFetcher(timeout: timeout, maximumBytes: maximumBytes))
    }

    @Test("refreshing twice adds nothing the second time; an unchanged feed costs a 304")
    func refreshTwice() async throws {
        server.set("/a.xml", .feed(FeedXML.rss(title: "A", items: FeedXML.numberedItems(5, prefix: "a"))))
        server.set("/b.xml", .feed(FeedXML.rss(title: "B", items: FeedXML.numberedItems(3, prefix: "b"))))
        try news.subscribe(url: server.url("/a.xml"))
        try news.subscribe(url: server.url("/b.xml"))
        let first = try await refresher().refresh()
        #expect(first.newItemCount == 8)
        #expect(first.outcomes.map(\.outcome).allSatisfy { if case .updated = $0 { true } else { false } })
        #expect(first.failures.isEmpty)
        let second = try await refresher().refresh()
        #expect(second.newItemCount == 0)
        #expect(second.notModifiedCount == 2)
        #expect(server.http.observed.requests.last?.headers["if-none-match"] != nil)
        #expect(try await news.page(NewsQuery()).count == 8)
        #expect(try news.feeds().map(\.title) == ["A", "B"])
    }

    @Test("each bad feed's failure is recorded on it, and the others are refreshed anyway")
    func failuresAreIsolated() async throws {
        server.set("/good.xml", .feed(FeedXML.rss(items: FeedXML.numberedItems(2))))
        server.set("/404.xml", .status(404))
        server.set("/500.xml", .status(500))
        server.set(
            "/page.html",
            .body("<!DOCTYPE html><html><body><p>Hello</p></body></html>", contentType: "text/html"))
        server.set(
            "/truncated.xml",
            .body(
                "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><item><title>x",
                contentType: "text/xml"))
        server.set(
            "/xxe.xml",
            .body(FeedXML.externalEntityAttack, contentType: "text/xml"))
        let laughs = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }.joined()
        server.set(
            "/laughs.xml",
            .body(
                "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY lol0 \"lol\">\(laughs)]><rss version=\"2.0\"><channel>"
                    + "<title>Laughs</title><item><guid>1</guid><title>&lol9;</title></item></channel></rss>",
                contentType: "text/xml"))
        let paths = [
            "/good.xml", "/404.xml", "/500.xml", "/page.html", "/truncated.xml", "/xxe.xml", "/laughs.xml",
        ]
        for path in paths {
            try news.subscribe(url: server.url(path))
        }
        let unreachable = try news.subscribe(url: "http://127.0.0.1:\(TestHTTPServer.closedPort())/feed.xml")

        let summary = try await refresher().refresh(jobs: 3)
        let messages = Dictionary(uniqueKeysWithValues: summary.failures.map { ($0.feed.url, $0.message) })
        #expect(messages[server.url("/404.xml")]?.contains("404") == true)
        #expect(messages[server.url("/500.xml")]?.contains("500") == true)
        #expect(messages[server.url("/page.html")]?.contains("not a feed") == true)
        #expect(messages[server.url("/truncated.xml")] != nil)
        #expect(messages[unreachable.url]?.contains("could not connect") == true)
        // The good feed, and the hostile ones parsed safely, brought items; nothing secret leaked.
        #expect(summary.newItemCount >= 2)
        let stored = try await news.page(NewsQuery())
        #expect(stored.allSatisfy { !($0.title + ($0.summary ?? "")).contains("root:") })
        #expect(stored.allSatisfy { $0.title.count < 10_000 })
        // Failures are on their feeds for `news feeds` to show.
        let feeds = try news.feeds()
        #expect(feeds.first { $0.url == server.url("/404.xml") }?.lastError?.contains("404") == true)
        #expect(feeds.first { $0.url == server.url("/good.xml") }?.lastError == nil)
    }

    @Test("a 50 MB response is cut off at the size cap and recorded as a failure")
    func hugeResponse() async throws {
        let huge = try TestHTTPServer { _ in
            .stream(total: 50 << 20, chunkSize: 64 << 10, declareLength: false, pause: .milliseconds(1))
        }
        defer { huge.stop() }
        let feed = try news.subscribe(url: huge.url("/huge.xml").absoluteString)
        let summary = try await refresher(maximumBytes: 1 << 20).refresh()
        #expect(summary.failures.first?.feed.id == feed.id)
        #expect(summary.failures.first?.message.contains("larger than") == true)
        #expect(try await news.page(NewsQuery()).isEmpty)
    }
}
