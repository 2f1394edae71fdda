import FeedServer
import Foundation
import TestSupport
import Testing

/// How a command opens the list: a command that only reads opens it read-only and changes nothing about
/// it, nor creates anything where there is none; a command that writes creates it, and says so.
@Suite("Commands that only read open the list read-only", .offPool)
struct ReadingOpensTests {
    let movies = MoviesProcess()

    /// The commands that only read, each with a fresh output path where it writes a file.
    private func readingCommands(output: String) -> [[String]] {
        [
            ["list"], ["list", "--format", "csv"], ["search", "Heat"], ["stats"], ["export"],
            ["news", "list"], ["news", "feeds"], ["news", "export-opml"], ["news", "ignores"],
            ["news", "searches"], ["year", "2025"], ["backup", output],
        ]
    }

    /// Commands that only read what the list holds, to which no file is an empty list (`show` says the
    /// movie is not listed), for a list that holds movie 1.
    private let readingCommandsOfListedThings = [["show", "1"], ["diary"], ["lists"]]

    /// The bytes at 18 and 19 of a database file: 1 and 1 in rollback-journal mode, 2 and 2 in WAL mode.
    private func formatVersions(_ path: String) -> [UInt8] {
        fileSnapshot(path).map { Array($0.dropFirst(18).prefix(2)) } ?? []
    }

    @Test("a mistyped path is no list: a reading command says so, exits 1 and creates nothing")
    func missingListIsNotCreated() throws {
        let folder = movies.folder.file("none")
        let path = folder + "/x.sqlite"
        for arguments in readingCommands(output: movies.folder.file("copy.sqlite"))
        where arguments[0] != "backup" {
            let result = try movies.refuse(
                ["--db", path] + arguments, status: 1,
                message: "Error: There is no list at \(path); nothing was created. A command that adds to "
                    + "it (movies add TITLE, movies import FILE) starts one there\n",
                databasePath: path)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result)")
            #expect(!fileExists(folder), "\(arguments) created \(folder)")
        }
        // Those about what the list holds find nothing listed, as before, and create nothing either.
        for arguments in readingCommandsOfListedThings {
            _ = try movies.run(["--db", path] + arguments)
            #expect(!fileExists(folder), "\(arguments) created \(folder)")
        }
        // backup says it in its own words, as before.
        try movies.refuse(
            ["--db", path, "backup", movies.folder.file("copy.sqlite")], status: 66,
            message: "Error: There is no database at \(path) to back up; nothing was written",
            databasePath: path)
        #expect(!fileExists(folder))
        #expect(!fileExists(movies.folder.file("copy.sqlite")))
    }

    @Test("a command that writes creates the list, and says so the first time only")
    func writingCommandSaysItCreated() throws {
        // HOME names a folder that does not exist: the default path is under it.
        let home = movies.folder.file("nonexistent")
        let path = home + "/.local/share/movies/movies.sqlite"
        let environment = ["HOME": home, "MOVIES_DB": ""]
        let listed = try movies.run(["list"], environment: environment)
        #expect(
            listed.status == 1 && listed.stderr.hasPrefix("Error: There is no list at \(path);"), "\(listed)")
        #expect(!fileExists(home))
        let first = try movies.run(["add", "Heat"], environment: environment)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr == "Created a new list at \(path)\n", "\(first)")
        let second = try movies.run(["add", "Alien"], environment: environment)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
        #expect(
            try movies.run(["list", "--format", "csv"], environment: environment).stdout.contains("Alien"))
    }

    @Test("a command that writes and is refused takes back the list and the folders it created")
    func refusedWriteCreatesNothing() throws {
        let folder = movies.folder.file("none")
        let path = folder + "/deeper/x.sqlite"
        let address = "http://127.0.0.1:\(TestHTTPServer.closedPort())/feed.xml"
        // Both open the list before they fetch, and fail on the fetch.
        for arguments in [["news", "subscribe", address], ["news", "add", address]] {
            let result = try movies.run(["--db", path] + arguments)
            #expect(
                result.status == 1 && result.stderr.hasPrefix("Error: Cannot "), "\(arguments): \(result)")
            #expect(!result.stderr.contains("Created a new list"), "\(arguments): \(result)")
            #expect(!fileExists(folder), "\(arguments) left \(folder) behind")
        }
        // A list that existed stays, whatever the command did.
        try movies.succeed("--db", path, "add", "Heat")
        let bytes = fileSnapshot(path)
        _ = try movies.run(["--db", path, "news", "subscribe", address])
        #expect(fileSnapshot(path) == bytes)
    }

    @Test(
        "reading commands leave a rollback-journal file in its mode, and do not wait for sqlite3 reading it",
        .requires(.sqlite3))
    func rollbackJournalFileStaysAsItIs() async throws {
        try movies.succeed("add", "Heat")
        let path = movies.databasePath
        try DirectSQL.run(path, "PRAGMA journal_mode = DELETE")
        #expect(formatVersions(path) == [1, 1])
        let bytes = fileSnapshot(path)
        // Another program reading it: sqlite3 holds a read transaction, so a shared lock, until told to end.
        let sqlite = try BackgroundProcess(SQLiteShell.path, ["-bail", path], acceptsInput: true)
        sqlite.write("BEGIN; SELECT 'reading', count(*) FROM movies;\n")
        _ = await sqlite.waitForOutput("reading")
        let output = movies.folder.file("copy.sqlite")
        for arguments in readingCommands(output: output) + readingCommandsOfListedThings {
            let result = try movies.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(fileSnapshot(path) == bytes, "\(arguments) changed the file")
            #expect(
                SpecialFiles.names(in: movies.folder.path).filter { $0.hasPrefix("movies.sqlite") } == [
                    "movies.sqlite"
                ], "\(arguments)")
        }
        #expect(try movies.run(["list", "--format", "csv"]).stdout.contains("Heat"))
        sqlite.write("COMMIT;\n.quit\n")
        sqlite.closeInput()
        #expect(await sqlite.finished().status == 0)
        #expect(formatVersions(path) == [1, 1])
        // A command that writes switches it to WAL mode.
        try movies.succeed("add", "Alien")
        #expect(formatVersions(path) == [2, 2])
    }

    @Test("reading a WAL file no one has open creates no -wal or -shm beside it")
    func walFileGetsNoCompanions() throws {
        try movies.succeed("add", "Heat")
        let path = movies.databasePath
        #expect(formatVersions(path) == [2, 2])
        let bytes = fileSnapshot(path)
        for arguments in readingCommands(output: movies.folder.file("copy.sqlite"))
            + readingCommandsOfListedThings
        {
            let result = try movies.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(fileSnapshot(path) == bytes, "\(arguments) changed the file")
            #expect(!fileExists(path + "-wal") && !fileExists(path + "-shm"), "\(arguments)")
        }
    }

    @Test("a file whose migrations are pending is read through a migrated copy, left as it was, copy removed")
    func pendingMigrationsReadThroughCopy() throws {
        let path = movies.databasePath
        try VersionTwoDatabase.write(rows: 3, to: path)
        try DirectSQL.run(path, "PRAGMA journal_mode = DELETE")
        let bytes = fileSnapshot(path)
        let temporary = movies.folder.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        let list = try movies.run(["list", "--format", "csv"], environment: ["TMPDIR": temporary])
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("Movie number 3"))
        let stats = try movies.run(["stats"], environment: ["TMPDIR": temporary])
        #expect(stats.status == 0, "\(stats)")
        #expect(fileSnapshot(path) == bytes)
        #expect(SpecialFiles.names(in: temporary).isEmpty)
        #expect(SpecialFiles.names(in: movies.folder.path) == ["movies.sqlite", "tmp"])
        // The backup is of the file as it is, not migrated.
        let backup = try movies.run(["backup", movies.folder.file("copy.sqlite")])
        #expect(backup.status == 0, "\(backup)")
        #expect(try DirectSQL.run(movies.folder.file("copy.sqlite"), "PRAGMA user_version") == "2")
        // The first command that writes migrates it.
        try movies.succeed("add", "Heat")
        #expect(try DirectSQL.run(path, "PRAGMA user_version") != "2")
    }

    @Test("list --watch on a file whose migrations are pending says to migrate first, and changes nothing")
    func watchNeedsMigratedFile() throws {
        try VersionTwoDatabase.write(rows: 3, to: movies.databasePath)
        try movies.refuse(
            ["list", "--watch"], status: 1,
            message: "Error: The list at \(movies.databasePath) was written by an older movies and must be "
                + "migrated before it can be watched; nothing was changed. Run movies migrate")
        let migrated = try movies.run(["migrate"])
        #expect(migrated.status == 0 && migrated.stderr.isEmpty, "\(migrated)")
    }

    @Test("movies migrate where there is no list creates one, and says so")
    func migrateSaysItCreated() throws {
        let created = try movies.run(["migrate"])
        #expect(created.status == 0, "\(created)")
        #expect(created.stderr == "Created a new list at \(movies.databasePath)\n", "\(created)")
    }

    @Test("import --dry-run creates no list where there is none, and leaves one that is there as it was")
    func dryRunWritesNothing() throws {
        let csv = movies.folder.file("films.csv")
        try Data(
            "Date,Name,Year,Letterboxd URI\n2024-01-01,Heat,1995,https://boxd.it/a\n2024-01-02,Alien,1979,https://boxd.it/b\n"
                .utf8
        ).write(to: URL(fileURLWithPath: csv))
        let folder = movies.folder.file("none")
        let path = folder + "/x.sqlite"
        let dry = try movies.run(["--db", path, "import", csv, "--from", "letterboxd-watched", "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("Nothing was written"), "\(dry)")
        #expect(dry.stdout.contains("would be 2 added"), "\(dry)")
        #expect(!fileExists(folder), "the dry run created \(folder)")

        try movies.succeed("add", "Heat")
        try DirectSQL.run(movies.databasePath, "PRAGMA journal_mode = DELETE")
        let bytes = fileSnapshot(movies.databasePath)
        let again = try movies.run(["import", csv, "--from", "letterboxd-watched", "--dry-run"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("would be 2 added"), "\(again)")
        #expect(again.stdout.contains("Nothing was written"), "\(again)")
        #expect(fileSnapshot(movies.databasePath) == bytes)
        #expect(
            SpecialFiles.names(in: movies.folder.path).filter { $0.hasPrefix("movies.sqlite") } == [
                "movies.sqlite"
            ])
        #expect(formatVersions(movies.databasePath) == [1, 1])
    }
}
