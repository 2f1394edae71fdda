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
