import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import TestSupport
import Testing

/// Subscribing and unsubscribing: feed addresses stored normalised (issue 12), starred items kept
/// whatever their guids (issue 11, point 7), and a list of subscriptions added whole or not at all
/// (issue 11, point 15).
@Suite("News subscriptions")
struct NewsSubscriptionTests {
    let database: TestDatabase
    var news: NewsRepository { database.app.news }
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        database = try TestDatabase()
    }

    private func store(_ items: [FeedXML.Item], title: String, in feed: Feed) throws {
        let parsed = try FeedParser.parse(Data(FeedXML.rss(title: title, items: items).utf8))
        try news.store(parsed, feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
    }

    private func starAll(of feed: Feed) throws {
        for item in try news.page(NewsQuery(feedID: feed.id)) {
            try news.setStarred(id: item.id, true)
        }
    }

    @Test("scheme and host are stored lower-case and a default port dropped; nothing else changes")
    func normalisedAddresses() throws {
        let cases = [
            ("HTTP://Example.ORG/Feed.xml", "http://example.org/Feed.xml"),
            ("Https://EXAMPLE.org:443/a?Q=1#Top", "https://example.org/a?Q=1#Top"),
            ("http://example.org:80", "http://example.org"),
            ("http://Example.org:/x", "http://example.org/x"),
            ("http://example.org:8080/X", "http://example.org:8080/X"),
            ("https://example.org:80/x", "https://example.org:80/x"),
            ("http://User:Pass@Host.Example/x", "http://User:Pass@host.example/x"),
            ("http://[::1]:80/x", "http://[::1]/x"),
            ("FEED://Example.org/rss", "http://example.org/rss"),
            ("  http://example.org/%7Euser ", "http://example.org/%7Euser"),
        ]
        for (typed, stored) in cases {
            #expect(FeedAddress(typed)?.text == stored, "\(typed)")
        }
        for bad in ["http://example.org:99999/x", "http://example.org:8o/x", "HTTP://", "http://:80/x"] {
            #expect(FeedAddress(bad) == nil, "\(bad)")
        }
    }

    @Test("the same feed typed two ways is one subscription, found and unsubscribed by either spelling")
    func oneSubscription() throws {
        let feed = try news.subscribe(url: "HTTP://Example.org:80/feed.xml")
        #expect(feed.url == "http://example.org/feed.xml")
        #expect(throws: NewsError.alreadySubscribed(feed)) {
            try news.subscribe(url: "http://EXAMPLE.org/feed.xml")
        }
        #expect(try news.feed(reference: "http://example.ORG:80/feed.xml")?.id == feed.id)
        #expect(try news.unsubscribe("Http://example.org/feed.xml").feed.id == feed.id)
        #expect(try news.feeds().isEmpty)
    }

    @Test("unsubscribing two feeds whose starred items share guids keeps every starred item")
    func sharedGuids() throws {
        let items = [
            FeedXML.Item(guid: "post-1", title: "One"), FeedXML.Item(guid: "post-2", title: "Two"),
        ]
        let first = try news.subscribe(url: "https://a.example/feed")
        let second = try news.subscribe(url: "https://b.example/feed")
        try store(items, title: "A", in: first)
        try store(items, title: "B", in: second)
        try starAll(of: first)
        try starAll(of: second)
        try news.unsubscribe("\(first.id)")
        try news.unsubscribe("\(second.id)")
        let kept = try news.page(NewsQuery(starredOnly: true))
        #expect(kept.count == 4)
        #expect(Set(kept.compactMap(\.source)) == ["A", "B"])
        #expect(kept.allSatisfy { $0.feedID == nil && $0.isStarred })
        #expect(try DirectSQL.integrityCheck(database.path) == "ok")
    }

    @Test(
        "a feed unsubscribed twice keeps one copy of a starred item, with its newer text and first read time")
    func unsubscribedTwice() throws {
        let feed = try news.subscribe(url: "https://a.example/feed")
        try store([FeedXML.Item(guid: "post-1", title: "One")], title: "A", in: feed)
        try starAll(of: feed)
        let firstCopy = try #require(try news.page(NewsQuery()).first)
        try news.setRead(id: firstCopy.id, true, at: now)
        try news.unsubscribe("\(feed.id)")

        let again = try news.subscribe(url: "https://a.example/feed")
        try store([FeedXML.Item(guid: "post-1", title: "One, corrected")], title: "A", in: again)
        try starAll(of: again)
        try news.unsubscribe("\(again.id)")
        let kept = try news.page(NewsQuery())
        #expect(kept.map(\.title) == ["One, corrected"])
        #expect(kept.first?.isStarred == true)
        #expect(kept.first?.readAt == now)
    }

    @Test("a hand-written item and a kept starred item may share a guid")
    func looseKeysDoNotClash() throws {
        try DirectSQL.run(
            database.path,
            "INSERT INTO news_items (guid, title, published_at) VALUES ('post-1', 'By hand', '2026-01-01T00:00:00.000Z')"
        )
        let feed = try news.subscribe(url: "https://a.example/feed")
        try store([FeedXML.Item(guid: "post-1", title: "From the feed")], title: "A", in: feed)
        try starAll(of: feed)
        try news.unsubscribe("\(feed.id)")
        #expect(Set(try news.page(NewsQuery()).map(\.title)) == ["By hand", "From the feed"])
    }

    @Test("a list of addresses is subscribed whole: one that cannot be stored leaves none subscribed")
    func subscribeAllOrNothing() throws {
        try news.subscribe(url: "https://already.example/feed")
        let subscribed = try news.subscribe(
            try subscriptions([
                "https://one.example/feed", "HTTPS://ONE.example/feed", "https://already.example/feed",
                "http://two.example/feed",
            ])
        )
        #expect(subscribed.added.map(\.url) == ["https://one.example/feed", "http://two.example/feed"])
        #expect(subscribed.alreadySubscribed == 1 && subscribed.repeated == 1)
        // A trigger written with sqlite3 refuses the third address: nothing of the list stays.
        try DirectSQL.run(
            database.path,
            """
            CREATE TRIGGER refuse_third BEFORE INSERT ON feeds WHEN NEW.url LIKE '%three%'
            BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END;
            """)
        #expect(throws: (any Error).self) {
            try news.subscribe(
                try subscriptions(["https://four.example/feed", "https://three.example/feed"]))
        }
        #expect(try news.feeds().count == 3)
    }

    /// The subscriptions for addresses typed as text.
    private func subscriptions(_ urls: [String]) throws -> [NewsRepository.NewSubscription] {
        try urls.map { NewsRepository.NewSubscription(address: try #require(FeedAddress($0))) }
    }
}
