import Feeds
import Storage

/// The `.part` files `news download` keeps (`download_parts`): resumed only while the file is the one
/// recorded.
extension NewsRepository: DownloadPartLedger {
    public func downloadPart(at path: String) throws -> DownloadPart? {
        try database.read { connection in
            try connection.cachedStatement(
                "SELECT \(DownloadPartRow.columns.sql) FROM download_parts WHERE path = ?"
            ).fetchOne([path], DownloadPartRow.decode)
        }
    }

    public func keepDownloadPart(_ part: DownloadPart) throws {
        try database.write { connection in
            try connection.execute(
                """
                INSERT OR REPLACE INTO download_parts (path, device, inode, size, validator, total)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                arguments: [part.path, part.device, part.inode, part.size, part.validator, part.total])
        }
    }

    public func forgetDownloadPart(at path: String) throws {
        try database.write { connection in
            try connection.execute("DELETE FROM download_parts WHERE path = ?", arguments: [path])
        }
    }
}

/// How a `DownloadPart` maps to a row of `download_parts`.
enum DownloadPartRow {
    enum Column: Int32, TableColumn {
        case path, device, inode, size, validator, total

        var name: String {
            switch self {
            case .path: "path"
            case .device: "device"
            case .inode: "inode"
            case .size: "size"
            case .validator: "validator"
            case .total: "total"
            }
        }
    }

    static let columns = ColumnList<Column>(table: "download_parts")

    static func decode(_ row: Statement) -> DownloadPart {
        DownloadPart(
            path: row.string(Column.path), device: row.int64(Column.device), inode: row.int64(Column.inode),
            size: row.int64(Column.size), validator: row.optionalString(Column.validator),
            total: row.optionalInt64(Column.total))
    }
}
