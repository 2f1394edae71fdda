import MoviesCore
import Storage

extension Workloads {
    /// `movies stats` (every figure, no --year) against the `sqlite3` command running the same aggregate
    /// queries, text and arguments from `StatisticsSQL`, with the pragmas every `movies` connection sets.
    func stats() throws -> BenchRow {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let query = MovieStatistics.Query(today: .today())
        let script =
            "PRAGMA synchronous = NORMAL;\nPRAGMA foreign_keys = ON;\n"
            + StatisticsSQL.queries(query).map { Self.inlined($0.sql, $0.arguments) + ";" }.joined(
                separator: "\n")
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 2) {
            ours.append(
                try Processes.check(
                    configuration.movies, ["--db", big, "stats", "--format", "json"], environment: environment
                ).milliseconds)
            baseline.append(try Processes.check(configuration.sqlite3, ["-bail", big, script]).milliseconds)
        }
        return BenchRow(
            workload: "`movies stats` (every figure)", size: Format.count(configuration.bigRows),
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: 2,
            baselineName: "`sqlite3` running the same aggregate queries")
    }

    /// `sql` with each `?` replaced by its argument as an SQL literal (the statistics bind only day
    /// texts, which hold no quote).
    private static func inlined(_ sql: String, _ arguments: [any SQLBindable]) -> String {
        var remaining = arguments.makeIterator()
        return sql.split(separator: "?", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index > 0 else { return String(part) }
            return "'\(remaining.next().map { "\($0)" } ?? "")'" + part
        }.joined()
    }
}
