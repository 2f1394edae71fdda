import CSQLite

/// A prepared SQL statement: typed parameter binding, stepping, and column access by index.
///
/// Columns are read by index, straight from SQLite's buffers, because hot paths (listing hundreds of
/// thousands of rows) must not pay for name lookups or intermediate boxes. A statement belongs to one
/// `Connection` and, like it, is used by one thread at a time.
public final class Statement {
    /// The compiled statement handle (`sqlite3_stmt *`).
    let handle: OpaquePointer
    /// The connection that compiled this statement; it outlives every statement it hands out.
    unowned let connection: Connection
    /// The SQL text, kept for error messages.
    public let sql: String
    /// The tables (and views) the compiled statement reads, lowercased, as SQLite's authorizer reported
    /// them while compiling (see `Connection.recordingTablesRead`).
    let tablesRead: Set<String>
    /// The connection's recording this statement last added its tables to.
    var recordedInGeneration = -1

    init(handle: OpaquePointer, connection: Connection, sql: String, tablesRead: Set<String>) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
        self.tablesRead = tablesRead
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Binding

    /// The number of `?`/`:name` parameters in the SQL.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: some SQLBindable, at index: Int32) throws {
        let code = value.bind(to: handle, at: index)
        guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: connection.handle, sql: sql) }
    }

    /// Clears previous bindings and binds `arguments` to parameters 1...n.
    ///
    /// A count mismatch is a programming error in the caller's SQL, reported loudly rather than letting
    /// SQLite silently treat the missing parameters as NULL.
    public func bind(_ arguments: [any SQLBindable]) throws {
        guard arguments.count == Int(parameterCount) else {
            throw StorageError.sqlite(
                SQLITE_RANGE, handle: nil,
                sql: "\(sql) -- expected \(parameterCount) arguments, got \(arguments.count)")
        }
        sqlite3_clear_bindings(handle)
        for (offset, argument) in arguments.enumerated() {
            try bind(argument, at: Int32(offset + 1))
        }
    }

    // MARK: - Stepping

    /// Runs the statement one step: `true` when a row is available, `false` when done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        connection.statementDidStep(self)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // sqlite3_reset after a failed step returns the same error; calling it keeps the
            // statement reusable from the cache.
            let error = StorageError.sqlite(code, handle: connection.handle, sql: sql)
            sqlite3_reset(handle)
            if error.isSQLite(.full), let table = connection.exhaustedSequence() {
                throw StorageError.idsExhausted(table: table)
            }
            throw error
        }
    }

    /// Resets the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion with the bindings it already has, then resets it.
    ///
    /// The hot-path companion of `bind(_:at:)`: bind each parameter, `run()`, repeat.
    public func run() throws {
        defer { reset() }
        while try step() {}
    }

    /// Binds `arguments`, runs the statement to completion and resets it.
    public func execute(arguments: [any SQLBindable] = []) throws {
        defer { reset() }
        try bind(arguments)
        while try step() {}
    }

    /// Binds `arguments` and maps every row with `row`, in order.
    public func fetchAll<T>(_ arguments: [any SQLBindable] = [], _ row: (Statement) throws -> T) throws -> [T]
    {
        defer { reset() }
        try bind(arguments)
        var results: [T] = []
        while try step() {
            results.append(try row(self))
        }
        return results
    }

    /// Binds `arguments` and maps the first row with `row`, or returns nil when there is none.
    public func fetchOne<T>(_ arguments: [any SQLBindable] = [], _ row: (Statement) throws -> T) throws -> T?
    {
        defer { reset() }
        try bind(arguments)
        return try step() ? row(self) : nil
    }

    // MARK: - Columns

    /// The names of the result columns, as SQLite gives them: what a row type's tests compare with its
    /// `ColumnList`, so a position that is not the column it names fails there.
    package var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    /// True when the column at `index` of the current row is NULL.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column as a 64-bit integer (SQLite converts other storage classes; NULL is 0).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The column as an `Int`.
    public func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// The column as an `Int`, or nil for NULL.
    public func optionalInt(at index: Int32) -> Int? {
        isNull(at: index) ? nil : int(at: index)
    }

    /// The column as a `Double`, or nil for NULL.
    public func optionalDouble(at index: Int32) -> Double? {
        isNull(at: index) ? nil : sqlite3_column_double(handle, index)
    }

    /// The column as text (NULL reads as the empty string). Invalid UTF-8 is repaired, never trapped on.
    public func string(at index: Int32) -> String {
        withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column as text, or nil for NULL.
    public func optionalString(at index: Int32) -> String? {
        isNull(at: index) ? nil : string(at: index)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call; no `String` is built.
    ///
    /// For hot paths that parse a column (a timestamp, an enum's raw value) straight from SQLite's buffer.
    public func withUTF8<T>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        // Per https://www.sqlite.org/c3ref/column_blob.html: call _text first, then _bytes.
        guard let text = sqlite3_column_text(handle, index) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeBufferPointer(start: text, count: count))
    }
}
