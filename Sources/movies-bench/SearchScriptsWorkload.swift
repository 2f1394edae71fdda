import FoundationEssentials

/// Substring search for scripts written without spaces: the trigram index over titles (migration 0011),
/// its size, and `movies search` of three characters inside a title.
extension Workloads {
    /// The trigram index's size against the titles it indexes, and `movies search` of a substring of
    /// three CJK characters on `bigRows` such titles against `sqlite3` running the trigram query alone.
    func searchUnspaced() throws -> [BenchRow] {
        let rows = configuration.bigRows
        let path = try unspacedTitles(rows: rows)
        func scalar(_ sql: String) throws -> Double {
            let outcome = try Processes.check(configuration.sqlite3, [path, sql], captureOutput: true)
            return outcome.output.split(separator: "\n").first.flatMap { Double($0) } ?? 0
        }
        let indexBytes = try scalar(
            "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'movies_title_trigrams%'")
        let titleBytes = try scalar("SELECT sum(length(CAST(title AS BLOB))) FROM movies")
        // The three characters at the start of one title: a handful of titles hold them.
        let needle = Self.unspacedTitle(rows / 2).prefix(3)
        let query =
            "SELECT movies.id, movies.title FROM movies_title_trigrams JOIN movies "
            + "ON movies.id = movies_title_trigrams.rowid WHERE movies_title_trigrams MATCH '\"\(needle)\"' "
            + "ORDER BY rank, movies.id LIMIT 20"
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            ours.append(
                try Processes.check(
                    configuration.movies,
                    ["--db", path, "search", String(needle), "--limit", "20", "--format", "csv"],
                    environment: environment
                ).milliseconds)
            baseline.append(
                try Processes.check(configuration.sqlite3, sqlite3Setup + ["-csv", path, query]).milliseconds)
        }
        let size = Format.count(rows)
        return [
            BenchRow(
                workload: "trigram index over titles (migration 0011)", size: size,
                ours: indexBytes / 1_048_576, baseline: titleBytes / 1_048_576, unit: "MiB", target: nil,
                baselineName: "the titles' own bytes"),
            BenchRow(
                workload: "`movies search` of 3 CJK characters inside a title (20 best)", size: size,
                ours: Clock.median(ours), baseline: Clock.median(baseline), target: 1.3,
                baselineName: "`sqlite3` running the trigram query alone"),
        ]
    }

    /// Title `index` of the fixture: three ideographs that follow from the index, then の映画 and the
    /// index, so no two titles are alike and a three-character start is in few of them.
    static func unspacedTitle(_ index: Int) -> String {
        let ideographs = (0..<3).map { place -> Character in
            let offset = (index / [1, 97, 9409][place]) % 97
            return Character(Unicode.Scalar(UInt32(0x4E00 + place * 97 + offset)) ?? "一")
        }
        return String(ideographs) + "の映画\(index)"
    }

    /// A database of `rows` films with such titles, written by `sqlite3` in one statement (so the
    /// triggers index them as they would a film `movies add` writes), then opened once by `movies` so
    /// that the title keys it computes for non-ASCII titles are there before anything is timed.
    private func unspacedTitles(rows: Int) throws -> String {
        let path = fixtures.folder + "/unspaced.sqlite"
        if FileManager.default.fileExists(atPath: path) { return path }
        try fixtures.freshDatabase(at: path)
        let title =
            "char(19968 + i % 97) || char(19968 + 97 + (i / 97) % 97) || char(19968 + 194 + (i / 9409) % 97)"
            + " || 'の映画' || i"
        try Processes.check(
            configuration.sqlite3,
            [
                path,
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) "
                    + "INSERT INTO movies (title, rating) SELECT \(title), 'not-seen' FROM n",
            ])
        try Processes.check(
            configuration.movies, ["--db", path, "list", "--limit", "1"], environment: environment)
        return path
    }
}
