import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import Testing

/// A refresh reads a feed as it was served (issue 11, point 19): the charset of its `Content-Type`
/// when the document declares none, and a date in the far future as no date (the item then keeps the
/// time it was first seen, instead of staying first for ever).
@Suite("Refreshing feeds as they are served", .serialized)
struct NewsRefresherServedTests {
    @Test("a Latin-1 feed served with its charset is stored as \"café\"; a date in 9999 is not kept")
    func charsetAndFutureDate() async throws {
        let database = try TestDatabase()
        var latin1 = Data(
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Latin</title><item><title>caf".utf8)
        latin1.append(0xE9)
        latin1.append(
            Data(
                "</title><guid>1</guid><pubDate>Fri, 31 Dec 9999 23:59:59 GMT</pubDate></item></channel></rss>"
                    .utf8))
        let body = latin1
        let server = try TestHTTPServer { _ in
            .send(status: 200, headers: ["Content-Type": "text/xml; charset=iso-8859-1"], body: body)
        }
        defer { server.stop() }
        let news = database.app.news
        try news.subscribe(url: server.url("/latin1.xml").absoluteString)
        // The refresher's own clock, so the first-seen date is known exactly (not "near the wall clock").
        let seen = Date(timeIntervalSince1970: 1_764_547_200)
        let update = try await NewsRefresher(
            repository: news, fetcher: FeedFetcher(timeout: .seconds(60)), now: { seen }
        ).refresh()
        #expect(update.failures.isEmpty)
        let items = try await news.page(NewsQuery())
        #expect(items.map(\.title) == ["café"])
        #expect(items.first?.publishedAt == seen)
    }
}
