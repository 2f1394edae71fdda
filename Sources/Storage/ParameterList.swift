/// The one way SQL gets a number of parameters that varies — an `IN (?, …)` list, a multi-row
/// `INSERT … VALUES (…), (…)` (`ColumnList.insert`) — so that it is written in a few sizes only.
///
/// A connection caches its compiled statements by their text (`Connection.cachedStatement`): text with
/// one `?` per value would compile and keep a statement for every count ever used. Here counts go up to
/// the next power of two: an `IN` list is padded with its last value repeated (a value listed twice
/// changes no `IN`'s answer, and the plan stays a list of constants, as the query plans tests expect),
/// and rows are inserted in statements of `maximumRows`, then of falling powers of two for the rest.
/// Either way a connection holds at most a handful of variants of each statement.
package enum ParameterList {
    /// The most rows one insert statement writes: 64 × the widest row's 26 parameters (an import's
    /// staged rows) stays far below SQLite's limit of 32,766
    /// (https://www.sqlite.org/limits.html#max_variable_number). A power of two.
    package static let maximumRows = 64

    /// The size a list of `count` values is written in: `count` rounded up to a power of two (0 stays 0).
    package static func paddedCount(_ count: Int) -> Int {
        guard count > 1 else { return max(count, 0) }
        return 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// `(?, ?, …)` for `values`, for the right side of an `IN`, and the arguments it takes: `values`,
    /// then the last of them repeated up to `paddedCount`. No values make `()`, which SQLite reads as a
    /// list nothing is in (https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators).
    package static func inList(_ values: [any SQLBindable]) -> (sql: String, arguments: [any SQLBindable]) {
        let size = paddedCount(values.count)
        var arguments = values
        if let last = values.last {
            arguments += Array(repeating: last, count: size - values.count)
        }
        return ("(" + Array(repeating: "?", count: size).joined(separator: ", ") + ")", arguments)
    }

    /// The rows per statement that insert `rows` rows, in order: as many statements of `maximum` as fit,
    /// then the rest as a sum of falling powers of two (100 rows at 64 a statement: 64, 32, 4).
    package static func rowCounts(_ rows: Int, maximum: Int) -> [Int] {
        guard rows > 0, maximum > 0 else { return [] }
        var counts = Array(repeating: maximum, count: rows / maximum)
        var rest = rows % maximum
        while rest > 0 {
            let size = 1 << (Int.bitWidth - 1 - rest.leadingZeroBitCount)
            counts.append(size)
            rest -= size
        }
        return counts
    }
}
