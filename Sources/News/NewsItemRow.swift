import Basics
import FoundationEssentials
import Storage

/// How a `NewsItem` maps to a row of `news_items`: the one list of its columns, the decoder that reads
/// them and the arguments that insert them.
enum NewsItemRow {
    /// Every column, in the order `decode` reads them and `arguments` gives them.
    static let columns = ColumnList(
        table: "news_items",
        [
            "id", "feed_id", "guid", "title", "summary", "url", "source", "image_url", "published_at",
            "fetched_at", "read_at", "starred", "content",
        ])

    /// `INSERT INTO news_items (columns) VALUES (?, …)`, one row.
    static let insertSQL = columns.insertSQL()

    /// Reads the current row of a statement that selected `columns`.
    static func decode(_ row: Statement) -> NewsItem {
        NewsItem(
            id: row.int64(at: 0), feedID: row.isNull(at: 1) ? nil : row.int64(at: 1), guid: row.string(at: 2),
            title: row.string(at: 3), summary: row.optionalString(at: 4), url: row.optionalString(at: 5),
            source: row.optionalString(at: 6), imageURL: row.optionalString(at: 7),
            publishedAt: timestamp(row, 8) ?? Date(timeIntervalSince1970: 0),
            fetchedAt: timestamp(row, 9) ?? Date(timeIntervalSince1970: 0), readAt: timestamp(row, 10),
            isStarred: row.int(at: 11) != 0, content: row.optionalString(at: 12))
    }

    /// The arguments of `insertSQL` for a new item: SQLite picks the id; it starts unread and unstarred.
    static func arguments(
        feedID: Int64?, guid: String, title: String, summary: String?, url: String?, source: String?,
        imageURL: String?, publishedAt: String, fetchedAt: String, content: String? = nil
    ) -> [any SQLBindable] {
        [
            Int64?.none, feedID, guid, title, summary, url, source, imageURL, publishedAt, fetchedAt,
            String?.none, false, content,
        ]
    }

    /// The timestamp in column `index`, or nil for NULL.
    static func timestamp(_ row: Statement, _ index: Int32) -> Date? {
        row.isNull(at: index) ? nil : row.withUTF8(at: index) { Timestamp.date(utf8: $0) }
    }
}

/// How a `Feed` maps to a row of `feeds`: the one list of its columns, the decoder that reads them and
/// the arguments that insert them.
enum FeedRow {
    /// Every column, in the order `decode` reads them and `arguments` gives them.
    static let columns = ColumnList(
        table: "feeds",
        [
            "id", "url", "title", "site_url", "etag", "last_modified", "last_fetched_at", "last_error",
            "created_at", "folder",
        ])

    /// `INSERT INTO feeds (columns) VALUES (?, …)`, one row.
    static let insertSQL = columns.insertSQL()

    /// Reads the current row of a statement that selected `columns`.
    static func decode(_ row: Statement) -> Feed {
        Feed(
            id: row.int64(at: 0), url: row.string(at: 1), title: row.optionalString(at: 2),
            siteURL: row.optionalString(at: 3), etag: row.optionalString(at: 4),
            lastModified: row.optionalString(at: 5), lastFetchedAt: NewsItemRow.timestamp(row, 6),
            lastError: row.optionalString(at: 7),
            createdAt: NewsItemRow.timestamp(row, 8) ?? Date(timeIntervalSince1970: 0),
            folder: row.optionalString(at: 9))
    }

    /// The arguments of `insertSQL` for a new subscription: SQLite picks the id; the title, site,
    /// validators and fetch time are those of a first fetch made before subscribing, if any.
    static func arguments(
        url: String, title: String?, siteURL: String?, etag: String?, lastModified: String?,
        lastFetchedAt: Date?, createdAt: Date, folder: String? = nil
    ) -> [any SQLBindable] {
        [
            Int64?.none, url, title, siteURL, etag, lastModified, lastFetchedAt.map(Timestamp.string(from:)),
            String?.none, Timestamp.string(from: createdAt), folder,
        ]
    }
}
