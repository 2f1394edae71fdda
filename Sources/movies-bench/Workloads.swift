import Basics
import FoundationEssentials
import MoviesCore
import Storage

/// What a benchmark run measures, and at which sizes.
struct Configuration {
    var quick: Bool
    /// The "million-row" size (1,000,000; 20,000 with --quick; --rows sets it).
    var bigRows: Int
    var runs: Int
    var movies: String
    var sqlite3: String

    var fetchRows: Int { quick ? 20_000 : 200_000 }
    var smallRows: Int { 1_000 }
    var feeds: Int { quick ? 20 : 200 }
    var memoryRows: (small: Int, large: Int) { quick ? (5_000, 50_000) : (100_000, 1_000_000) }
    /// Five in a full run: a million-row import takes seconds, and its spread is small beside that.
    var importRuns: Int { quick ? 1 : 5 }
    var watchSamples: Int { quick ? 5 : 20 }
}

/// The workloads of the table, each measured for this project and its baseline in one run.
struct Workloads {
    let configuration: Configuration
    let fixtures: Fixtures
    /// An environment without the user's files: HOME in the scratch folder.
    var environment: [String: String] {
        [
            "HOME": fixtures.folder, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
    }

    /// The `sqlite3` command set up as `movies` sets up its connection (Storage's `Connection.configure`):
    /// the same busy timeout, synchronous NORMAL and foreign keys on (WAL is a property of the file), so
    /// a baseline does the same work, not less.
    var sqlite3Setup: [String] {
        ["-cmd", ".timeout 5000", "-cmd", "PRAGMA synchronous = NORMAL", "-cmd", "PRAGMA foreign_keys = ON"]
    }

    // MARK: - In-process

    /// Fetch every movie into Swift values: `MovieStore.list` against a C loop building the same structs.
    func fetch() throws -> BenchRow {
        let count = configuration.fetchRows
        let path = try fixtures.database(rows: count, named: "fetch.sqlite")
        let store = MovieStore(database: try Database(path: path))
        var ours: [Double] = []
        var baseline: [Double] = []
        var checks = (0, 0)
        for _ in 0..<configuration.runs {
            ours.append(try Clock.median(runs: 1) { checks.0 = try store.list().count })
            baseline.append(try Clock.median(runs: 1) { checks.1 = try RawSQLite.fetchAll(from: path).count })
        }
        guard checks.0 == count && checks.1 == count else { throw BenchError("fetch read \(checks) rows") }
        return BenchRow(
            workload: "fetch all into Movie values (MovieStore.list)", size: Format.count(count),
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: 1.5,
            baselineName: "C API loop building the same structs")
    }

    // MARK: - Processes

    /// One `movies add` as a process on the big file, against `sqlite3 FILE "INSERT ..."`; and the same
    /// add on a 1,000-row file, to show the cost does not grow with the file.
    func addProcess() throws -> [BenchRow] {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let small = try fixtures.database(rows: configuration.smallRows, named: "small.sqlite")
        var onBig: [Double] = []
        var onSmall: [Double] = []
        var viaSQLite: [Double] = []
        // Interleaved, so drift in the machine's load touches every series alike.
        for run in 0..<(configuration.runs * 4) {
            onBig.append(
                try Processes.check(
                    configuration.movies, ["--db", big, "add", "Bench big \(run)", "--year", "2001"],
                    environment: environment
                )
                .milliseconds)
            onSmall.append(
                try Processes.check(
                    configuration.movies, ["--db", small, "add", "Bench small \(run)", "--year", "2001"],
                    environment: environment
                )
                .milliseconds)
            viaSQLite.append(
                try Processes.check(
                    configuration.sqlite3,
                    sqlite3Setup + [
                        big, "INSERT INTO movies (title, year) VALUES ('Bench sql \(run)', 2001)",
                    ]
                )
                .milliseconds)
        }
        let size = Format.count(configuration.bigRows)
        return [
            BenchRow(
                workload: "one `movies add` process", size: size, ours: Clock.median(onBig),
                baseline: Clock.median(viaSQLite), target: 1.35, baselineName: "`sqlite3 FILE \"INSERT ...\"`"
            ),
            BenchRow(
                workload: "`movies add` on \(size) rows vs on 1,000", size: "\(size) / 1,000",
                ours: Clock.median(onBig),
                baseline: Clock.median(onSmall), target: 1.1, baselineName: "itself on 1,000 rows"),
        ]
    }

    /// Import the big CSV: `movies import` against SQLite's fastest path in the `sqlite3` command, with
    /// the cache `movies import` sets (64 MiB): `.import` into a TEMP table, then one
    /// `INSERT INTO movies … SELECT`, so the full-text index is flushed once.
    func importCSV() throws -> BenchRow {
        let rows = configuration.bigRows
        let csv = fixtures.folder + "/\(rows).csv"
        if !FileManager.default.fileExists(atPath: csv) { try Fixtures.writeCSV(rows: rows, to: csv) }
        let path = fixtures.folder + "/import.sqlite"
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<configuration.importRuns {
            try fixtures.freshDatabase(at: path)
            ours.append(
                try Processes.check(
                    configuration.movies, ["--db", path, "import", csv], environment: environment
                ).milliseconds)
            try fixtures.freshDatabase(at: path)
            baseline.append(
                try Processes.check(
                    configuration.sqlite3,
                    sqlite3Setup + [
                        path, "PRAGMA cache_size = -65536",
                        "CREATE TEMP TABLE staging AS SELECT * FROM main.movies WHERE 0",
                        ".import --csv --skip 1 --schema temp \(csv) staging",
                        "INSERT INTO main.movies SELECT * FROM temp.staging",
                    ]
                ).milliseconds)
        }
        return BenchRow(
            workload: "import a CSV (`movies import`)", size: Format.count(rows), ours: Clock.median(ours),
            baseline: Clock.median(baseline), target: 1.0,
            baselineName: "`sqlite3`: `.import` into a TEMP table, one INSERT…SELECT, same cache_size")
    }

    /// The first page (50) of `movies list`, and page 1,000, against `sqlite3` running the same query.
    func listPages() throws -> [BenchRow] {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let page = min(1_000, configuration.bigRows / 50 - 1)
        let after = (page - 1) * 50
        // The columns `movies list` reads (MovieRow's), so both sides fetch the same.
        let columns = MovieRow.columns.sql
        var first: [Double] = []
        var later: [Double] = []
        var firstSQL: [Double] = []
        var laterSQL: [Double] = []
        var memory: [Double] = []
        var memorySQL: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            let firstPage = try Processes.check(
                configuration.movies, ["--db", big, "list", "--limit", "50", "--format", "csv"],
                environment: environment)
            first.append(firstPage.milliseconds)
            memory.append(
                Double(
                    try Processes.peakKilobytes(
                        configuration.movies, ["--db", big, "list", "--limit", "50", "--format", "csv"],
                        environment: environment)) / 1024)
            later.append(
                try Processes.check(
                    configuration.movies,
                    ["--db", big, "list", "--limit", "50", "--after", String(after), "--format", "csv"],
                    environment: environment
                ).milliseconds)
            let firstPageSQL = try Processes.check(
                configuration.sqlite3,
                sqlite3Setup + ["-csv", "-header", big, "SELECT \(columns) FROM movies ORDER BY id LIMIT 50"])
            firstSQL.append(firstPageSQL.milliseconds)
            memorySQL.append(
                Double(
                    try Processes.peakKilobytes(
                        configuration.sqlite3,
                        sqlite3Setup + [
                            "-csv", "-header", big, "SELECT \(columns) FROM movies ORDER BY id LIMIT 50",
                        ])
                ) / 1024)
            laterSQL.append(
                try Processes.check(
                    configuration.sqlite3,
                    sqlite3Setup + [
                        "-csv", "-header", big,
                        "SELECT \(columns) FROM movies WHERE id > \(after) ORDER BY id LIMIT 50",
                    ]
                ).milliseconds)
        }
        let size = Format.count(configuration.bigRows)
        return [
            BenchRow(
                workload: "`movies list`, first page of 50", size: size, ours: Clock.median(first),
                baseline: Clock.median(firstSQL), target: 1.25,
                baselineName: "`sqlite3` running the same query"),
            BenchRow(
                workload: "`movies list`, page \(Format.count(page)) of 50", size: size,
                ours: Clock.median(later),
                baseline: Clock.median(laterSQL), target: 1.3,
                baselineName: "`sqlite3` running the same query"),
            BenchRow(
                workload: "page \(Format.count(page)) vs page 1 (by key, not OFFSET)", size: size,
                ours: Clock.median(later),
                baseline: Clock.median(first), target: 1.2, baselineName: "itself, first page"),
            BenchRow(
                workload: "peak memory of `movies list`, first page", size: size, ours: Clock.median(memory),
                baseline: Clock.median(memorySQL), unit: "MiB", target: 1.5,
                baselineName: "`sqlite3` running the same query"),
        ]
    }

    /// `movies search` against `sqlite3` running the same FTS5 query.
    func search() throws -> BenchRow {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let query =
            "SELECT \(MovieRow.columns.qualified) "
            + "FROM movies_fts JOIN movies ON movies.id = movies_fts.rowid "
            + "WHERE movies_fts MATCH '\"kappa\"* AND \"river42\"*' ORDER BY rank, movies.id LIMIT 20"
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            ours.append(
                try Processes.check(
                    configuration.movies,
                    ["--db", big, "search", "kappa", "river42", "--limit", "20", "--format", "csv"],
                    environment: environment
                ).milliseconds)
            baseline.append(
                try Processes.check(configuration.sqlite3, sqlite3Setup + ["-csv", "-header", big, query])
                    .milliseconds)
        }
        return BenchRow(
            workload: "`movies search` (two words, 20 best)", size: Format.count(configuration.bigRows),
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: 1.2,
            baselineName: "`sqlite3` running the same FTS5 query")
    }

    /// `movies show` of one movie (its details and viewings, as text) against `sqlite3` running the
    /// same two queries.
    func show() throws -> BenchRow {
        let big = try fixtures.database(rows: configuration.bigRows, named: "big.sqlite")
        let id = configuration.bigRows / 2
        let queries =
            "SELECT \(MovieRow.columns.sql) FROM movies WHERE id = \(id); "
            + "SELECT \(ViewingRow.columns.sql) FROM viewings WHERE movie_id = \(id) "
            + "ORDER BY watched_on IS NULL, watched_on DESC, id DESC"
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            ours.append(
                try Processes.check(
                    configuration.movies, ["--db", big, "show", String(id)], environment: environment
                )
                .milliseconds)
            baseline.append(
                try Processes.check(configuration.sqlite3, sqlite3Setup + [big, queries]).milliseconds)
        }
        return BenchRow(
            workload: "`movies show` (one movie and its viewings)", size: Format.count(configuration.bigRows),
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: 1.25,
            baselineName: "`sqlite3` running the same two queries")
    }

    /// Peak memory of `movies import` at two sizes: streaming means it does not grow with the file.
    func importMemory() throws -> BenchRow {
        let (small, large) = configuration.memoryRows
        func peak(_ rows: Int) throws -> Double {
            let csv = fixtures.folder + "/\(rows).csv"
            if !FileManager.default.fileExists(atPath: csv) { try Fixtures.writeCSV(rows: rows, to: csv) }
            let path = fixtures.folder + "/memory.sqlite"
            try fixtures.freshDatabase(at: path)
            return Double(
                try Processes.peakKilobytes(
                    configuration.movies, ["--db", path, "import", csv], environment: environment)) / 1024
        }
        return BenchRow(
            workload: "peak memory of `movies import`",
            size: "\(Format.count(large)) / \(Format.count(small))",
            ours: try peak(large), baseline: try peak(small), unit: "MiB", target: 1.2,
            baselineName: "itself at \(Format.count(small)) rows")
    }
}
