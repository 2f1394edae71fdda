import Basics

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
/// Public, with `ColumnList`, the column readers and `RowBinder`, for speed only: Swift 6.3 specialises
/// and inlines `@inlinable` generic code from another module only when its types are public; with
/// `package` access every column read of a listing was a call through witness tables.
public protocol TableColumn: RawRepresentable<Int32>, CaseIterable, Sendable where AllCases == [Self] {
    /// The column's name in SQL; for a column a query computes (`count(*)` in `movies stats`), the
    /// expression it selects.
    var name: String { get }
}

/// The columns of a table that a row type reads and writes, in the order of its `TableColumn` cases:
/// the select list, its table-qualified form for joins, and the insert of one row or of many.
///
/// A row type keeps one of these next to the decoder that reads the columns by case and the binder that
/// writes them (`RowBinder`), so a column added to a table is added in one place. It keeps it in a
/// `static let`: a list made and dropped at each use has its generic metadata made at run time, found
/// by a scan of the program's conformances (0.15 M instructions the first time, for each row type).
public struct ColumnList<Column: TableColumn>: Sendable {
    /// The table the columns belong to.
    @usableFromInline package let table: String
    /// How many columns there are: the parameters one row of an insert takes.
    @usableFromInline package let count: Int32
    /// `a, b, c`.
    @usableFromInline package let sql: String
    /// `table.a, table.b, table.c`, for queries that join another table.
    package let qualified: String

    /// The columns of `table` from position 0 through `last` (every case when nil), one case a position
    /// with none left out: a row type may write columns it never reads, declared last (`MovieRow`'s
    /// title keys).
    ///
    /// `@inlinable` and written with plain loops, so that it is specialised for the row type and makes
    /// no generic metadata or key path at run time: it runs in every command that reads a row, and done
    /// generically it cost `movies list --limit 50` 1.4 % more instructions.
    @inlinable package init(table: String, through last: Column? = nil) {
        let end = last?.rawValue ?? Int32.max
        var sql = ""
        var qualified = ""
        var position: Int32 = 0
        while position <= end, let column = Column(rawValue: position) {
            if position > 0 {
                sql += ", "
                qualified += ", "
            }
            sql += column.name
            qualified += table + "." + column.name
            position += 1
        }
        self.init(table: table, count: position, sql: sql, qualified: qualified)
    }

    @usableFromInline init(table: String, count: Int32, sql: String, qualified: String) {
        self.table = table
        self.count = count
        self.sql = sql
        self.qualified = qualified
    }

    /// The columns, in order: what a table is created from, and what the tests compare with the names
    /// SQLite reports.
    package var columns: [Column] { (0..<count).compactMap(Column.init(rawValue:)) }

    /// `INSERT INTO table (a, b, c) VALUES (?, ?, ?)`: one row, bound with `RowBinder(statement)`.
    @inlinable package var insertSQL: String { insertSQL(rows: 1) }

    /// `INSERT INTO table (a, b, c) VALUES (?, ?, ?), …` for `rows` rows. Only `insert(_:in:_:)` asks for
    /// more than one, in the sizes `ParameterList.rowCounts` allows.
    ///
    /// `@inlinable`, as `init`, so that a one-row insert makes no generic metadata at run time: done
    /// generically, `movies add` cost 1.4 % more instructions, most of it the scan of the program's
    /// conformances that making the metadata of `ColumnList<MovieRow.Column>` starts.
    @inlinable package func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(count)).joined(separator: ", ") + ")"
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
