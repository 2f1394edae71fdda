import CSQLite

/// What an `AUTOINCREMENT` table has left to hand out.
extension Connection {
    /// The highest rowid SQLite can store, 2⁶³ − 1: an `AUTOINCREMENT` table whose `sqlite_sequence`
    /// reaches it fails every insert with `SQLITE_FULL` (https://www.sqlite.org/autoinc.html).
    static let highestRowID = Int64.max

    /// The name of a table whose `AUTOINCREMENT` sequence is at `highestRowID`, if one is: what a
    /// `SQLITE_FULL` from an insert means when the disk has room (`Statement.step` asks).
    ///
    /// Read through SQLite's own calls rather than `Statement`, whose failure would ask again; a file
    /// without `sqlite_sequence` (no `AUTOINCREMENT` table) has none.
    func exhaustedSequence() -> String? {
        var statement: OpaquePointer?
        let sql = "SELECT name FROM sqlite_sequence WHERE seq >= ?1 ORDER BY name LIMIT 1"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return nil
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Self.highestRowID)
        guard sqlite3_step(statement) == SQLITE_ROW, let name = sqlite3_column_text(statement, 0) else {
            return nil
        }
        return String(cString: name)
    }
}
