import App
import AppTestSupport
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@Suite("AppDatabase and the embedded migrations")
struct AppDatabaseTests {
    @Test("a fresh file is migrated to the latest version and readable with sqlite3")
    func migratesFreshFile() throws {
        let database = try TestDatabase()
        let latest = AppDatabase.migrator.latestVersion
        #expect(latest >= 1)
        #expect(try DirectSQL.run(database.path, "PRAGMA user_version") == String(latest))
        let schema = try DirectSQL.run(
            database.path, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'movies'")
        #expect(schema.contains("STRICT"))
        #expect(
            schema.contains(
                "CHECK (rating IN ('not-seen', 'seen', 'terrible', 'poor', 'decent', 'good', 'excellent'))"))
        #expect(try DirectSQL.integrityCheck(database.path) == "ok")
    }

    @Test("the embedded migrations are numbered 1, 2, 3... with no gaps")
    func migrationsAreContiguous() {
        let versions = AppDatabase.migrator.migrations.map(\.version)
        #expect(versions == Array(1...versions.count))
    }

    @Test("the checksums computed at build time are those of the embedded SQL")
    func buildTimeChecksums() {
        for migration in AppDatabase.migrator.migrations {
            let computed = Migration(version: migration.version, name: migration.name, sql: migration.sql)
            #expect(migration.checksum == computed.checksum, "\(migration.identifier)")
            #expect(migration.checksum.count == 64)
        }
    }

    @Test("the schema's CHECKs refuse what the program would refuse, for people using sqlite3")
    func checksGuardHandWrites() throws {
        let database = try TestDatabase()
        let refused = [
            "INSERT INTO movies (title) VALUES ('  ')",
            "INSERT INTO movies (title, rating) VALUES ('Heat', 'superb')",
            "INSERT INTO movies (title, year) VALUES ('Heat', 1700)",
            "INSERT INTO movies (title, watched_on) VALUES ('Heat', '2024-02-30')",
            "INSERT INTO movies (title, created_at) VALUES ('Heat', 'yesterday')",
            // The watchlist holds what was not seen: no watched date, no count.
            "INSERT INTO movies (title, rating, watched_on) VALUES ('Heat', 'not-seen', '2024-02-03')",
            "INSERT INTO movies (title, watch_count) VALUES ('Heat', 2)",
            "INSERT INTO movies (title, rating, watch_count) VALUES ('Heat', 'seen', 0)",
            "INSERT INTO movies (title, rating, rated_on) VALUES ('Heat', 'good', '2024-13-01')",
        ]
        for sql in refused {
            #expect(throws: DirectSQLError.self, "\(sql)") { try DirectSQL.run(database.path, sql) }
        }
        try DirectSQL.run(database.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'good')")
        try DirectSQL.run(
            database.path,
            "INSERT INTO movies (title, rating, watched_on) VALUES ('Alien', 'seen', '2024-02-03')")
        #expect(try database.store.count() == 2)
        // The same title and year again, in another case, is refused by the unique index on the key.
        #expect(throws: DirectSQLError.self) {
            try DirectSQL.run(database.path, "INSERT INTO movies (title, rating) VALUES ('HEAT ', 'poor')")
        }
    }
}

@Suite("AppDatabase: which files it takes")
struct AppDatabaseFileTests {
    let folder = TemporaryDirectory()

    private func expectUntouched(
        _ path: String, sql: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try DirectSQL.run(path, sql)
        let mode = try DirectSQL.run(path, "PRAGMA journal_mode")
        let before = FolderSnapshot(folder.path)
        #expect(throws: StorageError.unrecognizedDatabase(path: path), sourceLocation: sourceLocation) {
            try AppDatabase(path: path)
        }
        #expect(throws: StorageError.unrecognizedDatabase(path: path), sourceLocation: sourceLocation) {
            try AppDatabase.schemaStatus(ofFileAt: path)
        }
        #expect(FolderSnapshot(folder.path).changes(since: before).isEmpty, sourceLocation: sourceLocation)
        #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == mode, sourceLocation: sourceLocation)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == "0", sourceLocation: sourceLocation)
    }

    @Test("another program's SQLite file is refused before anything is written, journal mode included")
    func foreignFiles() throws {
        try expectUntouched(
            folder.file("notes.sqlite"), sql: "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);")
        try expectUntouched(
            folder.file("wal.sqlite"), sql: "PRAGMA journal_mode = WAL; CREATE TABLE notes (x);")
        // A table named like ours does not make the file ours.
        try expectUntouched(
            folder.file("own-movies.sqlite"), sql: "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT);"
        )
    }

    @Test("a new path, an empty file and a file with no schema become a fresh database")
    func freshFiles() throws {
        let empty = try folder.write("", to: "empty.sqlite")
        let blank = folder.file("blank.sqlite")
        try DirectSQL.run(blank, "CREATE TABLE gone (x); DROP TABLE gone;")
        for path in [folder.file("new/list.sqlite"), empty, blank] {
            let database = try AppDatabase(path: path)
            #expect(try database.schemaStatus().pending.isEmpty)
            #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == "wal")
        }
    }

    @Test("looking only (migrate --status) creates nothing where there is no file, and writes nothing")
    func lookOnly() throws {
        for path in [folder.file("missing.sqlite"), folder.file("new/missing.sqlite")] {
            let error = #expect(throws: StorageError.missing(path: path)) {
                try AppDatabase.schemaStatus(ofFileAt: path)
            }
            #expect(error?.exitCode == .noInput)
        }
        #expect(SpecialFiles.names(in: folder.path).isEmpty)

        let empty = try folder.write("", to: "empty.sqlite")
        let status = try AppDatabase.schemaStatus(ofFileAt: empty)
        #expect(status.applied.isEmpty && status.pending.count == AppDatabase.migrator.migrations.count)
        #expect(fileSnapshot(empty)?.isEmpty == true)
        #expect(SpecialFiles.names(in: folder.path) == ["empty.sqlite"])
    }

    @Test("every storage message names a path as it was typed, never at the start of the sentence")
    func messagesKeepPaths() {
        let path = "notdb.txt"
        let errors: [StorageError] =
            [
                .notADatabase(path: path), .missing(path: path), .unrecognizedDatabase(path: path),
                .notWritable(path: path, reason: "Permission denied"),
                .cannotOpen(path: path, reason: "No such file or directory"),
                .unusableCompanion(path: path, problem: .symbolicLink),
                .unusableCompanion(path: path, problem: .notAFile(.fifo)),
                .unusableCompanion(path: path, problem: .notWritable),
                .unusableCompanion(path: path, problem: .unmergedLog),
            ]
            + [FileKind.directory, .folderName, .characterDevice, .blockDevice, .fifo, .socket, .unknown].map
        {
            .notAFile(path: path, kind: $0)
        }
        for error in errors {
            #expect(error.message.contains(" notdb.txt"), "\(error.message)")
            #expect(!error.message.contains("Notdb"), "\(error.message)")
            #expect(error.message.first?.isUppercase == true, "\(error.message)")
        }
    }
}
