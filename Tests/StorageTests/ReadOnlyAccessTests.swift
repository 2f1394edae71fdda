import CSQLite
import Foundation
import Storage
import TestSupport
import Testing

/// Files this process only reads are never written: not merged with a `-wal` lying beside them, not
/// checkpointed, their logs never deleted, nothing created beside them.
@Suite("Reading a file without writing it")
struct ReadOnlyAccessTests {
    let folder = TemporaryDirectory()

    /// A WAL-mode file whose last commits are only in its `-wal`, with its `-shm`, as a writer killed
    /// before it closed leaves them: the three files copied while the writer has them open.
    private func fileWithUnmergedLog(_ name: String, rows: [Int]) throws -> String {
        let live = folder.file("writer-" + name)
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(live, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        defer { sqlite3_close_v2(handle) }
        #expect(
            sqlite3_exec(handle, "PRAGMA journal_mode = WAL; CREATE TABLE t (x)", nil, nil, nil) == SQLITE_OK)
        // The table's creation is checkpointed into the file; the rows stay in the log.
        #expect(sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil) == SQLITE_OK)
        for row in rows {
            #expect(sqlite3_exec(handle, "INSERT INTO t VALUES (\(row))", nil, nil, nil) == SQLITE_OK)
        }
        let path = folder.file(name)
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: live + suffix, toPath: path + suffix)
        }
        return path
    }

    @Test("inspecting a live file reads its -wal as its own, and leaves file and log byte for byte")
    func inspectLeavesTheLog() throws {
        let path = try fileWithUnmergedLog("live.sqlite", rows: [1, 2, 3])
        let (file, log) = (fileSnapshot(path), fileSnapshot(path + "-wal"))
        #expect(log?.isEmpty == false)
        let count = try Database.inspect(path: path, configuration: DatabaseConfiguration()) {
            try $0.scalarInt("SELECT count(*) FROM t")
        }
        #expect(count == 3)
        // The -shm is only the log's index, which every reader may rebuild
        // (https://www.sqlite.org/walformat.html#the_wal_index_file_format); the data is untouched.
        #expect(fileSnapshot(path) == file)
        #expect(fileSnapshot(path + "-wal") == log)
        #expect(
            SpecialFiles.names(in: folder.path).filter { $0.hasPrefix("live") }.sorted() == [
                "live.sqlite", "live.sqlite-shm", "live.sqlite-wal",
            ])
    }

    @Test("inspecting a file at rest in WAL mode creates no -wal or -shm")
    func inspectCreatesNothing() throws {
        let path = folder.file("rest.sqlite")
        do {
            let database = try Database(path: path)
            try database.write { try $0.execute("CREATE TABLE t (x)") }
        }
        #expect(SpecialFiles.names(in: folder.path) == ["rest.sqlite"])
        let before = fileSnapshot(path)
        let tables = try Database.inspect(path: path, configuration: DatabaseConfiguration()) {
            try $0.scalarInt("SELECT count(*) FROM sqlite_schema")
        }
        #expect(tables == 1)
        #expect(SpecialFiles.names(in: folder.path) == ["rest.sqlite"])
        #expect(fileSnapshot(path) == before)
    }

    @Test("an immutable open refuses a file with a non-empty -wal or -journal beside it, touching neither")
    func immutableRefusesLogs() throws {
        let path = try fileWithUnmergedLog("backup.sqlite", rows: [1])
        let journaled = folder.file("journaled.sqlite")
        try DirectSQL.run(journaled, "CREATE TABLE t (x)")
        try "not empty".write(toFile: journaled + "-journal", atomically: false, encoding: .utf8)
        var configuration = DatabaseConfiguration()
        configuration.access = .immutable
        configuration.createIfMissing = false
        for (file, log) in [(path, path + "-wal"), (journaled, journaled + "-journal")] {
            let before = FolderSnapshot(folder.path)
            #expect(throws: StorageError.unusableCompanion(path: log, problem: .unmergedLog)) {
                try Database(path: file, configuration: configuration)
            }
            #expect(FolderSnapshot(folder.path).changes(since: before).isEmpty)
        }
        // An empty log holds nothing: the file opens, and still nothing is written.
        try Data().write(to: URL(fileURLWithPath: journaled + "-journal"))
        let before = FolderSnapshot(folder.path)
        let database = try Database(path: journaled, configuration: configuration)
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
        #expect(FolderSnapshot(folder.path).changes(since: before).isEmpty)
    }

    @Test("an immutable open reads a path holding ?, # and % as that path, not as a URI's parts")
    func immutableNames() throws {
        for name in ["a?mode=rwc.sqlite", "b#x.sqlite", "c%41.sqlite", "d e.sqlite"] {
            let path = folder.file(name)
            try DirectSQL.run(path, "CREATE TABLE t (x); INSERT INTO t VALUES (7);")
            var configuration = DatabaseConfiguration()
            configuration.access = .immutable
            let database = try Database(path: path, configuration: configuration)
            #expect(try database.read { try $0.scalarInt("SELECT x FROM t") } == 7, "\(name)")
        }
    }
}
