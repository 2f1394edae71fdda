import Basics
import FoundationEssentials
import Storage

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
