import Foundation
import TestSupport
import Testing

/// Every bad input a user can give: the message, the exit code, and a database file left as it was.
///
/// Run in this process (`InProcessCLI`): the refusals are decided, worded and given their exit code by
/// `MoviesCLI.run`, which the binary only hands its arguments to; the tests that need the binary (the
/// exit code and streams it passes on, another process holding the file) are in `RefusalProcessTests`.
@MainActor
@Suite("Refusals")
struct RefusalTests {
    let movies = InProcessCLI()

    init() async throws {
        try await movies.succeed("add", "Heat", "--rating", "excellent", "--year", "1995")
    }

    @Test("an unknown rating lists the seven words")
    func unknownRating() async throws {
        let allSix =
            "Please provide one of 'not-seen', 'seen', 'terrible', 'poor', 'decent', 'good' and 'excellent', "
            + "or stars from 0.5 to 5 in halves, such as 3.5, 3½ or ★★★½."
        try await movies.refuse(["add", "Alien", "--rating", "superb"], status: 64, message: allSix)
        try await movies.refuse(["rate", "1", "superb"], status: 64, message: allSix)
        try await movies.refuse(
            ["list", "--rating", "good,superb"], status: 64, message: "The value 'superb' is invalid")
        let result = try await movies.refuse(
            ["add", "Alien", "--rating", "godo"], status: 64, message: "Did you mean 'good'?")
        #expect(result.stderr.contains("Usage: movies add <title>"))
        #expect(result.stderr.contains("See 'movies add --help' for more information."))
    }

    @Test("a blank title")
    func blankTitle() async throws {
        try await movies.refuse(["add", "   "], status: 64, message: "Error: The title is blank")
        try await movies.refuse(["edit", "1", "--title", ""], status: 64, message: "The title is blank")
    }

    @Test("a title with a terminal escape or too long")
    func hostileTitle() async throws {
        try await movies.refuse(["add", "evil\u{1B}[2J"], status: 64, message: "control character (U+001B)")
        try await movies.refuse(
            ["add", String(repeating: "x", count: 501)], status: 64, message: "the limit is 500")
    }

    @Test("a year out of range, or not a year")
    func badYear() async throws {
        try await movies.refuse(
            ["add", "Alien", "--year", "1492"], status: 64,
            message: "The year 1492 is out of range; use 1870–2100")
        try await movies.refuse(
            ["edit", "1", "--year", "3000"], status: 64, message: "The year 3000 is out of range")
        try await movies.refuse(
            ["add", "Alien", "--year", "nineteen"], status: 64,
            message: "The value 'nineteen' is invalid for '--year <year>': expected a year such as 1995")
    }

    @Test("a malformed date")
    func badDate() async throws {
        for date in ["2024-02-30", "30/01/2024", "2024-1-1", "soon"] {
            try await movies.refuse(
                ["add", "Alien", "--watched", date], status: 64,
                message:
                    "The value '\(date)' is invalid for '--watched <date>': expected a date as YYYY-MM-DD")
        }
    }

    @Test("an unknown id, in every command that takes one")
    func unknownID() async throws {
        try await movies.refuse(["show", "42"], status: 1, message: "Error: No movie with id 42")
        try await movies.refuse(["rate", "42", "good"], status: 1, message: "No movie with id 42")
        try await movies.refuse(["edit", "42", "--note", "x"], status: 1, message: "No movie with id 42")
        try await movies.refuse(["rm", "1", "42"], status: 1, message: "No movie with id 42")
        // What is not an id is a title (issue 45): a film no title matches is named as such.
        try await movies.refuse(["show", "abc"], status: 1, message: "Error: No movie titled abc is listed")
        // Digits are an id: ones that are none are refused as such, not looked up as a title.
        try await movies.refuse(["rm", "0"], status: 64, message: "The value '0' is invalid for '<movie>'")
    }

    @Test("a duplicate names the movie already there")
    func duplicate() async throws {
        try await movies.refuse(
            ["add", "HEAT", "--year", "1995"], status: 1,
            message: "Heat (1995) is already on the list as id 1")
    }

    @Test("an unknown command or option suggests the closest")
    func unknownNames() async throws {
        try await movies.refuse(
            ["lst"], status: 64, message: "Error: Unknown command 'lst'. Did you mean 'list'?")
        try await movies.refuse(["frobnicate"], status: 64, message: "Error: Unknown command 'frobnicate'\n")
        try await movies.refuse(
            ["list", "--ratng", "good"], status: 64,
            message: "Unknown option '--ratng'. Did you mean '--rating'?")
        try await movies.refuse(["add", "X", "-q"], status: 64, message: "Unknown option '-q'")
        try await movies.refuse(
            ["help", "lits"], status: 64, message: "Unknown command 'lits'. Did you mean 'list'?")
        try await movies.refuse(
            ["list", "--reverse=yes"], status: 64, message: "The option '--reverse' does not take a value")
    }

    @Test("a missing argument or value")
    func missingArguments() async throws {
        try await movies.refuse(["add"], status: 64, message: "Error: Missing expected argument '<title>'")
        try await movies.refuse(
            ["rate", "1"], status: 64,
            message: "Give the rating, as a word (movies rate 12 good) or as stars (movies rate 12 3.5)")
        try await movies.refuse(["rm"], status: 64, message: "Missing expected argument '<movie> ...'")
        try await movies.refuse(
            ["add", "Alien", "--year"], status: 64, message: "Missing value for '--year <year>'")
        try await movies.refuse(
            ["add", "Alien", "Extra"], status: 64, message: "Unexpected argument 'Extra'")
        try await movies.refuse(["edit", "1"], status: 64, message: "Nothing to change")
        try await movies.refuse(
            ["list", "--limit", "0"], status: 64, message: "expected a positive whole number")
    }

    @Test("--db pointing at a directory")
    func databaseIsDirectory() async throws {
        let folder = movies.folder.file("a-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try await movies.refuse(
            ["--db", folder, "list"], status: 1,
            message:
                "Error: The database path \(folder) is a folder, not a database file; name a file in it, "
                + "such as \(folder)/movies.sqlite\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test(
        "--db on another program's SQLite file is refused before anything is written, journal mode included")
    func foreignDatabase() async throws {
        let files = [
            ("notes.sqlite", "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);"),
            ("wal.sqlite", "PRAGMA journal_mode = WAL; CREATE TABLE notes (x);"),
            // Its own `movies` table does not make it a movies database.
            ("own-movies.sqlite", "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT);"),
            // Nor does another tool's table named schema_migrations (Rails').
            ("rails.sqlite", "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY);"),
        ]
        for (name, sql) in files {
            let path = movies.folder.file(name)
            try DirectSQL.run(path, sql)
            let mode = try DirectSQL.run(path, "PRAGMA journal_mode")
            let before = FolderSnapshot(movies.folder.path)
            for arguments in [
                ["list"], ["add", "Alien"], ["migrate"], ["migrate", "--status"], ["news", "list"],
            ] {
                try await movies.refuse(
                    ["--db", path] + arguments, status: 1,
                    message:
                        "Error: The file \(path) is a SQLite database of another program (it has tables, "
                        + "but not the movies schema); it was left unchanged. Give the movie list a file of its own\n",
                    databasePath: path)
            }
            #expect(FolderSnapshot(movies.folder.path).changes(since: before).isEmpty, "\(name)")
            #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == mode, "\(name)")
            #expect(try DirectSQL.run(path, "PRAGMA user_version") == "0", "\(name)")
        }
    }

    @Test("--db pointing at a file that is not SQLite leaves it byte-for-byte unchanged")
    func databaseIsForeignFile() async throws {
        let path = try movies.folder.write("Date,Name,Year\n2024-01-01,Heat,1995\n", to: "ratings.csv")
        try await movies.refuse(
            ["--db", path, "add", "Alien"], status: 1,
            message: "is not a SQLite database; it was left unchanged", databasePath: path)
        #expect(!fileExists(path + "-wal"))
    }

    @Test("--db pointing at a place that cannot be written")
    func databaseUnwritable() async throws {
        let blocker = try movies.folder.write("not a folder", to: "blocker")
        let path = blocker + "/movies.sqlite"
        try await movies.refuse(
            ["--db", path, "add", "Alien"], status: 1, message: "Error: Cannot open \(path)",
            databasePath: path)
        try await movies.refuse(
            ["--db", "/proc/movies/x.sqlite", "add", "Alien"], status: 1, message: "Cannot open",
            databasePath: "/proc/movies/x.sqlite")
        // A command that only reads finds no list there, and tries to create nothing.
        try await movies.refuse(
            ["--db", "/proc/movies/x.sqlite", "list"], status: 1,
            message: "There is no list at /proc/movies/x.sqlite", databasePath: "/proc/movies/x.sqlite")
    }

    @Test("a database from a newer movies names both versions and is not touched")
    func newerDatabase() async throws {
        try DirectSQL.run(
            movies.databasePath,
            "INSERT INTO schema_migrations (version, name, checksum) VALUES (99, 'future', 'x'); PRAGMA user_version = 99;"
        )
        try await movies.refuse(
            ["list"], status: 1, message: "schema version 99, newer than this program knows (up to ")
        try await movies.refuse(["add", "Alien"], status: 1, message: "upgrade movies to open it")
        try await movies.refuse(["migrate"], status: 1, message: "schema version 99")
    }

    @Test("an edited migration is named and refused")
    func editedMigration() async throws {
        try DirectSQL.run(
            movies.databasePath, "UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
        try await movies.refuse(
            ["list"], status: 1, message: "Migration 0001_create_movies was edited after it was applied")
        try await movies.refuse(["migrate", "--status"], status: 1, message: "0001_create_movies")
    }

    @Test("a refused command on a fresh machine creates no database")
    func noFileOnRefusal() async throws {
        let fresh = InProcessCLI()
        try await fresh.refuse(["add", ""], status: 64, message: "The title is blank")
        try await fresh.refuse(["add", "X", "--rating", "meh"], status: 64, message: "is invalid")
        #expect(!fileExists(fresh.databasePath))
    }
}

/// The refusals that need the binary: the exit code and streams it passes on, and a lock held by another
/// process.
@Suite("Refusals through the binary", .offPool)
struct RefusalProcessTests {
    let movies: MoviesProcess

    init() throws {
        movies = MoviesProcess()
        try movies.succeed("add", "Heat", "--rating", "excellent", "--year", "1995")
    }

    @Test("the binary exits with the refusal's code, the message and usage on stderr, nothing on stdout")
    func exitCodes() throws {
        let usage = try movies.refuse(
            ["add", "Alien", "--rating", "godo"], status: 64, message: "Did you mean 'good'?")
        #expect(usage.stderr.contains("Usage: movies add <title>"))
        try movies.refuse(["show", "42"], status: 1, message: "Error: No movie with id 42")
    }

    @Test("a database locked past the busy timeout exits 75 and writes nothing", .requires(.sqlite3))
    func busyDatabase() async throws {
        // sqlite3 holds the write lock until the test lets it go, while movies waits only 100 ms.
        let holder = try BackgroundProcess(
            SQLiteShell.path, ["-bail", movies.databasePath], acceptsInput: true)
        holder.write("BEGIN IMMEDIATE; INSERT INTO movies (title) VALUES ('Held'); SELECT 'held';\n")
        #expect(await holder.waitForOutput("held"), "\(holder.result)")
        let result = try movies.run(["add", "Alien"], environment: ["MOVIES_BUSY_TIMEOUT_MS": "100"])
        holder.write("ROLLBACK;\n.quit\n")
        holder.closeInput()
        #expect(await holder.finished().status == 0)
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("The database is busy"))
        #expect(try DirectSQL.run(movies.databasePath, "SELECT group_concat(title) FROM movies") == "Heat")
    }
}
