/// The columns of a table that a row type reads and writes, named once and in order: the select list,
/// its table-qualified form for joins, and the `VALUES` rows of an insert.
///
/// A row type (`MovieRow`, `NewsItemRow`, `FeedRow`) keeps one of these next to the decoder that reads
/// the columns by position and the binder that writes them in the same order, so a column added to a
/// table is added in one place.
package struct ColumnList: Sendable {
    /// The table the columns belong to.
    package let table: String
    /// The column names, in order.
    package let names: [String]
    /// `a, b, c`.
    package let sql: String
    /// `table.a, table.b, table.c`, for queries that join another table.
    package let qualified: String

    package init(table: String, _ names: [String]) {
        self.table = table
        self.names = names
        sql = names.joined(separator: ", ")
        qualified = names.map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// How many columns there are: the parameters one row of an insert takes.
    package var count: Int32 { Int32(names.count) }

    /// `INSERT INTO table (a, b, c) VALUES (?, ?, ?), …` for `rows` rows.
    package func insertSQL(rows: Int = 1) -> String {
        let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(sql)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
