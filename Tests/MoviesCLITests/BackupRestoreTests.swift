import App
import FoundationEssentials
import MoviesCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("movies backup and movies restore", .offPool, .serialized)
struct BackupRestoreTests {
    let movies = MoviesProcess()

    /// A few movies and a news item in the test's database.
    private func fillDatabase(_ titles: [String] = ["Heat", "Alien"]) throws {
        for title in titles { try movies.succeed("add", title, "--rating", "good") }
        try movies.succeed("news", "add", "--title", "An item")
    }

    /// The copies restores kept of the lists they replaced, oldest first.
    private func keptCopies() -> [String] {
        ReplacedLists(databasePath: movies.databasePath).paths()
    }

    private func titles(in path: String) throws -> String {
        try DirectSQL.run(
            path, "SELECT group_concat(title, ',') FROM (SELECT title FROM movies ORDER BY id)")
    }

    // MARK: - Backup

    @Test("backup writes a private, stand-alone, checked copy of every row, and replaces an older one whole")
    func backup() throws {
        try fillDatabase()
        let path = movies.folder.file("backup.sqlite")
        let output = try movies.succeed("backup", path)
        #expect(output.hasPrefix("Backed up 2 movies and 1 news item to \(path) ("), "\(output)")
        #expect(
            output.hasSuffix("schema version \(AppDatabase.latestSchemaVersion)); integrity check passed.\n"),
            "\(output)")
        #expect(permissions(of: path) == 0o600)
        #expect(try titles(in: path) == "Heat,Alien")
        #expect(try DirectSQL.integrityCheck(path) == "ok")
        // Rollback-journal mode: a single file, readable without a -wal or -shm beside it.
        let header = try #require(fileSnapshot(path))
        #expect(Array(header[18...19]) == [1, 1])
        for suffix in ["-wal", "-shm", "-journal"] { #expect(!fileExists(path + suffix)) }

        try movies.succeed("add", "Dune")
        #expect(try movies.succeed("backup", path).hasPrefix("Backed up 3 movies"))
        #expect(try titles(in: path) == "Heat,Alien,Dune")
        let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }

    @Test(
        "backup refuses the database and its files, a folder, a device, a FIFO, a path with a -wal beside it")
    func backupRefusals() throws {
        try fillDatabase()
        let database = movies.databasePath
        try FileManager.default.linkItem(atPath: database, toPath: movies.folder.file("hard-link"))
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("sub"), withIntermediateDirectories: true)
        let itself = "it is the database this command works on"
        for path in [
            database, database + "-wal", database + "-shm", database + "-journal",
            movies.folder.file("hard-link"),
            movies.folder.file("sub/../movies.sqlite"),
        ] {
            try movies.refuse(["backup", path], status: 1, message: "Error: Cannot write \(path): \(itself)")
        }
        try movies.refuse(
            ["backup", movies.folder.path], status: 1, message: "it is a folder; name a file in it")
        try movies.refuse(["backup", "/dev/null"], status: 1, message: "it is a FIFO or a device")
        let fifo = movies.folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try movies.refuse(["backup", fifo], status: 1, message: "it is a FIFO or a device")

        let used = movies.folder.file("used.sqlite")
        _ = FileManager.default.createFile(atPath: used + "-wal", contents: Data("x".utf8))
        try movies.refuse(
            ["backup", used], status: 1, message: "\(used)-wal lies beside it (a program has it open")
        #expect(!fileExists(used))
    }

    @Test("backup replaces an earlier backup or an empty file, and anything else only with --force")
    func backupOverOtherFiles() throws {
        try fillDatabase()
        // As a new user tried it: the export's name given to backup. The CSV used to be replaced, and the
        // command said only "Backed up".
        let export = movies.folder.file("own.csv")
        try movies.succeed("export", "-o", export)
        let exported = try #require(fileSnapshot(export))
        try movies.refuse(
            ["backup", export], status: 1,
            message:
                "Error: Cannot write \(export): it is not a backup of a movies list (not a SQLite database: "
                + "\(export)), and a backup replaces only an earlier backup; nothing was written. Name another "
                + "file, or give --force to replace it")
        #expect(fileSnapshot(export) == exported)
        // Another program's database, through a symbolic link: the target is what is looked at.
        let other = movies.folder.file("notes.sqlite")
        try DirectSQL.run(other, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        let otherBytes = try #require(fileSnapshot(other))
        try FileManager.default.createSymbolicLink(
            atPath: movies.folder.file("link.sqlite"), withDestinationPath: other)
        try movies.refuse(
            ["backup", movies.folder.file("link.sqlite")], status: 1,
            message: "it is not a backup of a movies list (it is another program's database)")
        #expect(fileSnapshot(other) == otherBytes)
        let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") || $0.hasSuffix("-journal") }, "\(left)")
        // An empty file holds nothing to lose; --force replaces anything a file may hold.
        let empty = movies.folder.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(try movies.succeed("backup", empty).hasPrefix("Backed up 2 movies"))
        #expect(try movies.succeed("backup", export, "--force").hasPrefix("Backed up 2 movies"))
        #expect(try titles(in: export) == "Heat,Alien")
    }

    @Test("backup of a missing database creates nothing; of one from a newer movies is refused")
    func backupSources() throws {
        let missing = try movies.refuse(
            ["backup", movies.folder.file("b.sqlite")], status: 66,
            message: "Error: There is no database at \(movies.databasePath) to back up; nothing was written")
        #expect(!missing.stderr.contains("Usage"))
        #expect(!fileExists(movies.databasePath))

        try fillDatabase()
        try DirectSQL.run(movies.databasePath, "PRAGMA user_version = 99")
        try movies.refuse(
            ["backup", movies.folder.file("b.sqlite")], status: 1,
            message: "schema version 99, newer than this program knows")
        #expect(!fileExists(movies.folder.file("b.sqlite")))
    }

    // MARK: - Restore

    @Test("restore replaces the list, keeps the replaced one beside it, and leaves the backup as it was")
    func restore() throws {
        try fillDatabase(["Backed up"])
        let backup = movies.folder.file("backup.sqlite")
        try movies.succeed("backup", backup)
        let backupBytes = fileSnapshot(backup)
        try movies.succeed("rm", "1")
        try movies.succeed("add", "Added later")

        let output = try movies.succeed("restore", backup)
        let kept = try #require(keptCopies().first)
        #expect(keptCopies().count == 1)
        #expect(kept.hasPrefix(movies.databasePath + ".before-restore-"))
        #expect(
            output
                == "Restored 1 movie and 1 news item from \(backup).\nThe list it replaced is kept in \(kept).\n"
        )
        #expect(try titles(in: movies.databasePath) == "Backed up")
        #expect(try titles(in: kept) == "Added later")
        #expect(permissions(of: kept) == 0o600)
        #expect(fileSnapshot(backup) == backupBytes)
        // The restored list is the program's own again: new ids continue after the backup's.
        #expect(try movies.succeed("add", "Next").hasPrefix("Added 2 "))

        // Restoring the kept copy undoes the restore.
        try movies.succeed("restore", kept)
        #expect(try titles(in: movies.databasePath) == "Added later")
    }

    @Test("restore of a backup from an older movies migrates it; into no database, creates it")
    func restoreOlderIntoNothing() throws {
        let older = movies.folder.file("version-2.sqlite")
        try VersionTwoDatabase.write(rows: 3, to: older)
        let output = try movies.succeed("restore", older)
        let migrated = AppDatabase.migrator.migrations.dropFirst(2).map(\.identifier)
        #expect(migrated.first == "0003_full_text_search")
        #expect(
            output
                == "Restored 3 movies and 1 news item from \(older) (migrated: "
                + "\(migrated.joined(separator: ", "))).\n")
        #expect(permissions(of: movies.databasePath) == 0o600)
        #expect(keptCopies().isEmpty)
        #expect(
            try DirectSQL.run(movies.databasePath, "PRAGMA user_version")
                == "\(AppDatabase.latestSchemaVersion)")
        #expect(try movies.succeed("search", "number", "2").contains("Movie number 2"))
        #expect(
            try DirectSQL.run(older, "PRAGMA user_version") == "2", "the backup itself is never migrated")
    }

    @Test("restore refuses what is not a sound movies backup this program can open; nothing changes")
    func restoreRefusals() throws {
        try fillDatabase()
        let folder = movies.folder
        let junk = try folder.write("not a database", to: "junk.sqlite")
        let other = folder.file("other.sqlite")
        try DirectSQL.run(other, "CREATE TABLE notes (text TEXT)")
        // Another tool's migrations table (Rails keeps only the versions), with a table of its own.
        let rails = folder.file("rails.sqlite")
        try DirectSQL.run(
            rails,
            "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); INSERT INTO schema_migrations VALUES "
                + "('20240101000000'); CREATE TABLE posts (id INTEGER PRIMARY KEY)")
        let newer = folder.file("newer.sqlite")
        try movies.succeed("backup", newer)
        try DirectSQL.run(newer, "PRAGMA user_version = 99")
        let damaged = folder.file("damaged.sqlite")
        try movies.succeed("backup", damaged)
        // The movies table's root page overwritten: the file opens, the table does not read.
        let root = try #require(
            UInt64(try DirectSQL.run(damaged, "SELECT rootpage FROM sqlite_schema WHERE name = 'movies'")))
        let descriptor = open(damaged, O_WRONLY)
        #expect(descriptor >= 0)
        let garbage = [UInt8](repeating: 0xAB, count: 4096)
        let written = garbage.withUnsafeBytes {
            pwrite(descriptor, $0.baseAddress, 4096, off_t((root - 1) * 4096))
        }
        #expect(written == 4096)
        close(descriptor)

        // Pages of 8 KiB: copied page for page, they cannot go into a WAL-mode file of 4 KiB pages.
        let largePages = folder.file("large-pages.sqlite")
        try movies.succeed("backup", largePages)
        try DirectSQL.run(largePages, "PRAGMA page_size = 8192; VACUUM")

        let cases: [(String, Int32, String)] = [
            (
                folder.file("missing.sqlite"), 66,
                "Cannot restore from \(folder.file("missing.sqlite")): there is no such file"
            ),
            (folder.path, 65, "it is a folder; name the backup file"),
            (junk, 65, "it is not a SQLite database; nothing was changed"),
            (other, 65, "it is a SQLite database, but not a movies list"),
            (rails, 65, "it is a SQLite database, but not a movies list"),
            (damaged, 65, "it is damaged ("),
            (
                newer, 1,
                "it has schema version 99, newer than this program knows (up to \(AppDatabase.latestSchemaVersion))"
            ),
            (movies.databasePath, 1, "it is the database this command works on"),
            (movies.databasePath + "-wal", 1, "it is the database this command works on"),
            (largePages, 1, "its pages are 8192 bytes and the database's 4096; move the database away"),
        ]
        for (path, status, message) in cases {
            let before = fileSnapshot(path)
            try movies.refuse(["restore", path], status: status, message: message)
            #expect(fileSnapshot(path) == before, "\(path) changed")
            #expect(keptCopies().isEmpty, "\(path)")
        }
    }

    @Test("restore onto another program's SQLite file is refused, like any other use of it")
    func restoreOntoForeignFile() throws {
        try fillDatabase()
        let backup = movies.folder.file("backup.sqlite")
        try movies.succeed("backup", backup)
        let other = movies.folder.file("notes.sqlite")
        try DirectSQL.run(other, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        try movies.refuse(
            ["--db", other, "restore", backup], status: 1, message: "is a SQLite database of another program",
            databasePath: other)
        #expect(try DirectSQL.run(other, "SELECT text FROM notes") == "mine")
        #expect(try DirectSQL.run(other, "PRAGMA journal_mode") == "delete")
        #expect(ReplacedLists(databasePath: other).paths().isEmpty)
    }

    @Test("restore onto a database from a newer movies is refused, like any other use of it")
    func restoreOntoNewer() throws {
        try fillDatabase()
        let backup = movies.folder.file("backup.sqlite")
        try movies.succeed("backup", backup)
        try DirectSQL.run(movies.databasePath, "PRAGMA user_version = 99")
        try movies.refuse(
            ["restore", backup], status: 1,
            message: "The database has schema version 99, newer than this program")
        #expect(keptCopies().isEmpty)
    }

    @Test(
        "restore is refused while another program has the database open, naming it; a watcher counts",
        .requires(.sqlite3))
    func restoreWhileOpen() async throws {
        try fillDatabase()
        let backup = movies.folder.file("backup.sqlite")
        try movies.succeed("backup", backup)
        let fast = ["MOVIES_BUSY_TIMEOUT_MS": "200"]

        let sqlite = try BackgroundProcess(SQLiteShell.path, [movies.databasePath], acceptsInput: true)
        sqlite.write("SELECT 'ready' FROM movies LIMIT 1;\n")
        #expect(await sqlite.waitForOutput("ready"))
        try movies.refuse(
            ["restore", backup], status: 75,
            message:
                "Cannot restore while another program has the database open (sqlite3, process \(sqlite.pid)): "
                + "close it", environment: fast)
        sqlite.closeInput()
        await sqlite.finished()

        let watch = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch"], environment: movies.environment)
        #expect(await watch.waitForOutput("Alien"))
        try movies.refuse(
            ["restore", backup], status: 75, message: "(movies, process \(watch.pid))", environment: fast)
        watch.send(SIGINT)
        await watch.finished()
        #expect(keptCopies().isEmpty)

        // Once they are gone, the restore goes through.
        try movies.succeed("restore", backup)
    }
}
