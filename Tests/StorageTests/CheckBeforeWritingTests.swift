import Foundation
import Storage
import TestSupport
import Testing

/// `DatabaseConfiguration.checkBeforeWriting` and `Migrator.checkCanMigrate(_:)`: another program's
/// SQLite file is turned down before anything is written to it, its journal mode included.
@Suite("Checking a file before writing to it")
struct CheckBeforeWritingTests {
    let folder = TemporaryDirectory()

    struct TurnedDown: Error, Equatable {}

    static let migrator = Migrator([
        Migration(version: 1, name: "create_a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY) STRICT;")
    ])

    private func configuration(_ check: @escaping @Sendable (Connection) throws -> Void)
        -> DatabaseConfiguration
    {
        var configuration = DatabaseConfiguration()
        configuration.checkBeforeWriting = check
        return configuration
    }

    private var migratorCheck: DatabaseConfiguration {
        configuration { try Self.migrator.checkCanMigrate($0) }
    }

    /// Opens `path` with `configuration`, expecting `error`, and that every file in the folder stayed as
    /// it was (no -wal, -shm or -journal appeared, nothing changed).
    private func expectTurnedDown<E: Error & Equatable>(
        _ path: String, _ configuration: DatabaseConfiguration, throws error: E,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = FolderSnapshot(folder.path)
        #expect(throws: error, sourceLocation: sourceLocation) {
            try Database(path: path, configuration: configuration)
        }
        #expect(FolderSnapshot(folder.path).changes(since: before).isEmpty, sourceLocation: sourceLocation)
    }

    @Test("a refused rollback-journal file keeps its bytes and its journal mode")
    func rollbackFile() throws {
        let path = folder.file("other.sqlite")
        try DirectSQL.run(path, "CREATE TABLE notes (x); INSERT INTO notes VALUES ('kept');")
        expectTurnedDown(path, configuration { _ in throw TurnedDown() }, throws: TurnedDown())
        #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == "delete")
    }

    @Test("a refused WAL file keeps its bytes, and the -wal and -shm opening made are gone again")
    func walFile() throws {
        let path = folder.file("other.sqlite")
        try DirectSQL.run(path, "PRAGMA journal_mode = WAL; CREATE TABLE notes (x);")
        #expect(SpecialFiles.names(in: folder.path) == ["other.sqlite"])
        expectTurnedDown(path, configuration { _ in throw TurnedDown() }, throws: TurnedDown())
    }

    @Test("the check cannot write, even by mistake")
    func checkIsQueryOnly() throws {
        let path = folder.file("other.sqlite")
        try DirectSQL.run(path, "CREATE TABLE notes (x);")
        let before = fileSnapshot(path)
        let error = #expect(throws: StorageError.self) {
            try Database(path: path, configuration: configuration { try $0.execute("CREATE TABLE mine (y)") })
        }
        #expect(error?.isSQLite(.readOnly) == true, "\(String(describing: error))")
        #expect(fileSnapshot(path) == before)
    }

    @Test("a -wal another program left behind is not folded into a file that is refused", .requires(.sqlite3))
    func foreignWriteAheadLog() async throws {
        let live = folder.file("live.sqlite")
        try DirectSQL.run(live, "PRAGMA journal_mode = WAL; CREATE TABLE notes (x);")
        // sqlite3 commits and stays open, so the rows live only in its -wal; a copy of both files is what
        // a crash of that program leaves.
        let writer = try BackgroundProcess(SQLiteShell.path, ["-bail", live], acceptsInput: true)
        writer.write(
            "PRAGMA wal_autocheckpoint = 0; INSERT INTO notes VALUES ('in the wal'); SELECT 'committed';\n")
        #expect(await writer.waitForOutput("committed"), "\(writer.result)")
        let path = folder.file("copy.sqlite")
        let database = try #require(fileSnapshot(live))
        let wal = try #require(fileSnapshot(live + "-wal"))
        #expect(!wal.isEmpty)
        _ = FileManager.default.createFile(atPath: path, contents: database)
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: wal)
        writer.closeInput()
        await writer.finished()

        #expect(throws: StorageError.unrecognizedDatabase(path: path)) {
            try Database(path: path, configuration: migratorCheck)
        }
        #expect(fileSnapshot(path) == database)
        #expect(fileSnapshot(path + "-wal") == wal)
        #expect(try DirectSQL.run(path, "SELECT x FROM notes") == "in the wal")
    }

    @Test("the migrator recognises its own files and new ones, and nothing else")
    func recognition() throws {
        // A new (empty) file, and one with no schema but a user_version, are new: nothing to lose.
        let empty = try folder.write("", to: "empty.sqlite")
        try Self.migrator.migrate(try Database(path: empty, configuration: migratorCheck))
        #expect(try DirectSQL.run(empty, "SELECT name FROM schema_migrations") == "create_a")
        // Opened again, it is its own.
        _ = try Database(path: empty, configuration: migratorCheck)

        let foreign: [String: String] = [
            "tables.sqlite": "CREATE TABLE a (id INTEGER PRIMARY KEY);",
            "view.sqlite": "CREATE VIEW v AS SELECT 1;",
            // Rails' table of the same name.
            "rails.sqlite":
                "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); INSERT INTO schema_migrations VALUES ('1');",
            // Our columns, another program's first migration.
            "other-first.sqlite": """
            CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT);
            INSERT INTO schema_migrations VALUES (1, 'create_users', 'x', '2024-01-01');
            """,
            // Our table, emptied.
            "no-rows.sqlite": """
            CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT);
            """,
        ]
        for (name, sql) in foreign {
            let path = folder.file(name)
            try DirectSQL.run(path, sql)
            expectTurnedDown(path, migratorCheck, throws: StorageError.unrecognizedDatabase(path: path))
            #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == "delete", "\(name)")
        }
    }

    @Test("a file from a newer program is refused before the switch to WAL mode")
    func newerBeforeWAL() throws {
        let path = folder.file("newer.sqlite")
        try DirectSQL.run(path, "PRAGMA user_version = 7;")
        expectTurnedDown(
            path, migratorCheck, throws: StorageError.newerDatabase(databaseVersion: 7, knownVersion: 1))
        #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == "delete")
    }
}
