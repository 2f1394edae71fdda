/// The current row's columns read by a row type's column (`row.string(MovieRow.Column.title)`), for a
/// statement that selected that row type's `ColumnList`.
///
/// A column's position is its case's raw value, a constant once the call is specialised for the row
/// type (these are `@inlinable`, and `TableColumn` public, so the compiler does that in the row type's
/// module), so a decoder that runs for every row of a listing reads SQLite's columns directly, with no
/// name looked up or hashed and nothing retained. Read only columns the list selected: SQLite reads a
/// position past the last as NULL.
extension Statement {
    /// True when the column is NULL.
    @inlinable public func isNull<Column: TableColumn>(_ column: Column) -> Bool {
        isNull(at: column.rawValue)
    }

    /// The column as a 64-bit integer (NULL is 0).
    @inlinable public func int64<Column: TableColumn>(_ column: Column) -> Int64 {
        int64(at: column.rawValue)
    }

    /// The column as a 64-bit integer, or nil for NULL.
    @inlinable public func optionalInt64<Column: TableColumn>(_ column: Column) -> Int64? {
        isNull(at: column.rawValue) ? nil : int64(at: column.rawValue)
    }

    /// The column as an `Int` (NULL is 0).
    @inlinable public func int<Column: TableColumn>(_ column: Column) -> Int { int(at: column.rawValue) }

    /// The column as an `Int`, or nil for NULL.
    @inlinable public func optionalInt<Column: TableColumn>(_ column: Column) -> Int? {
        optionalInt(at: column.rawValue)
    }

    /// The column as a `Double`, or nil for NULL.
    @inlinable public func optionalDouble<Column: TableColumn>(_ column: Column) -> Double? {
        optionalDouble(at: column.rawValue)
    }

    /// The column as text (NULL reads as the empty string).
    @inlinable public func string<Column: TableColumn>(_ column: Column) -> String {
        string(at: column.rawValue)
    }

    /// The column as text, or nil for NULL.
    @inlinable public func optionalString<Column: TableColumn>(_ column: Column) -> String? {
        optionalString(at: column.rawValue)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call (see `withUTF8(at:_:)`).
    @inlinable public func withUTF8<Column: TableColumn, T>(
        _ column: Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> T
    ) rethrows -> T {
        try withUTF8(at: column.rawValue, body)
    }
}
