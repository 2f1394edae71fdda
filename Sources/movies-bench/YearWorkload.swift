import FoundationEssentials

extension Workloads {
    /// `movies year` (the page of one year, issue 46) against `movies stats --year --format json` on the
    /// same file, whose figures the page draws: the page may take at most three times as long; and the
    /// page's size, at most 300 KB. The diary: 10,000 viewings over the 20 years 2006–2025, each film
    /// with a rating, stars, a runtime, a director and two genres.
    func year() throws -> [BenchRow] {
        let path = fixtures.folder + "/year.sqlite"
        let viewings = 10_000
        try fixtures.freshDatabase(at: path)
        // Days spread over the 7,305 of 2006–2025 (7919 is prime, so i * 7919 mod 7305 visits them evenly).
        try Processes.check(
            configuration.sqlite3,
            [
                path,
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(viewings))
                INSERT INTO movies (title, year, rating, stars, watched_on, watch_count, runtime_minutes,
                    directors, genres)
                SELECT 'Film ' || i, 1930 + i % 95,
                    CASE i % 5 WHEN 0 THEN 'terrible' WHEN 1 THEN 'poor' WHEN 2 THEN 'decent'
                        WHEN 3 THEN 'good' ELSE 'excellent' END,
                    ((i % 5) * 2 + 1 + i % 2) / 2.0, date('2006-01-01', '+' || (i * 7919 % 7305) || ' days'), 1,
                    80 + i % 90, 'Director ' || (i % 300), 'Genre ' || (i % 12) || ', Genre ' || (i % 7)
                FROM n;
                """,
            ])
        let page = fixtures.folder + "/year.html"
        let pageArguments = ["--db", path, "year", "2025", "-o", page]
        let jsonArguments = ["--db", path, "stats", "--year", "2025", "--format", "json"]
        // Once untimed: the first open fills the title keys the sqlite3 insert left empty.
        try Processes.check(configuration.movies, pageArguments, environment: environment)
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 2) {
            ours.append(
                try Processes.check(configuration.movies, pageArguments, environment: environment)
                    .milliseconds)
            baseline.append(
                try Processes.check(configuration.movies, jsonArguments, environment: environment)
                    .milliseconds)
        }
        let bytes = FileManager.default.contents(atPath: page)?.count ?? 0
        return [
            BenchRow(
                workload: "`movies year 2025 -o page.html`",
                size: "\(Format.count(viewings)) viewings, 20 years",
                ours: Clock.median(ours), baseline: Clock.median(baseline), target: 3,
                baselineName: "`movies stats --year 2025 --format json`, the same figures"),
            BenchRow(
                workload: "size of the year's page", size: "\(Format.count(viewings)) viewings, 20 years",
                ours: Double(bytes) / 1000, baseline: 300, unit: "KB", target: 1,
                baselineName: "the issue's limit, 300 KB"),
        ]
    }
}
