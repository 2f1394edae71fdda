import AppTestSupport
import Feeds
import Foundation
import News
import TestSupport
import Testing

/// Dates a feed gives that the schema's timestamp text cannot carry, and paging over them: every page
/// must start strictly after the last, whatever the stored dates are.
@Suite("News dates out of range")
struct NewsHostileDatesTests {
    let database: TestDatabase
    var news: NewsRepository { database.app.news }
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        database = try TestDatabase()
    }

    /// An RSS feed whose items have these `pubDate`s, guids `item-0`, `item-1`...
    private func feed(dates: [String]) throws -> ParsedFeed {
        let items = dates.enumerated().map { index, date in
            "<item><guid>item-\(index)</guid><title>Item \(index)</title><pubDate>\(date)</pubDate></item>"
        }
        let xml = "<rss version=\"2.0\"><channel><title>Hostile</title>\(items.joined())</channel></rss>"
        return try FeedParser.parse(Data(xml.utf8))
    }

    /// Every item, by pages of `limit` continued from the last item's cursor; stops after more pages
    /// than there are items (a cursor that does not advance would page forever).
    private func everyItem(limit: Int, count: Int) throws -> [NewsItem] {
        var seen: [NewsItem] = []
        var cursor: NewsCursor?
        for _ in 0...count {
            let page = try news.page(NewsQuery(after: cursor, limit: limit))
            seen += page
            guard page.count == limit, let last = page.last else { break }
            let next = NewsCursor(after: last)
            // The text form too, as `news list --after` takes it back.
            let parsed: NewsCursor? = NewsCursor(next.description)
            #expect(parsed == next)
            cursor = parsed ?? next
        }
        return seen
    }

    @Test("a date outside years 1 to 9999 in UTC is unreadable: dropped and counted, never stored as year 0")
    func outOfRangeDatesAreUnreadable() throws {
        let parsed = try feed(dates: [
            "Mon, 01 Jan 0001 00:00:00 +1800", "0001-01-01T00:00:00+18:00",
            "Fri, 31 Dec 9999 23:59:59 -1800", "Tue, 02 Jan 0001 00:00:00 +0000",
        ])
        #expect(parsed.unreadableDateCount == 3)
        let secondDayOfYearOne = Date(timeIntervalSince1970: -62_135_510_400)
        #expect(parsed.items.map(\.publishedAt) == [nil, nil, nil, secondDayOfYearOne])
        let subscribed = try news.subscribe(url: "https://example.org/hostile")
        try news.store(parsed, feedID: subscribed.id, etag: nil, lastModified: nil, fetchedAt: now)
        let stored = try DirectSQL.run(database.path, "SELECT published_at FROM news_items ORDER BY guid")
        #expect(!stored.contains("0000-"))
        #expect(try everyItem(limit: 1, count: 4).count == 4)
    }

    @Test("paging over a hostile feed, and rows an older movies stored in year 0, sees each item once")
    func pagingSeesEachItemOnce() throws {
        let parsed = try feed(dates: [
            "Mon, 01 Jan 0001 00:00:00 +1800", "Mon, 01 Jan 0001 00:00:00 +0000", "not a date",
            "Thu, 01 Jan 1970 00:00:00 +0000", "Thu, 01 Jan 1970 00:00:00 +0000",
            "Sat, 05 Dec 2026 10:00:00 GMT",
        ])
        let subscribed = try news.subscribe(url: "https://example.org/hostile")
        try news.store(parsed, feedID: subscribed.id, etag: nil, lastModified: nil, fetchedAt: now)
        // What the file holds: the year-0 text an earlier version wrote, which reads back as 1970.
        try DirectSQL.run(
            database.path,
            """
            INSERT INTO news_items (guid, title, published_at) VALUES
                ('old-1', 'Stored in year 0', '0000-12-31T06:00:00.000Z'),
                ('old-2', 'Stored in year 0 too', '0000-12-31T06:00:00.000Z');
            """)
        for limit in [1, 2, 3] {
            let seen = try everyItem(limit: limit, count: 8)
            #expect(seen.count == 8, "page size \(limit)")
            #expect(Set(seen.map(\.guid)).count == 8, "page size \(limit)")
        }
    }
}
