import Foundation
import Storage

/// How `Feed` and `NewsItem` map to rows of `feeds` and `news_items`.
enum NewsRows {
    static let feedColumns =
        "id, url, title, site_url, etag, last_modified, last_fetched_at, last_error, created_at"

    static let itemColumns = """
        id, feed_id, guid, title, summary, url, source, image_url, published_at, fetched_at, read_at, starred
        """

    static func feed(_ row: Statement) -> Feed {
        Feed(
            id: row.int64(at: 0), url: row.string(at: 1), title: row.optionalString(at: 2),
            siteURL: row.optionalString(at: 3), etag: row.optionalString(at: 4),
            lastModified: row.optionalString(at: 5), lastFetchedAt: timestamp(row, 6),
            lastError: row.optionalString(at: 7),
            createdAt: timestamp(row, 8) ?? Date(timeIntervalSince1970: 0))
    }

    static func item(_ row: Statement) -> NewsItem {
        NewsItem(
            id: row.int64(at: 0), feedID: row.isNull(at: 1) ? nil : row.int64(at: 1), guid: row.string(at: 2),
            title: row.string(at: 3), summary: row.optionalString(at: 4), url: row.optionalString(at: 5),
            source: row.optionalString(at: 6), imageURL: row.optionalString(at: 7),
            publishedAt: timestamp(row, 8) ?? Date(timeIntervalSince1970: 0),
            fetchedAt: timestamp(row, 9) ?? Date(timeIntervalSince1970: 0), readAt: timestamp(row, 10),
            isStarred: row.int(at: 11) != 0)
    }

    private static func timestamp(_ row: Statement, _ index: Int32) -> Date? {
        row.isNull(at: index) ? nil : row.withUTF8(at: index) { Timestamp.date(utf8: $0) }
    }
}
