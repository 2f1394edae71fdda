import Basics
import FoundationEssentials
import Storage

/// How a `NewsItem` maps to a row of `news_items`: the one list of its columns, the decoder that reads
/// them and the insert that writes a new one, each referring to columns by case.
package enum NewsItemRow {
    /// Every column, in the order of the select list (a case's raw value is its place in it).
    package enum Column: Int32, TableColumn {
        case id, feedID, guid, title, summary, url, source, imageURL, publishedAt, fetchedAt, readAt, starred
        case content, durationSeconds

        package var name: String {
            switch self {
            case .id: "id"
            case .feedID: "feed_id"
            case .guid: "guid"
            case .title: "title"
            case .summary: "summary"
            case .url: "url"
            case .source: "source"
            case .imageURL: "image_url"
            case .publishedAt: "published_at"
            case .fetchedAt: "fetched_at"
            case .readAt: "read_at"
            case .starred: "starred"
            case .content: "content"
            case .durationSeconds: "duration_seconds"
            }
        }
    }

    package static let columns = ColumnList<Column>(table: "news_items")

    /// Reads the current row of a statement that selected `columns`.
    package static func decode(_ row: Statement) -> NewsItem {
        NewsItem(
            id: row.int64(Column.id), feedID: row.optionalInt64(Column.feedID), guid: row.string(Column.guid),
            title: row.string(Column.title), summary: row.optionalString(Column.summary),
            url: row.optionalString(Column.url), source: row.optionalString(Column.source),
            imageURL: row.optionalString(Column.imageURL),
            publishedAt: timestamp(row, Column.publishedAt) ?? Date(timeIntervalSince1970: 0),
            publishedAtKey: row.string(Column.publishedAt),
            fetchedAt: timestamp(row, Column.fetchedAt) ?? Date(timeIntervalSince1970: 0),
            readAt: timestamp(row, Column.readAt), isStarred: row.int(Column.starred) != 0,
            content: row.optionalString(Column.content),
            durationSeconds: row.optionalInt64(Column.durationSeconds))
    }

    /// Inserts a new item and returns its id: SQLite picks the id; it starts unread and unstarred.
    package static func insert(
        feedID: Int64?, guid: String, title: String, summary: String?, url: String?, source: String?,
        imageURL: String?, publishedAt: String, fetchedAt: String, content: String? = nil,
        durationSeconds: Int64? = nil, in connection: Connection
    ) throws -> Int64 {
        let statement = try connection.cachedStatement(columns.insertSQL)
        let row = RowBinder<Column>(statement)
        try row.bind(Int64?.none, to: .id)
        try row.bind(feedID, to: .feedID)
        try row.bind(guid, to: .guid)
        try row.bind(title, to: .title)
        try row.bind(summary, to: .summary)
        try row.bind(url, to: .url)
        try row.bind(source, to: .source)
        try row.bind(imageURL, to: .imageURL)
        try row.bind(publishedAt, to: .publishedAt)
        try row.bind(fetchedAt, to: .fetchedAt)
        try row.bind(String?.none, to: .readAt)
        try row.bind(false, to: .starred)
        try row.bind(content, to: .content)
        try row.bind(durationSeconds, to: .durationSeconds)
        try statement.run()
        return connection.lastInsertedRowID
    }

    /// The timestamp in `column`, or nil for NULL.
    static func timestamp(_ row: Statement, _ column: some TableColumn) -> Date? {
        row.isNull(column) ? nil : row.withUTF8(column) { Timestamp.date(utf8: $0) }
    }
}
