/// The parameters of one row of an insert of a `ColumnList<Column>`, bound by column.
///
/// Row `row` of a multi-row `INSERT … VALUES (…), (…)` starts after `row × count` parameters; a column's
/// parameter in it is one past its position. Both come from the column list, so no binder counts
/// parameters by hand. A column not bound is NULL (the statement's bindings are cleared before it is
/// handed out), which lets SQLite pick an `INTEGER PRIMARY KEY`.
public struct RowBinder<Column: TableColumn> {
    @usableFromInline let statement: Statement
    /// The parameters before this row's first.
    @usableFromInline let offset: Int32

    /// The only row of a one-row insert (`ColumnList.insertSQL`).
    @inlinable package init(_ statement: Statement) {
        self.statement = statement
        offset = 0
    }

    /// Row `row` (0 first) of a multi-row insert of `columns`.
    @usableFromInline init(_ statement: Statement, row: Int, of columns: ColumnList<Column>) {
        self.statement = statement
        offset = Int32(row) * columns.count
    }

    @usableFromInline init(_ statement: Statement, offset: Int32) {
        self.statement = statement
        self.offset = offset
    }

    /// The same row through the columns of another row type, when they are this list's first columns
    /// in the same order (a staging table that adds its own columns after a table's), so that type's
    /// binder fills its part of the row.
    @inlinable package func leading<Leading: TableColumn>(_: Leading.Type) -> RowBinder<Leading> {
        RowBinder<Leading>(statement, offset: offset)
    }

    /// Binds `value` to `column`'s parameter in this row.
    @inlinable package func bind(_ value: some SQLBindable, to column: Column) throws {
        try statement.bind(value, at: offset + column.rawValue + 1)
    }
}
