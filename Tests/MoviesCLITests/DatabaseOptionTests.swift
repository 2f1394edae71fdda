import Foundation
import TestSupport
import Testing

/// What `--db` and `$MOVIES_DB` may hold: odd paths give a message and an exit code in every command
/// (never a signal), `~/` is the home folder, an empty path is a usage error, a path is never an SQLite
/// URI, `migrate --status` creates nothing, and a message never re-capitalises a path.
@Suite("Database paths from --db and MOVIES_DB", .offPool)
struct DatabaseOptionTests {
    let movies = MoviesProcess()

    init() throws {
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("home"), withIntermediateDirectories: false)
        try movies.folder.write("a file, not a folder", to: "blocker")
        try OwnCSV.write(count: 1, prefix: "Imported", to: movies.folder.file("in.csv"))
    }

    /// Runs `movies arguments` in the test's folder (so relative paths land there), with `environment`.
    private func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try ProcessRunner.run(
            MoviesProcess.binary, arguments, input: input,
            environment: movies.environment.merging(environment) { $1 }, currentDirectory: movies.folder.path)
    }

    /// Every command that opens the database, with the standard input it needs.
    static let commands: [(arguments: [String], input: String?)] = [
        (["list"], nil), (["add", "Heat"], nil), (["show", "1"], nil), (["rate", "1", "good"], nil),
        (["edit", "1", "--note", "x"], nil), (["rm", "1"], nil), (["search", "heat"], nil),
        (["import", "in.csv"], nil), (["export"], nil), (["migrate"], nil), (["migrate", "--status"], nil),
        (["news", "list"], nil), (["news", "feeds"], nil), (["shell"], "list\nadd Alien\n"),
    ]

    /// Paths a user can type, each with the exit code and words it must get.
    static let oddPaths: [(path: String, status: Int32, message: String)] = [
        ("~", 1, "/home is a folder, not a database file; name a file in it, such as "),
        ("", 64, "The database path given with --db is empty"),
        ("/", 1, "The database path / is a folder, not a database file"),
        (".", 1, "The database path . is a folder, not a database file"),
        ("new/", 1, "The database path new/ can only name a folder"),
        ("a.sqlite\nb.sqlite", 64, "contains a control character (U+000A)"),
        (String(repeating: "n", count: 5_000), 1, "bytes long as a full path; SQLite opens at most 504"),
        (String(repeating: "a/", count: 2_500) + "x.sqlite", 1, "bytes long as a full path"),
        ("blocker/x.sqlite", 1, "Cannot open blocker/x.sqlite: blocker is a file, not a folder"),
        ("blocker/", 1, "The database path blocker/ can only name a folder"),
    ]

    @Test("odd paths give every command a message and an exit code, never a signal, and create nothing")
    func oddPathsInEveryCommand() throws {
        let before = FolderSnapshot(movies.folder.path)
        for (path, status, message) in Self.oddPaths {
            for (arguments, input) in Self.commands {
                let result = try run(["--db", path] + arguments, input: input)
                let label = "\(arguments) with --db \(path.prefix(40).debugDescription)"
                #expect(!result.crashed, "\(label): \(result)")
                #expect(result.status == status, "\(label): \(result)")
                #expect(result.stderr.hasPrefix("Error: "), "\(label): \(result)")
                #expect(result.stderr.contains(message), "\(label): \(result)")
            }
        }
        #expect(FolderSnapshot(movies.folder.path).changes(since: before).isEmpty)
    }

    @Test("the same paths in MOVIES_DB")
    func oddPathsInEnvironment() throws {
        let before = FolderSnapshot(movies.folder.path)
        for (path, status, message) in Self.oddPaths where !path.isEmpty {
            for arguments in [["list"], ["add", "Heat"], ["migrate", "--status"]] {
                let result = try run(arguments, environment: ["MOVIES_DB": path])
                let label = "\(arguments) with MOVIES_DB \(path.prefix(40).debugDescription)"
                #expect(!result.crashed && result.status == status, "\(label): \(result)")
                #expect(
                    result.stderr.contains(
                        message.replacingOccurrences(of: "given with --db", with: "in MOVIES_DB")),
                    "\(label): \(result)")
            }
        }
        #expect(FolderSnapshot(movies.folder.path).changes(since: before).isEmpty)
    }

    @Test("a leading ~/ is the home folder, from --db and from MOVIES_DB (it used to die of SIGILL)")
    func tildeIsHome() throws {
        let home = movies.folder.file("home")
        let added = try run(["--db", "~/x.sqlite", "add", "Heat"])
        #expect(added.status == 0 && !added.crashed, "\(added)")
        let listed = try run(["list", "--format", "csv"], environment: ["MOVIES_DB": "~/x.sqlite"])
        #expect(listed.status == 0 && listed.stdout.contains("Heat"), "\(listed)")
        let nested = try run(["add", "Y"], environment: ["MOVIES_DB": "~/lists/y.sqlite"])
        #expect(nested.status == 0, "\(nested)")
        #expect(SpecialFiles.names(in: home) == ["lists", "x.sqlite"])
        #expect(permissions(of: home + "/lists") == 0o700)
        #expect(!fileExists(movies.folder.file("~")))
    }

    @Test("an empty --db or MOVIES_DB is a usage error (64), and the default database is not used")
    func emptyPath() throws {
        try movies.succeed("add", "Heat")
        let before = FolderSnapshot(movies.folder.path)
        let empty = try run(["--db", "", "list"])
        #expect(empty.status == 64 && empty.stdout.isEmpty, "\(empty)")
        #expect(
            empty.stderr
                == "Error: The database path given with --db is empty; give a file name, or leave --db out "
                + "to use the default database\n")
        for arguments in [["list"], ["add", "Alien"], ["migrate"]] {
            let result = try run(arguments, environment: ["MOVIES_DB": ""])
            #expect(result.status == 64 && result.stdout.isEmpty, "\(result)")
            #expect(
                result.stderr
                    == "Error: The MOVIES_DB variable is set but empty; unset it to use the default database, "
                    + "or set it to a file name\n")
        }
        // Commands that do not use the database do not mind.
        #expect(try run(["--db", "", "help", "list"]).status == 0)
        #expect(try run(["completions", "bash"], environment: ["MOVIES_DB": ""]).status == 0)
        #expect(FolderSnapshot(movies.folder.path).changes(since: before).isEmpty)
    }

    @Test("migrate --status where there is no database says so (66) and creates nothing, not even a folder")
    func statusOfNothing() throws {
        for path in ["missing.sqlite", "new/folder/missing.sqlite"] {
            let result = try run(["--db", path, "migrate", "--status"])
            #expect(result.status == 66 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderr == "Error: There is no database at \(path); nothing was created\n")
        }
        let viaDefault = try run(["migrate", "--status"])
        #expect(viaDefault.status == 66, "\(viaDefault)")
        #expect(SpecialFiles.names(in: movies.folder.path) == ["blocker", "home", "in.csv"])
        // On a database, it lists and changes nothing.
        try movies.succeed("add", "Heat")
        let bytes = fileSnapshot(movies.databasePath)
        let status = try run(["migrate", "--status"])
        #expect(status.status == 0 && status.stdout.contains("applied  0001_create_movies"), "\(status)")
        #expect(fileSnapshot(movies.databasePath) == bytes)
    }

    @Test("a path starting with file: (or named :memory:) is the file of that name in the current folder")
    func noURIs() throws {
        for path in ["file:x.sqlite", "file:y.sqlite?mode=memory", ":memory:"] {
            let added = try run(["--db", path, "add", "Heat"])
            #expect(added.status == 0, "\(added)")
            let listed = try run(["--db", path, "list", "--format", "csv"])
            #expect(listed.stdout.contains("Heat"), "\(path): \(listed)")
            let file = movies.folder.file(path)
            #expect(permissions(of: file) == 0o600, "\(path)")
            #expect(try DirectSQL.run(file, "SELECT title FROM movies") == "Heat")
        }
        #expect(!fileExists(movies.folder.file("x.sqlite")))
        #expect(!fileExists(movies.folder.file("y.sqlite")))
    }

    @Test("a message that names a path keeps it as typed (notdb.txt never becomes Notdb.txt)")
    func pathsKeepTheirCase() throws {
        try movies.folder.write("hello\n", to: "notdb.txt")
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("dir.sqlite"), withIntermediateDirectories: false)
        try DirectSQL.run(movies.folder.file("other.sqlite"), "CREATE TABLE notes (x);")
        try movies.folder.write("nonsense\u{0}\n", to: "bad.csv")
        try movies.succeed("add", "Heat")
        let cases: [(arguments: [String], path: String)] = [
            (["--db", "notdb.txt", "list"], "notdb.txt"),
            (["--db", "other.sqlite", "list"], "other.sqlite"),
            (["--db", "dir.sqlite", "list"], "dir.sqlite"),
            (["--db", "missing.sqlite", "migrate", "--status"], "missing.sqlite"),
            (["--db", "blocker/x.sqlite", "list"], "blocker/x.sqlite"),
            (["import", "missing.csv"], "missing.csv"),
            (["import", "bad.csv"], "bad.csv"),
            (["import", "dir.sqlite"], "dir.sqlite"),
            (["news", "import", "missing.opml"], "missing.opml"),
            (["export", "-o", "blocker/out.csv"], "blocker/out.csv"),
            (["export", "-o", "dir.sqlite"], "dir.sqlite"),
        ]
        for (arguments, path) in cases {
            let result = try run(arguments)
            #expect(result.status != 0 && !result.crashed, "\(arguments): \(result)")
            #expect(result.stderr.contains(path), "\(arguments): \(result)")
            let capitalised = path.prefix(1).uppercased() + path.dropFirst()
            #expect(!result.stderr.contains(capitalised), "\(arguments): \(result)")
        }
    }
}
