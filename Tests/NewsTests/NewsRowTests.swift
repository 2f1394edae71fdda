import AppTestSupport
import Foundation
import News
import Storage
import TestSupport
import Testing

@Suite("NewsItemRow and FeedRow: columns by name")
struct NewsRowTests {
    let database: TestDatabase
    let created = Date(timeIntervalSince1970: 1_750_000_000)
    let fetched = Date(timeIntervalSince1970: 1_750_000_100)

    init() throws {
        database = try TestDatabase()
    }

    /// The names SQLite gives the select list, and the table's columns.
    private func names(_ sql: String, table: String) throws -> (selected: [String], table: Set<String>) {
        try database.app.database.read { connection in
            (
                try connection.prepare("SELECT \(sql) FROM \(table)").columnNames,
                Set(
                    try connection.prepare("SELECT name FROM pragma_table_info('\(table)')").fetchAll {
                        $0.string(at: 0)
                    })
            )
        }
    }

    @Test("each column of an item and of a feed is read at its case's place, named as the table names it")
    func positionsResolve() throws {
        let items = NewsItemRow.columns.columns
        #expect(items == NewsItemRow.Column.allCases)
        let itemNames = try names(NewsItemRow.columns.sql, table: "news_items")
        #expect(itemNames.selected == items.map(\.name))
        #expect(Set(itemNames.selected).isSubset(of: itemNames.table))

        let feeds = FeedRow.columns.columns
        #expect(feeds == FeedRow.Column.allCases)
        let feedNames = try names(FeedRow.columns.sql, table: "feeds")
        #expect(feedNames.selected == feeds.map(\.name))
        #expect(Set(feedNames.selected).isSubset(of: feedNames.table))

        let enclosures = EnclosureRow.insertColumns.columns
        #expect(enclosures == EnclosureRow.Column.allCases)
        #expect(EnclosureRow.columns.columns == Array(enclosures.prefix(3)))
        let enclosureNames = try names(EnclosureRow.insertColumns.sql, table: "news_enclosures")
        #expect(enclosureNames.selected == enclosures.map(\.name))
        #expect(enclosureNames.table == Set(enclosureNames.selected))
    }

    @Test("every field of a new feed and item goes to the column of its name and is read back from it")
    func fieldsRoundTrip() throws {
        let (feed, item) = try database.app.database.write { connection in
            let feedID = try FeedRow.insert(
                url: "https://example.org/feed", title: "Feed", siteURL: "https://example.org/",
                etag: "\"e1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT", lastFetchedAt: fetched,
                createdAt: created, folder: "Folder", in: connection)
            let itemID = try NewsItemRow.insert(
                feedID: feedID, guid: "g1", title: "Title", summary: "Summary", url: "https://example.org/1",
                source: "Source", imageURL: "https://example.org/1.png",
                publishedAt: "2025-06-15T15:06:40.000Z", fetchedAt: "2025-06-15T15:08:20.000Z",
                content: "Content", in: connection)
            try EnclosureRow.insert(
                [
                    NewsEnclosure(url: "https://example.org/1.mp3", mimeType: "audio/mpeg", length: 1234),
                    NewsEnclosure(url: "https://example.org/1.ogg", mimeType: nil, length: 0),
                ], of: itemID, in: connection)
            #expect(
                try connection.prepare(
                    "SELECT \(EnclosureRow.columns.sql) FROM news_enclosures ORDER BY position"
                ).fetchAll([], EnclosureRow.decode) == [
                    NewsEnclosure(url: "https://example.org/1.mp3", mimeType: "audio/mpeg", length: 1234),
                    NewsEnclosure(url: "https://example.org/1.ogg"),
                ])
            return (
                try connection.prepare("SELECT \(FeedRow.columns.sql) FROM feeds WHERE id = ?")
                    .fetchOne([feedID], FeedRow.decode),
                try connection.prepare("SELECT \(NewsItemRow.columns.sql) FROM news_items WHERE id = ?")
                    .fetchOne([itemID], NewsItemRow.decode)
            )
        }
        #expect(feed?.url == "https://example.org/feed")
        #expect(feed?.title == "Feed")
        #expect(feed?.siteURL == "https://example.org/")
        #expect(feed?.etag == "\"e1\"")
        #expect(feed?.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(feed?.lastFetchedAt == fetched)
        #expect(feed?.lastError == nil)
        #expect(feed?.createdAt == created)
        #expect(feed?.folder == "Folder")
        #expect(item?.feedID == feed?.id)
        #expect(item?.guid == "g1")
        #expect(item?.title == "Title")
        #expect(item?.summary == "Summary")
        #expect(item?.url == "https://example.org/1")
        #expect(item?.source == "Source")
        #expect(item?.imageURL == "https://example.org/1.png")
        #expect(item?.publishedAt == created)
        #expect(item?.fetchedAt == fetched)
        #expect(item?.readAt == nil)
        #expect(item?.isStarred == false)
        #expect(item?.content == "Content")
        // Read by name with sqlite3, so two columns swapped in both the insert and the decoder show.
        #expect(
            try DirectSQL.run(
                database.path,
                "SELECT url, title, site_url, etag, last_modified, last_fetched_at, last_error IS NULL, "
                    + "created_at, folder FROM feeds")
                == "https://example.org/feed|Feed|https://example.org/|\"e1\"|Mon, 01 Jan 2024 00:00:00 GMT|"
                + "2025-06-15T15:08:20.000Z|1|2025-06-15T15:06:40.000Z|Folder")
        #expect(
            try DirectSQL.run(
                database.path,
                "SELECT feed_id, guid, title, summary, url, source, image_url, published_at, fetched_at, "
                    + "read_at IS NULL, starred, content FROM news_items")
                == "1|g1|Title|Summary|https://example.org/1|Source|https://example.org/1.png|"
                + "2025-06-15T15:06:40.000Z|2025-06-15T15:08:20.000Z|1|0|Content")
        #expect(
            try DirectSQL.run(
                database.path,
                "SELECT item_id, position, url, mime_type, length IS NULL FROM news_enclosures "
                    + "ORDER BY position")
                == "1|1|https://example.org/1.mp3|audio/mpeg|0\n1|2|https://example.org/1.ogg||1")
    }
}
