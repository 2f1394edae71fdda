/// A column of a row type (`MovieRow.Column`, `NewsItemRow.Column`, …): its case is how Swift names it,
/// `name` how SQL does, and its raw value its place in the row type's column list.
///
/// The raw values are left to the compiler, which numbers the cases 0, 1, 2, … in the order they are
/// declared: the declaration is the column list. A decoder reads `row.string(Column.title)` (see
/// `Statement+Columns.swift`) and a binder binds `.title` (`RowBinder`), so a column added anywhere in
/// the declaration moves every position after it together, and none is ever read or bound by a number
/// written by hand. A position costs nothing at run time (the raw value of a case is a constant), so
/// decoding a row looks nothing up.
///
/// A name SQL does not know fails loudly: every statement selecting the list fails to compile ("no such
/// column"); each row type's tests compare the list with the names SQLite reports for it.
///
/// Public, with the column readers and `RowBinder`, for speed only: Swift 6.3 specialises and inlines
/// `@inlinable` generic code from another module only when its types are public; with `package` access
/// every column read of a listing was a call through witness tables.
public protocol TableColumn: RawRepresentable<Int32>, CaseIterable, Sendable where AllCases == [Self] {
    /// The column's name in SQL; for a column a query computes (`count(*)` in `movies stats`), the
    /// expression it selects.
    var name: String { get }
}

/// The columns of a table that a row type reads and writes, in the order of its `TableColumn` cases:
/// the select list, its table-qualified form for joins, and the insert of one row or of many.
///
/// A row type keeps one of these next to the decoder that reads the columns by case and the binder that
/// writes them (`RowBinder`), so a column added to a table is added in one place.
package struct ColumnList<Column: TableColumn>: Sendable {
    /// The table the columns belong to.
    package let table: String
    /// The columns, in order: the first is at position 0.
    package let columns: [Column]
    /// `a, b, c`.
    package let sql: String
    /// `table.a, table.b, table.c`, for queries that join another table.
    package let qualified: String

    /// The columns of `table` from the first case through `last` (every case when nil): a row type may
    /// write columns it never reads, declared last (`MovieRow`'s title keys).
    package init(table: String, through last: Column? = nil) {
        self.table = table
        let all = Column.allCases.sorted { $0.rawValue < $1.rawValue }
        columns = last.map { last in all.filter { $0.rawValue <= last.rawValue } } ?? all
        sql = columns.map(\.name).joined(separator: ", ")
        qualified = columns.map { "\(table).\($0.name)" }.joined(separator: ", ")
    }

    /// How many columns there are: the parameters one row of an insert takes.
    package var count: Int32 { Int32(columns.count) }

    /// `INSERT INTO table (a, b, c) VALUES (?, ?, ?)`: one row, bound with `RowBinder(statement)`.
    package var insertSQL: String { insertSQL(rows: 1) }

    /// `INSERT INTO table (a, b, c) VALUES (?, ?, ?), …` for `rows` rows. Only `insert(_:in:_:)` asks for
    /// more than one, in the sizes `ParameterList.rowCounts` allows.
    func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(sql)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Inserts `rows`, many per statement, `bind` binding each row's values; the rows go in in order.
    ///
    /// Why many per statement: a statement is stepped once for up to `ParameterList.maximumRows` rows,
    /// and inside a transaction every statement that writes to an FTS5 table opens a savepoint at which
    /// FTS5 flushes its pending index (https://www.sqlite.org/fts5.html#the_automerge_option): 5,000
    /// movies took 0.57 s one per statement, 0.15 s a hundred per statement. The statements come in the
    /// few sizes `ParameterList.rowCounts` gives, so the connection caches a few variants, not one per
    /// count.
    package func insert<Rows: Collection>(
        _ rows: Rows, in connection: Connection, _ bind: (Rows.Element, RowBinder<Column>) throws -> Void
    ) throws {
        var remaining = rows[...]
        for size in ParameterList.rowCounts(rows.count, maximum: ParameterList.maximumRows) {
            let statement = try connection.cachedStatement(insertSQL(rows: size))
            for (index, row) in remaining.prefix(size).enumerated() {
                try bind(row, RowBinder(statement, row: index, of: self))
            }
            try statement.run()
            remaining = remaining.dropFirst(size)
        }
    }
}
