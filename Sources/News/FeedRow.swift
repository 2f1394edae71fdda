import Basics
import FoundationEssentials
import Storage

/// How a `Feed` maps to a row of `feeds`: the one list of its columns, the decoder that reads them and
/// the insert that writes a new one, each referring to columns by case.
package enum FeedRow {
    /// Every column, in the order of the select list (a case's raw value is its place in it).
    package enum Column: Int32, TableColumn {
        case id, url, title, siteURL, etag, lastModified, lastFetchedAt, lastError, createdAt, folder
        case recoveredFrom, undatedItems

        package var name: String {
            switch self {
            case .id: "id"
            case .url: "url"
            case .title: "title"
            case .siteURL: "site_url"
            case .etag: "etag"
            case .lastModified: "last_modified"
            case .lastFetchedAt: "last_fetched_at"
            case .lastError: "last_error"
            case .createdAt: "created_at"
            case .folder: "folder"
            case .recoveredFrom: "recovered_from"
            case .undatedItems: "undated_items"
            }
        }
    }

    package static let columns = ColumnList<Column>(table: "feeds")

    /// Reads the current row of a statement that selected `columns`.
    package static func decode(_ row: Statement) -> Feed {
        Feed(
            id: row.int64(Column.id), url: row.string(Column.url), title: row.optionalString(Column.title),
            siteURL: row.optionalString(Column.siteURL), etag: row.optionalString(Column.etag),
            lastModified: row.optionalString(Column.lastModified),
            lastFetchedAt: NewsItemRow.timestamp(row, Column.lastFetchedAt),
            lastError: row.optionalString(Column.lastError),
            createdAt: NewsItemRow.timestamp(row, Column.createdAt) ?? Date(timeIntervalSince1970: 0),
            folder: row.optionalString(Column.folder),
            recoveredFrom: row.optionalString(Column.recoveredFrom),
            undatedItems: Int(row.int64(Column.undatedItems)))
    }

    /// Inserts a new subscription and returns its id: SQLite picks the id; the title, site, validators
    /// and fetch time are those of a first fetch made before subscribing, if any.
    package static func insert(
        url: String, title: String?, siteURL: String?, etag: String?, lastModified: String?,
        lastFetchedAt: Date?, createdAt: Date, folder: String? = nil, in connection: Connection
    ) throws -> Int64 {
        let statement = try connection.cachedStatement(columns.insertSQL)
        let row = RowBinder<Column>(statement)
        try row.bind(Int64?.none, to: .id)
        try row.bind(url, to: .url)
        try row.bind(title, to: .title)
        try row.bind(siteURL, to: .siteURL)
        try row.bind(etag, to: .etag)
        try row.bind(lastModified, to: .lastModified)
        try row.bind(lastFetchedAt.map(Timestamp.string(from:)), to: .lastFetchedAt)
        try row.bind(String?.none, to: .lastError)
        try row.bind(Timestamp.string(from: createdAt), to: .createdAt)
        try row.bind(folder, to: .folder)
        try row.bind(String?.none, to: .recoveredFrom)
        try row.bind(Int64(0), to: .undatedItems)
        try statement.run()
        return connection.lastInsertedRowID
    }
}
