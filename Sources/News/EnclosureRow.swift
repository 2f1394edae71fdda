import Storage

/// How a `NewsEnclosure` maps to a row of `news_enclosures`: its columns, the decoder and the insert,
/// each referring to columns by case.
package enum EnclosureRow {
    /// The columns, those an enclosure is read from first (a case's raw value is its place in the select
    /// list), then the item and the place in its list, which are only written.
    package enum Column: Int32, TableColumn {
        case url, mimeType, length
        case itemID, position

        package var name: String {
            switch self {
            case .url: "url"
            case .mimeType: "mime_type"
            case .length: "length"
            case .itemID: "item_id"
            case .position: "position"
            }
        }
    }

    /// What `decode` reads.
    package static let columns = ColumnList<Column>(table: "news_enclosures", through: .length)
    /// What `insert` writes.
    package static let insertColumns = ColumnList<Column>(table: "news_enclosures")

    /// Reads the current row of a statement that selected `columns`.
    package static func decode(_ row: Statement) -> NewsEnclosure {
        NewsEnclosure(
            url: row.string(Column.url), mimeType: row.optionalString(Column.mimeType),
            length: row.optionalInt64(Column.length)
        )
    }

    /// Inserts `enclosures` as the item's, in their order (numbered from 1); a length that is not positive
    /// is stored as unknown.
    package static func insert(_ enclosures: [NewsEnclosure], of itemID: Int64, in connection: Connection)
        throws
    {
        try insertColumns.insert(enclosures.enumerated(), in: connection) { entry, row in
            try row.bind(itemID, to: .itemID)
            try row.bind(Int64(entry.offset + 1), to: .position)
            try row.bind(entry.element.url, to: .url)
            try row.bind(entry.element.mimeType, to: .mimeType)
            try row.bind(entry.element.length.flatMap { $0 > 0 ? $0 : nil }, to: .length)
        }
    }
}
