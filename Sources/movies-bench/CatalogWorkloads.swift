import Catalog
import FoundationEssentials

/// The film catalog's rows: `movies catalog load` against `zcat | sqlite3 .import` into the same tables
/// with the same index, its peak memory at two sizes, and `movies find` against `sqlite3` running the
/// same query.
extension Workloads {
    /// The size of the generated `title.basics`: IMDb's 11 million rows in a full run, 20,000 with
    /// --quick; `--catalog-rows N` sets it.
    var catalogRows: Int {
        option("--catalog-rows").flatMap(Int.init) ?? (configuration.quick ? 20_000 : 11_000_000)
    }

    /// Loads the generated datasets with `movies` and with `sqlite3`, each into a fresh file.
    func catalogLoad() throws -> [BenchRow] {
        let folder = try CatalogFixtures.datasets(rows: catalogRows, in: fixtures.folder)
        let ours = fixtures.folder + "/catalog-ours.sqlite"
        let theirs = fixtures.folder + "/catalog-sqlite3.sqlite"
        let script = fixtures.folder + "/catalog-load.sql"
        try CatalogFixtures.sqlite3Script(datasets: folder).write(
            toFile: script, atomically: true, encoding: .utf8)
        var oursTimes: [Double] = []
        var theirTimes: [Double] = []
        for _ in 0..<configuration.importRuns {
            // `movies` writes the catalog beside the diary it is given: --db names the diary.
            try? FileManager.default.removeItem(atPath: ours)
            oursTimes.append(
                try Processes.check(
                    configuration.movies,
                    ["--db", fixtures.folder + "/catalog-ours-diary.sqlite", "catalog", "load", folder],
                    environment: environment
                ).milliseconds)
            try? FileManager.default.removeItem(atPath: theirs)
            theirTimes.append(
                try Processes.check(configuration.sqlite3, [theirs, ".read \(script)"]).milliseconds)
        }
        let small = max(1_000, catalogRows / 10)
        let smallFolder = try CatalogFixtures.datasets(rows: small, in: fixtures.folder)
        func peak(_ datasets: String) throws -> Double {
            Double(
                try Processes.peakKilobytes(
                    configuration.movies,
                    ["--db", fixtures.folder + "/catalog-memory.sqlite", "catalog", "load", datasets],
                    environment: environment)) / 1024
        }
        return [
            BenchRow(
                workload: "`movies catalog load` (five files)", size: Format.count(catalogRows),
                ours: Clock.median(oursTimes), baseline: Clock.median(theirTimes), target: 1.0,
                baselineName: "`zcat | sqlite3 .import` into the same tables, same index"),
            BenchRow(
                workload: "peak memory of `movies catalog load`",
                size: "\(Format.count(catalogRows)) / \(Format.count(small))",
                ours: try peak(folder), baseline: try peak(smallFolder), unit: "MiB", target: 1.2,
                baselineName: "itself at \(Format.count(small)) rows"),
        ]
    }

    /// `movies find` of two words on the loaded catalog, against `sqlite3` running the same query with
    /// the same details.
    func catalogFind() throws -> BenchRow {
        let diary = fixtures.folder + "/catalog-ours-diary.sqlite"
        let catalog = fixtures.folder + "/catalog-ours-diary.catalog.sqlite"
        if !FileManager.default.fileExists(atPath: catalog) {
            let folder = try CatalogFixtures.datasets(rows: catalogRows, in: fixtures.folder)
            try Processes.check(
                configuration.movies, ["--db", diary, "catalog", "load", folder], environment: environment)
        }
        let query = CatalogFixtures.findQuery(words: "\"river\" AND \"night\"")
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            ours.append(
                try Processes.check(
                    configuration.movies, ["--db", diary, "find", "river", "night"], environment: environment
                )
                .milliseconds)
            baseline.append(
                try Processes.check(configuration.sqlite3, ["-readonly", catalog, query]).milliseconds)
        }
        return BenchRow(
            workload: "`movies find` (two words, 20 best)", size: Format.count(catalogRows),
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: 1.3,
            baselineName: "`sqlite3` running the same query")
    }
}

/// Datasets in IMDb's format, generated: `title.basics` of `rows` rows and the other files in IMDb's
/// own proportions (2024: 4.7 alternative titles, one crew row and 0.14 ratings a title, 1.3 names), the
/// title types mixed as IMDb's are (most rows are TV episodes, which a load leaves out).
enum CatalogFixtures {
    static let words = [
        "river", "night", "heat", "city", "love", "blue", "dark", "house", "road", "king", "star", "war",
        "summer", "winter", "ghost", "blood", "iron", "silent", "last", "first", "golden", "wild", "lost",
        "storm", "moon", "fire", "dream", "secret", "garden", "empire", "kappa", "tiger", "paper", "glass",
    ]

    /// The folder holding the five files for `rows`, written once per size.
    static func datasets(rows: Int, in folder: String) throws -> String {
        let target = folder + "/imdb-\(rows)"
        if FileManager.default.fileExists(atPath: target + "/name.basics.tsv.gz") { return target }
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        var random = SplitMix(seed: 28)
        func title(_ id: Int) -> String {
            let count = 1 + id % 4
            var parts: [String] = []
            for index in 0..<count { parts.append(words[(id &* 31 &+ index &* 7 &+ id / 97) % words.count]) }
            var text = parts.joined(separator: " ").capitalized
            if id % 1_000 == 7 { text = "\"" + text + "\" Again" }  // quotes, as IMDb's titles hold them
            return text + (id % 5 == 0 ? " \(id % 13)" : "")
        }
        func type(_ id: Int) -> String {
            switch id % 100 {
            case 0..<77: "tvEpisode"
            case 77..<84: "short"
            case 84..<91: "movie"
            case 91..<94: "video"
            case 94..<96: "tvMovie"
            case 96..<98: "tvSeries"
            default: "videoGame"
            }
        }
        let genres = ["Drama", "Comedy", "Action", "Crime", "Romance", "Documentary", "Horror", "Short"]
        try write(target + "/title.basics.tsv.gz", header: DatasetKind.titleBasics, rows: rows) { id in
            let runtime = id % 9 == 0 ? "\\N" : String(60 + id % 120)
            let genre = id % 11 == 0 ? "\\N" : genres[id % 8] + "," + genres[(id / 8) % 8]
            return
                "tt\(pad(id))\t\(type(id))\t\(title(id))\t\(title(id))\t0\t\(1900 + id % 125)\t\\N\t\(runtime)\t\(genre)"
        }
        try write(target + "/title.akas.tsv.gz", header: DatasetKind.titleAkas, rows: rows) { id in
            let count = 1 + (id % 17 < 8 ? id % 8 : 2)  // 4.7 a title on average
            return (1...count).map { ordering in
                let form = ordering % 3 == 0 ? title(id &+ ordering) : title(id)
                return "tt\(pad(id))\t\(ordering)\t\(form)\tUS\t\\N\timdbDisplay\t\\N\t0"
            }.joined(separator: "\n")
        }
        try write(target + "/title.crew.tsv.gz", header: DatasetKind.titleCrew, rows: rows) { id in
            let director = "nm\(pad(1 + id % max(1, rows / 8)))"
            return "tt\(pad(id))\t\(id % 10 == 0 ? director + ",nm\(pad(2 + id % 50))" : director)\t\\N"
        }
        try write(target + "/title.ratings.tsv.gz", header: DatasetKind.titleRatings, rows: rows / 7) {
            index in
            let id = index * 7 + 1
            return
                "tt\(pad(id))\t\(1 + random.next() % 9).\(random.next() % 10)\t\(1 + random.next() % 100_000)"
        }
        try write(target + "/name.basics.tsv.gz", header: DatasetKind.nameBasics, rows: rows + rows / 3) {
            id in
            "nm\(pad(id))\tPerson \(words[id % words.count].capitalized) \(id)\t1950\t\\N\tdirector\t\\N"
        }
        return target
    }

    private static func pad(_ id: Int) -> String {
        let digits = String(id)
        return String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    /// Writes `header` and `rows` lines (ids 1…rows) gzip-compressed, a megabyte at a time.
    private static func write(_ path: String, header kind: DatasetKind, rows: Int, line: (Int) -> String)
        throws
    {
        let writer = try GzipWriter(path: path)
        var chunk = kind.columns.joined(separator: "\t") + "\n"
        for id in 1...max(1, rows) {
            chunk += line(id)
            chunk += "\n"
            if chunk.utf8.count > 1 << 20 {
                try writer.write(chunk)
                chunk = ""
            }
        }
        try writer.write(chunk)
        try writer.finishMember()
    }

    /// The `sqlite3` script the load is compared with: the catalog's own schema and pragmas, each file
    /// `.import`ed from `zcat` into a raw table (ASCII mode, so a double quote is a character as in the
    /// files), moved into the same tables by `INSERT … SELECT` with the same rules, the same index built.
    static func sqlite3Script(datasets folder: String) -> String {
        func load(_ kind: DatasetKind, into table: String) -> String {
            """
            .import '|zcat \(folder)/\(kind.fileName)' \(table)
            """
        }
        return """
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -16384;
            \(CatalogSchema.sqlForBenchmark)
            .mode ascii
            .separator "\\t" "\\n"
            \(load(.titleBasics, into: "raw_basics"))
            \(load(.titleAkas, into: "raw_akas"))
            \(load(.titleCrew, into: "raw_crew"))
            \(load(.titleRatings, into: "raw_ratings"))
            \(load(.nameBasics, into: "raw_names"))
            BEGIN;
            INSERT INTO titles SELECT CAST(substr(tconst, 3) AS INTEGER), titleType, primaryTitle,
                CASE originalTitle WHEN '\\N' THEN primaryTitle ELSE originalTitle END, CAST(isAdult AS INTEGER),
                CAST(nullif(startYear, '\\N') AS INTEGER), CAST(nullif(runtimeMinutes, '\\N') AS INTEGER),
                nullif(genres, '\\N')
            FROM raw_basics WHERE titleType IN ('movie', 'tvMovie', 'short', 'video');
            INSERT INTO title_forms (title_id, title) SELECT id, title FROM titles;
            INSERT INTO title_forms (title_id, title) SELECT id, original_title FROM titles WHERE original_title <> title;
            INSERT INTO title_forms (title_id, title)
                SELECT DISTINCT CAST(substr(titleId, 3) AS INTEGER), title FROM raw_akas
                WHERE CAST(substr(titleId, 3) AS INTEGER) IN (SELECT id FROM titles);
            WITH RECURSIVE split (title_id, position, name, rest) AS (
                SELECT CAST(substr(tconst, 3) AS INTEGER), 0, NULL, directors || ',' FROM raw_crew
                WHERE directors <> '\\N' AND CAST(substr(tconst, 3) AS INTEGER) IN (SELECT id FROM titles)
                UNION ALL
                SELECT title_id, position + 1, substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1)
                FROM split WHERE rest <> '')
            INSERT INTO directors SELECT title_id, position, CAST(substr(name, 3) AS INTEGER) FROM split WHERE position > 0;
            INSERT INTO ratings SELECT CAST(substr(tconst, 3) AS INTEGER), CAST(averageRating AS REAL), CAST(numVotes AS INTEGER)
                FROM raw_ratings WHERE CAST(substr(tconst, 3) AS INTEGER) IN (SELECT id FROM titles);
            INSERT INTO names SELECT CAST(substr(nconst, 3) AS INTEGER), primaryName FROM raw_names
                WHERE CAST(substr(nconst, 3) AS INTEGER) IN (SELECT name_id FROM directors);
            DROP TABLE raw_basics; DROP TABLE raw_akas; DROP TABLE raw_crew; DROP TABLE raw_ratings; DROP TABLE raw_names;
            INSERT INTO title_search (title_search) VALUES ('rebuild');
            COMMIT;
            PRAGMA journal_mode = DELETE;
            """
    }

    /// `movies find`'s query with the details it prints, for `sqlite3`.
    static func findQuery(words: String) -> String {
        let find = CatalogReader.findSQL
            .replacing("?1", with: "'" + words.replacing("'", with: "''") + "'")
            .replacing("?2", with: "NULL").replacing("?3", with: "20")
            .replacing(
                "SELECT t.id\n",
                with: "SELECT t.id, t.title, t.year, t.runtime_minutes, r.average, r.votes, "
                    + "(SELECT group_concat(n.name, ', ') FROM directors AS d JOIN names AS n ON n.id = d.name_id "
                    + "WHERE d.title_id = t.id)\n")
        return find
    }
}

/// A small deterministic generator for the ratings.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
}
