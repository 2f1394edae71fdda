import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import Storage
import TestSupport
import Testing

@Suite("NewsRepository")
struct NewsRepositoryTests {
    let database: TestDatabase
    var news: NewsRepository { database.app.news }
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        database = try TestDatabase()
    }

    private func parsed(_ items: [FeedXML.Item], title: String = "Feed") throws -> ParsedFeed {
        try FeedParser.parse(Data(FeedXML.rss(title: title, items: items).utf8))
    }

    @Test("subscribe accepts http(s) URLs once, and refuses anything else")
    func subscribe() throws {
        let feed = try news.subscribe(url: "  https://example.org/feed.xml ")
        #expect(feed.url == "https://example.org/feed.xml")
        #expect(throws: NewsError.alreadySubscribed(feed)) {
            try news.subscribe(url: "https://example.org/feed.xml")
        }
        for bad in [
            "ftp://example.org/feed", "file:///etc/passwd", "not a url", "https://", "", "http://x\u{1B}y",
        ] {
            #expect(throws: NewsError.invalidFeedURL(bad)) { try news.subscribe(url: bad) }
        }
        #expect(try news.subscribe(url: "feed://example.org/rss").url == "http://example.org/rss")
        #expect(try news.feeds().count == 2)
    }

    @Test("storing a feed inserts new items, updates changed ones, keeps read and starred state")
    func storeAndUpdate() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        var items = FeedXML.numberedItems(3)
        var update = try news.store(
            try parsed(items, title: "Example"), feedID: feed.id, etag: "\"1\"", lastModified: nil,
            fetchedAt: now)
        #expect(update == FeedUpdate(inserted: 3))
        #expect(try news.feeds().first?.title == "Example")
        #expect(try news.feeds().first?.etag == "\"1\"")

        let first = try #require(try news.page(NewsQuery()).first)
        try news.setRead(id: first.id, true, at: now)
        try news.setStarred(id: first.id, true)

        // The same document again adds and changes nothing.
        update = try news.store(
            try parsed(items, title: "Example"), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now
        )
        #expect(update == FeedUpdate(unchanged: 3))

        // A changed title updates in place; read and starred state survive.
        items[0].title = "Item 1, corrected"
        update = try news.store(
            try parsed(items, title: "Example"), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now
        )
        #expect(update == FeedUpdate(updated: 1, unchanged: 2))
        let corrected = try #require(try news.item(id: first.id))
        #expect(corrected.title == "Item 1, corrected")
        #expect(corrected.isRead && corrected.isStarred)
        #expect(try news.page(NewsQuery()).count == 3)
    }

    @Test("entries without a guid keep one identity across refreshes: link, link and date, title")
    func identityWithoutGuid() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let items = [
            FeedXML.Item(title: "Own link", link: "https://example.org/a", date: date),
            FeedXML.Item(title: "Shared link 1", link: "https://example.org/", date: date),
            FeedXML.Item(
                title: "Shared link 2", link: "https://example.org/", date: date.addingTimeInterval(60)),
            FeedXML.Item(title: "Only a title"),
        ]
        #expect(
            try news.store(try parsed(items), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
                .inserted == 4)
        let later = now.addingTimeInterval(3600)
        #expect(
            try news.store(try parsed(items), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: later)
                == FeedUpdate(unchanged: 4))
        #expect(try news.page(NewsQuery()).count == 4)
    }

    @Test("an item without a date gets its first-seen time, and keeps it")
    func firstSeen() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        let items = [FeedXML.Item(guid: "undated", title: "No date")]
        try news.store(try parsed(items), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        try news.store(
            try parsed(items), feedID: feed.id, etag: nil, lastModified: nil,
            fetchedAt: now.addingTimeInterval(600))
        #expect(try news.page(NewsQuery()).map(\.publishedAt) == [now])
    }

    @Test("paging through 10,000 items visits each once, newest first")
    func pagingVisitsEachOnce() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        // Every tenth pair shares a timestamp, so the id breaks ties.
        var items = FeedXML.numberedItems(10_000)
        for index in stride(from: 1, to: items.count, by: 10) {
            items[index].date = items[index - 1].date
        }
        let stored = try news.store(
            try parsed(items), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        #expect(stored.inserted == 10_000)
        var seen: [NewsItem] = []
        var cursor: NewsCursor?
        while true {
            let page = try news.page(NewsQuery(after: cursor, limit: 137))
            seen += page
            guard page.count == 137, let last = page.last else { break }
            cursor = NewsCursor(after: last)
        }
        #expect(seen.count == 10_000)
        #expect(Set(seen.map(\.id)).count == 10_000)
        let keys = seen.map { ($0.publishedAt, $0.id) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 > $1.1) })
    }

    @Test("filters: unread, starred, one feed")
    func filters() throws {
        let a = try news.subscribe(url: "https://a.example/feed")
        let b = try news.subscribe(url: "https://b.example/feed")
        try news.store(
            try parsed(FeedXML.numberedItems(3, prefix: "a")), feedID: a.id, etag: nil, lastModified: nil,
            fetchedAt: now)
        try news.store(
            try parsed(FeedXML.numberedItems(2, prefix: "b")), feedID: b.id, etag: nil, lastModified: nil,
            fetchedAt: now)
        let all = try news.page(NewsQuery())
        try news.setRead(id: all[0].id, true)
        try news.setStarred(id: all[1].id, true)
        #expect(try news.page(NewsQuery(unreadOnly: true)).count == 4)
        #expect(try news.page(NewsQuery(starredOnly: true)).map(\.id) == [all[1].id])
        #expect(try news.page(NewsQuery(feedID: b.id)).count == 2)
        #expect(try news.page(NewsQuery(text: "b 2")).count == 1)
    }

    @Test("unsubscribing removes a feed's items but keeps the starred ones")
    func unsubscribeKeepsStarred() throws {
        let feed = try news.subscribe(url: "https://example.org/feed")
        try news.store(
            try parsed(FeedXML.numberedItems(3), title: "Example"), feedID: feed.id, etag: nil,
            lastModified: nil, fetchedAt: now)
        let starred = try news.page(NewsQuery())[1]
        try news.setStarred(id: starred.id, true)
        #expect(try news.unsubscribe("#\(feed.id)").feed.id == feed.id)
        let left = try news.page(NewsQuery())
        #expect(left.map(\.id) == [starred.id])
        #expect(left.first?.feedID == nil)
        #expect(throws: NewsError.feedNotFound("https://example.org/feed")) {
            try news.unsubscribe("https://example.org/feed")
        }
        #expect(try DirectSQL.integrityCheck(database.path) == "ok")
    }

    @Test("hand-written items, and their refusals")
    func handWritten() throws {
        let item = try news.add(
            NewsItemDraft(title: "Read later", summary: "A note", source: "me", url: "https://x.org"),
            now: now)
        #expect(item.feedID == nil && item.publishedAt == now && !item.isRead)
        #expect(throws: NewsError.blankTitle) { try news.add(NewsItemDraft(title: "  ")) }
        #expect(throws: NewsError.controlCharacter(field: "title")) {
            try news.add(NewsItemDraft(title: "a\u{1B}[2Jb"))
        }
        #expect(throws: NewsError.itemNotFound(id: 999)) { try news.setRead(id: 999, true) }
        #expect(try news.page(NewsQuery()).count == 1)
    }

    @Test("importing the same feed file twice adds its items once")
    func importTwice() throws {
        let document = try parsed(FeedXML.numberedItems(5))
        #expect(try news.importItems(document, fetchedAt: now).update.inserted == 5)
        #expect(try news.importItems(document, fetchedAt: now).update.inserted == 0)
        #expect(try news.page(NewsQuery()).count == 5)
    }
}

@Suite("NewsRepository: entries without a usable title")
struct UntitledEntryTests {
    @Test("an entry without a title is stored under its text's first line, else its link, else (untitled)")
    func titles() throws {
        let database = try TestDatabase()
        let news = database.app.news
        let feed = try news.subscribe(url: "https://example.org/feed")
        let parsed = ParsedFeed(
            title: "Feed",
            items: [
                ParsedFeedItem(guid: "blank-first-line", title: "  ", summary: "   \n  Second line \nThird"),
                ParsedFeedItem(guid: "link-only", link: "https://example.org/post"),
                ParsedFeedItem(guid: "nothing", title: "\u{3000}", link: " "),
            ])
        let update = try news.store(parsed, feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: Date())
        #expect(update.inserted == 3)
        #expect(
            Set(try news.page(NewsQuery()).map(\.title)) == [
                "Second line", "https://example.org/post", "(untitled)",
            ])
    }
}
