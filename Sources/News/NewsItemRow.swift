import Basics
import FoundationEssentials
import Storage

/// How a `NewsItem` maps to a row of `news_items`: the one list of its columns, the decoder that reads
/// them and the insert that writes a new one, each referring to columns by case.
package enum NewsItemRow {
    /// Every column, in the order of the select list (a case's raw value is its place in it).
    package enum Column: Int32, TableColumn {
        case id, feedID, guid, title, summary, url, source, imageURL, publishedAt, fetchedAt, readAt, starred
        case content

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
            }
        }
    }

    package static let columns = ColumnList<Column>(table: "news_items")

    /// Reads the current row of a statement that selected `columns`.
    package static func decode(_ statement: Statement) -> NewsItem {
        let row = RowReader<Column>(statement)
        return NewsItem(
            id: row.int64(.id), feedID: row.optionalInt64(.feedID), guid: row.string(.guid),
            title: row.string(.title), summary: row.optionalString(.summary), url: row.optionalString(.url),
            source: row.optionalString(.source), imageURL: row.optionalString(.imageURL),
            publishedAt: timestamp(row, .publishedAt) ?? Date(timeIntervalSince1970: 0),
            fetchedAt: timestamp(row, .fetchedAt) ?? Date(timeIntervalSince1970: 0),
            readAt: timestamp(row, .readAt), isStarred: row.int(.starred) != 0,
            content: row.optionalString(.content))
    }

    /// Inserts a new item and returns its id: SQLite picks the id; it starts unread and unstarred.
    package static func insert(
        feedID: Int64?, guid: String, title: String, summary: String?, url: String?, source: String?,
        imageURL: String?, publishedAt: String, fetchedAt: String, content: String? = nil,
        in connection: Connection
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
        try statement.run()
        return connection.lastInsertedRowID
    }

    /// The timestamp in `column`, or nil for NULL.
    static func timestamp<Column>(_ row: RowReader<Column>, _ column: Column) -> Date? {
        row.isNull(column) ? nil : row.withUTF8(column) { Timestamp.date(utf8: $0) }
    }
}
