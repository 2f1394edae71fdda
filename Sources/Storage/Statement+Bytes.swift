import CSQLite

/// Binding straight from a byte buffer, for bulk loads that read text out of a file's buffer and must
/// not build a `String` per field (`movies catalog load` binds some fifty million fields).
extension Statement {
    /// Binds the UTF-8 `bytes` as text to the 1-based parameter `index` (copied by SQLite at once:
    /// SQLITE_TRANSIENT, https://www.sqlite.org/c3ref/bind_blob.html, so the buffer may change after).
    package func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws {
        let code: Int32
        if let base = bytes.baseAddress, !bytes.isEmpty {
            code = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(clamping: bytes.count), movies_sqlite3_transient())
            }
        } else {
            code = sqlite3_bind_text(handle, index, "", 0, movies_sqlite3_transient())
        }
        guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: connection.handle, sql: sql) }
    }

    /// Binds NULL to the 1-based parameter `index`.
    package func bindNull(at index: Int32) {
        sqlite3_bind_null(handle, index)
    }
}
