import MoviesCore
import Storage

extension Workloads {
    /// `movies stats` (every figure, no --year) against the `sqlite3` command running the same aggregate
    /// queries, text and arguments from `StatisticsSQL` and `MovieStore.detailSQL`, with the pragmas every
    /// `movies` connection sets.
    func stats() throws -> BenchRow {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let query = MovieStatistics.Query(today: .today())
        let script =
            "PRAGMA synchronous = NORMAL;\nPRAGMA foreign_keys = ON;\n"
            + StatisticsSQL.queries(query).map { Self.inlined($0.sql, $0.arguments) + ";" }.joined(
                separator: "\n") + "\n" + Self.detailFigures(query)
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

    /// The details figures (`MovieStore.detailStatistics`: the ten most watched directors and genres, the
    /// minutes watched) as one statement: the films watched read once (a materialized CTE of the same
    /// statement), their names split by `json_each`, SQLite's fastest split (the fixture's names hold no
    /// quote or backslash, which this JSON would need escaped).
    private static func detailFigures(_ query: MovieStatistics.Query) -> String {
        let (sql, arguments) = MovieStore.detailSQL(query)
        func names(_ kind: String, _ column: String) -> String {
            "SELECT '\(kind)' AS kind, trim(j.value) AS name, f.n AS n FROM films AS f, "
                + "json_each('[\"' || replace(f.\(column), ',', '\",\"') || '\"]') AS j WHERE f.\(column) IS NOT NULL"
        }
        return """
            WITH films (d, g, r, n) AS MATERIALIZED (\(inlined(sql, arguments))),
            named (kind, name, n) AS (\(names("director", "d")) UNION ALL \(names("genre", "g")))
            SELECT kind, name, total FROM (
                SELECT kind, name, sum(n) AS total,
                       row_number() OVER (PARTITION BY kind ORDER BY sum(n) DESC, name) AS place
                FROM named GROUP BY kind, name)
            WHERE place <= 10
            UNION ALL SELECT 'minutes', NULL, sum(r * n) FROM films
            UNION ALL SELECT 'without runtime', NULL, total(CASE WHEN r IS NULL THEN n END) FROM films;
            """
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
