import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import TestSupport
import Testing

/// An item's identity (issue 11, point 8): decided once from the entry alone, never changed by what else
/// the feed holds, and never merging entries that differ in title or text.
@Suite("News item identity")
struct ItemIdentityTests {
    let database: TestDatabase
    var news: NewsRepository { database.app.news }
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        database = try TestDatabase()
    }

    private func parsed(_ items: [FeedXML.Item]) throws -> ParsedFeed {
        try FeedParser.parse(Data(FeedXML.rss(title: "Feed", items: items).utf8))
    }

    private func store(_ items: [FeedXML.Item], in feed: Feed, at date: Date? = nil) throws -> FeedUpdate {
        try news.store(
            try parsed(items), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: date ?? now)
    }

    private func guids() throws -> [String] {
        try DirectSQL.run(database.path, "SELECT guid FROM news_items ORDER BY id").split(separator: "\n")
            .map(String.init)
    }

    private static let home = "https://example.org/"
    private static let postA = FeedXML.Item(title: "Post A", link: home, summary: "First post")
    private static let postB = FeedXML.Item(title: "Post B", link: home, summary: "Second post")
    private static let postC = FeedXML.Item(title: "Post C", link: home, summary: "Third post")

    @Test("three entries sharing a link and no dates are three items, from a feed and from a file")
    func sharedLinkNoDates() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        #expect(try store([Self.postA, Self.postB, Self.postC], in: feed).inserted == 3)
        #expect(
            try news.importItems(
                // A file of another site's feed: its items are loose, not the subscription's.
                try FeedParser.parse(
                    Data(
                        FeedXML.rss(
                            title: "File", link: "https://elsewhere.example/",
                            items: [Self.postA, Self.postB, Self.postC]
                        ).utf8)),
                fetchedAt: now
            ).update.inserted == 3)
        #expect(try news.page(NewsQuery()).count == 6)
    }

    @Test("a second entry with the same link changes nothing about the first: Post A is stored once")
    func secondEntryKeepsFirstKey() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        var first = Self.postA
        first.date = Date(timeIntervalSince1970: 1_700_000_000)
        var second = Self.postB
        second.date = Date(timeIntervalSince1970: 1_700_000_600)
        #expect(try store([first], in: feed).inserted == 1)
        let keyOfA = try guids()
        let update = try store([second, first], in: feed, at: now.addingTimeInterval(60))
        #expect(update == FeedUpdate(inserted: 1, unchanged: 1))
        #expect(try news.page(NewsQuery()).map(\.title) == ["Post B", "Post A"])
        #expect(try guids().first.map { [$0] } == keyOfA, "Post A keeps the key it was stored with")
        // And without dates: Post B is not merged into Post A either.
        let other = try news.subscribe(url: "https://example.org/other")
        #expect(try store([Self.postA], in: other).inserted == 1)
        #expect(try store([Self.postB, Self.postA], in: other) == FeedUpdate(inserted: 1, unchanged: 1))
    }

    @Test("identical entries are one item; entries that differ only in title or only in text are two")
    func fingerprint() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        var sameTitleOtherText = Self.postA
        sameTitleOtherText.summary = "Another text"
        var sameTextOtherTitle = Self.postA
        sameTextOtherTitle.title = "Post A, again"
        let update = try store([Self.postA, Self.postA, sameTitleOtherText, sameTextOtherTitle], in: feed)
        #expect(update.inserted == 3)
        // Text laid out differently (white space) is the same text.
        var reflowed = Self.postA
        reflowed.summary = "First\n   post "
        #expect(try store([reflowed], in: feed).inserted == 0)
    }

    @Test("the feed's guid is trusted: entries that share it are one item, whatever their text")
    func guidWins() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        let one = FeedXML.Item(guid: "g-1", title: "One", link: Self.home)
        let retitled = FeedXML.Item(guid: "g-1", title: "One, corrected", link: Self.home)
        #expect(try store([one], in: feed).inserted == 1)
        #expect(try store([retitled], in: feed) == FeedUpdate(updated: 1))
        #expect(try guids() == ["g-1"])
    }

    @Test("a feed that starts giving guids keeps the items it stored without them")
    func guidsAddedLater() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        #expect(try store([Self.postA, Self.postB], in: feed).inserted == 2)
        let keys = try guids()
        var withGuids = [Self.postA, Self.postB]
        withGuids[0].guid = "urn:a"
        withGuids[1].guid = "urn:b"
        #expect(try store(withGuids, in: feed) == FeedUpdate(unchanged: 2))
        #expect(try guids() == keys, "stored items keep their keys")
    }

    @Test("items stored under the earlier rule's keys are found again, by key and title")
    func earlierKeys() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        // What the earlier rule stored: the link alone, the link with the date, the title.
        try DirectSQL.run(
            database.path,
            """
            INSERT INTO news_items (feed_id, guid, title, summary, url, source, published_at) VALUES
              (\(feed.id), 'link:https://example.org/a', 'Own link', 'Text', 'https://example.org/a', 'Feed',
               '2023-11-14T22:13:20.000Z'),
              (\(feed.id), 'link:https://example.org/#2023-11-14T22:13:20.000Z', 'Shared 1', 'Text',
               'https://example.org/', 'Feed', '2023-11-14T22:13:20.000Z'),
              (\(feed.id), 'title:Only a title', 'Only a title', NULL, NULL, 'Feed', '2025-06-15T15:06:40.000Z');
            """)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let items = [
            FeedXML.Item(title: "Own link", link: "https://example.org/a", date: date, summary: "Text"),
            FeedXML.Item(title: "Shared 1", link: Self.home, date: date, summary: "Text"),
            FeedXML.Item(title: "Shared 2", link: Self.home, date: date, summary: "Text"),
            FeedXML.Item(title: "Only a title"),
        ]
        let update = try store(items, in: feed)
        #expect(update.inserted == 1, "only Shared 2 is new")
        #expect(try news.page(NewsQuery()).count == 4)
        #expect(try guids().prefix(3).allSatisfy { $0.hasPrefix("link:") || $0.hasPrefix("title:") })
    }
}
