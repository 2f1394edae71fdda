/// The current row of a statement that selected a `ColumnList<Column>`, read by column.
///
/// A column's position is its case's raw value, a constant once the reader is specialised for the row
/// type, so a decoder that runs for every row of a listing reads SQLite's columns directly, with no name
/// looked up or hashed. Read only columns the list selected: SQLite reads a position past the last as
/// NULL.
package struct RowReader<Column: TableColumn> {
    @usableFromInline let statement: Statement

    @inlinable package init(_ statement: Statement) {
        self.statement = statement
    }

    /// True when the column is NULL.
    @inlinable package func isNull(_ column: Column) -> Bool { statement.isNull(at: column.rawValue) }

    /// The column as a 64-bit integer (NULL is 0).
    @inlinable package func int64(_ column: Column) -> Int64 { statement.int64(at: column.rawValue) }

    /// The column as a 64-bit integer, or nil for NULL.
    @inlinable package func optionalInt64(_ column: Column) -> Int64? {
        statement.isNull(at: column.rawValue) ? nil : statement.int64(at: column.rawValue)
    }

    /// The column as an `Int` (NULL is 0).
    @inlinable package func int(_ column: Column) -> Int { statement.int(at: column.rawValue) }

    /// The column as an `Int`, or nil for NULL.
    @inlinable package func optionalInt(_ column: Column) -> Int? {
        statement.optionalInt(at: column.rawValue)
    }

    /// The column as a `Double`, or nil for NULL.
    @inlinable package func optionalDouble(_ column: Column) -> Double? {
        statement.optionalDouble(at: column.rawValue)
    }

    /// The column as text (NULL reads as the empty string).
    @inlinable package func string(_ column: Column) -> String { statement.string(at: column.rawValue) }

    /// The column as text, or nil for NULL.
    @inlinable package func optionalString(_ column: Column) -> String? {
        statement.optionalString(at: column.rawValue)
    }

    /// Calls `body` with the column's UTF-8 bytes, valid only during the call (see
    /// `Statement.withUTF8(at:_:)`).
    @inlinable package func withUTF8<T>(_ column: Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
        rethrows -> T
    {
        try statement.withUTF8(at: column.rawValue, body)
    }
}
