import CSQLite
import Foundation
import Storage
import TestSupport
import Testing

@Suite("Opening a database file")
struct DatabaseOpeningTests {
    @Test("a new file gets a private folder (0700) and file (0600)")
    func createsPrivateFolderAndFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("nested/deeper/list.sqlite")
        _ = try Database(path: path)
        #expect(permissions(of: folder.file("nested")) == 0o700)
        #expect(permissions(of: folder.file("nested/deeper")) == 0o700)
        #expect(permissions(of: path) == 0o600)
    }

    @Test("connections run in WAL mode with the project's pragmas")
    func configuresPragmas() throws {
        let folder = TemporaryDirectory()
        let database = try Database(path: folder.file("a.sqlite"))
        let (mode, synchronous, foreignKeys, timeout) = try database.writeWithoutTransaction { connection in
            (
                try connection.scalarString("PRAGMA journal_mode"),
                try connection.scalarInt("PRAGMA synchronous"),
                try connection.scalarInt("PRAGMA foreign_keys"),
                try connection.scalarInt("PRAGMA busy_timeout")
            )
        }
        #expect(mode == "wal")
        #expect(synchronous == 1)  // NORMAL
        #expect(foreignKeys == 1)
        #expect(timeout == 5_000)
    }

    @Test("double-quoted string literals are identifiers, so a typo is an error")
    func doubleQuotedStringsAreOff() throws {
        let folder = TemporaryDirectory()
        let database = try Database(path: folder.file("a.sqlite"))
        #expect(throws: StorageError.self) {
            try database.write { try $0.execute("SELECT \"not a column\"") }
        }
    }

    @Test("a directory is refused")
    func refusesDirectory() throws {
        let folder = TemporaryDirectory()
        #expect(throws: StorageError.notAFile(path: folder.path, kind: .directory)) {
            try Database(path: folder.path)
        }
    }

    @Test("a file that is not SQLite is refused and left byte-for-byte unchanged")
    func refusesForeignFile() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write("title,year\nHeat,1995\n", to: "notes.csv")
        let before = fileSnapshot(path)
        #expect(throws: StorageError.notADatabase(path: path)) {
            try Database(path: path)
        }
        #expect(fileSnapshot(path) == before)
        #expect(!fileExists(path + "-wal"))
        #expect(!fileExists(path + "-shm"))
    }

    @Test("a short file that cannot hold the SQLite header is refused")
    func refusesTruncatedHeader() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write("SQLite", to: "short.sqlite")
        #expect(throws: StorageError.notADatabase(path: path)) {
            try Database(path: path)
        }
    }

    @Test("an empty file is a new, empty database")
    func acceptsEmptyFile() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write("", to: "empty.sqlite")
        let database = try Database(path: path)
        try database.write { try $0.execute("CREATE TABLE t (x INTEGER) STRICT") }
        #expect(try DirectSQL.integrityCheck(path) == "ok")
    }

    @Test("a folder that cannot be created names the file in the way")
    func refusesUncreatableFolder() throws {
        let folder = TemporaryDirectory()
        let blocker = try folder.write("a file, not a folder", to: "blocker")
        for path in [blocker + "/sub/list.sqlite", blocker + "/list.sqlite"] {
            #expect(throws: StorageError.cannotOpen(path: path, reason: "\(blocker) is a file, not a folder"))
            {
                try Database(path: path)
            }
        }
        #expect(SpecialFiles.names(in: folder.path) == ["blocker"])
    }

    @Test("without create, a missing file is .missing and nothing is created, not even its folder")
    func refusesMissingWithoutCreate() throws {
        let folder = TemporaryDirectory()
        var configuration = DatabaseConfiguration()
        configuration.createIfMissing = false
        for path in [folder.file("missing.sqlite"), folder.file("new/missing.sqlite")] {
            #expect(throws: StorageError.missing(path: path)) {
                try Database(path: path, configuration: configuration)
            }
        }
        #expect(SpecialFiles.names(in: folder.path).isEmpty)
    }

    @Test(
        "reading only: nothing is written, not even the switch to WAL mode",
        arguments: [DatabaseConfiguration.Access.queryOnly, .readOnly, .immutable])
    func readOnlyWritesNothing(access: DatabaseConfiguration.Access) throws {
        let folder = TemporaryDirectory()
        let path = folder.file("rollback.sqlite")
        try DirectSQL.run(path, "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        let before = fileSnapshot(path)
        var configuration = DatabaseConfiguration()
        configuration.access = access
        do {
            let database = try Database(path: path, configuration: configuration)
            #expect(try database.read { try $0.scalarInt("SELECT x FROM t") } == 1)
            #expect(throws: StorageError.self) { try database.write { try $0.execute("DELETE FROM t") } }
        }
        #expect(fileSnapshot(path) == before)
        #expect(try DirectSQL.run(path, "PRAGMA journal_mode") == "delete")
        #expect(SpecialFiles.names(in: folder.path) == ["rollback.sqlite"])
    }
}

@Suite("Several connections in one process", .offPool)
struct SharedFileTests {
    @Test(
        "opening a second connection keeps the first one's locks: other processes keep seeing our readers",
        .requires(.sqlite3))
    func secondOpenKeepsLocks() async throws {
        // Regression: reading the header with open()/close() while a connection was open dropped this
        // process's POSIX locks; sqlite3 then deleted the WAL on exit and our connections went stale.
        let folder = TemporaryDirectory()
        let path = folder.file("shared.sqlite")
        let first = try Database(path: path)
        try await first.write { try $0.execute("CREATE TABLE t (x INTEGER) STRICT") }
        let second = try Database(path: path)
        for value in 1...3 {
            try SQLiteShell.run(path, "INSERT INTO t VALUES (\(value))")
            #expect(try await first.read { try $0.scalarInt("SELECT count(*) FROM t") } == value)
            #expect(try await second.read { try $0.scalarInt("SELECT count(*) FROM t") } == value)
        }
        #expect(fileExists(path + "-wal"))
    }
}
