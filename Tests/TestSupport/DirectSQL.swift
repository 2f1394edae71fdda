import Foundation

/// SQL run on a database file in this process, through SQLite's C API on a connection of its own with
/// SQLite's defaults: what `sqlite3 -bail FILE SQL` did for the tests, without starting a process.
///
/// Not the package's `Storage.Connection`, whose opening (the switch to WAL mode, the pragmas) is what
/// many tests check: this looks at a file from outside the package, as another program would. The rows
/// come back as sqlite3 prints them in its default list mode (columns joined by `|`, NULL as nothing, a
/// row a line), so a test compares the same text. A second connection in the process does not disturb
/// the package's: SQLite shares one set of POSIX locks per file among the connections of a process, so
/// closing this one drops none of theirs (https://www.sqlite.org/howtocorrupt.html, section 2.2).
/// Tests about what another process does or sees (a commit from elsewhere, locks across processes, a
/// person at sqlite3) still run `sqlite3` (`SQLiteShell`).
///
/// The C functions are looked up in the test process, which links libsqlite3 (through Storage), so no
/// test target needs the C module for them.
public enum DirectSQL {
    /// Runs the statements of `sql` on `path` (created if missing) and returns the rows they returned,
    /// trimmed; throws at the first failing statement, as `-bail` does.
    @discardableResult
    public static func run(_ path: String, _ sql: String) throws -> String {
        let api = try API.loaded()
        var handle: OpaquePointer?
        defer { _ = api.close(handle) }
        guard api.open(path, &handle, API.openReadWrite | API.openCreate, nil) == API.ok else {
            throw DirectSQLError(message: api.message(handle))
        }
        var lines: [String] = []
        try sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                guard api.prepare(handle, current, -1, &statement, &cursor) == API.ok else {
                    throw DirectSQLError(message: api.message(handle))
                }
                guard let statement else { continue }  // only white space or a comment was left
                defer { _ = api.finalize(statement) }
                while true {
                    let code = api.step(statement)
                    if code == API.done { break }
                    guard code == API.row else { throw DirectSQLError(message: api.message(handle)) }
                    let columns = (0..<api.columnCount(statement)).map { column in
                        api.columnText(statement, column).map { String(cString: $0) } ?? ""
                    }
                    lines.append(columns.joined(separator: "|"))
                }
            }
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    public static func integrityCheck(_ path: String) throws -> String {
        try run(path, "PRAGMA integrity_check")
    }

    /// Everything `table` holds, or every table (their definitions too) when nil: for "nothing changed"
    /// comparisons, as sqlite3's `.dump` served. Each value is quoted, so NULL and '' differ.
    public static func dump(_ path: String, table: String? = nil) throws -> String {
        let tables =
            if let table { [table] } else {
                try run(path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
                    .split(separator: "\n").map(String.init)
            }
        var parts: [String] = []
        if table == nil {
            parts.append(try run(path, "SELECT type, name, sql FROM sqlite_schema ORDER BY type, name"))
        }
        for table in tables {
            let name = table.replacingOccurrences(of: "\"", with: "\"\"")
            let columns = try run(path, "SELECT name FROM pragma_table_info('\(name)')").split(
                separator: "\n")
            let quoted = columns.map { "quote(\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\")" }
            let rows =
                columns.isEmpty
                ? "" : try run(path, "SELECT \(quoted.joined(separator: " || '|' || ")) FROM \"\(name)\"")
            parts.append("\(table):\n\(rows)")
        }
        return parts.joined(separator: "\n")
    }

    /// The C functions used, looked up once.
    private struct API: @unchecked Sendable {
        static let ok: Int32 = 0
        static let row: Int32 = 100
        static let done: Int32 = 101
        static let openReadWrite: Int32 = 0x02
        static let openCreate: Int32 = 0x04

        typealias Open =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
            ) -> Int32
        typealias Prepare =
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
                UnsafeMutablePointer<UnsafePointer<CChar>?>?
            ) -> Int32
        typealias OnHandle = @convention(c) (OpaquePointer?) -> Int32
        typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
        typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

        let open: Open
        let close: OnHandle
        let prepare: Prepare
        let step: OnHandle
        let finalize: OnHandle
        let columnCount: OnHandle
        let columnText: ColumnText
        let errorMessage: ErrorMessage

        func message(_ handle: OpaquePointer?) -> String {
            errorMessage(handle).map { String(cString: $0) } ?? "cannot open the database"
        }

        static let shared: API? = {
            func symbol<T>(_ name: String, as type: T.Type) -> T? {
                dlsym(nil, name).map { unsafeBitCast($0, to: type) }
            }
            guard let open = symbol("sqlite3_open_v2", as: Open.self),
                let close = symbol("sqlite3_close_v2", as: OnHandle.self),
                let prepare = symbol("sqlite3_prepare_v2", as: Prepare.self),
                let step = symbol("sqlite3_step", as: OnHandle.self),
                let finalize = symbol("sqlite3_finalize", as: OnHandle.self),
                let columnCount = symbol("sqlite3_column_count", as: OnHandle.self),
                let columnText = symbol("sqlite3_column_text", as: ColumnText.self),
                let errorMessage = symbol("sqlite3_errmsg", as: ErrorMessage.self)
            else { return nil }
            return API(
                open: open, close: close, prepare: prepare, step: step, finalize: finalize,
                columnCount: columnCount, columnText: columnText, errorMessage: errorMessage)
        }()

        static func loaded() throws -> API {
            guard let shared else {
                throw DirectSQLError(message: "SQLite's C API is not loaded in this process")
            }
            return shared
        }
    }
}

/// A statement `DirectSQL` ran failed.
public struct DirectSQLError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
