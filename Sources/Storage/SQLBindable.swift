import CSQLite

/// A Swift value that can be bound to a statement parameter.
///
/// Conformances exist for the storage classes SQLite has (https://www.sqlite.org/datatype3.html):
/// integers, reals, text, blobs, and `nil` for NULL through `Optional`.
public protocol SQLBindable {
    /// Binds `self` to the 1-based parameter `index` of `statement`.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

extension Int32: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int(statement, index, self)
    }
}

extension Bool: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int(statement, index, self ? 1 : 0)
    }
}

extension Double: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }
}

extension String: SQLBindable {
    /// Binds the UTF-8 bytes with their explicit length, so a NUL inside the string is stored, not a cut.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            // An empty buffer may have a nil base address, which sqlite3_bind_text would store as NULL.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement, index, "", 0, movies_sqlite3_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(statement, index, $0, Int32(bytes.count), movies_sqlite3_transient())
            }
        }
    }
}

extension Substring: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        String(self).bind(to: statement, at: index)
    }
}

extension [UInt8]: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            // As with text, an empty buffer's nil base address would bind NULL; a zero-length blob is not NULL.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_zeroblob(statement, index, 0)
            }
            return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), movies_sqlite3_transient())
        }
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .none: sqlite3_bind_null(statement, index)
        case .some(let value): value.bind(to: statement, at: index)
        }
    }
}
