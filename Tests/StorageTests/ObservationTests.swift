import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

@Suite("Change observation")
struct ObservationTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("o.sqlite") }
    let database: Database

    init() throws {
        database = try Database(path: folder.file("o.sqlite"))
        try database.write { connection in
            try connection.execute(
                "CREATE TABLE items (name TEXT) STRICT; CREATE TABLE other (x INTEGER) STRICT;")
        }
    }

    static func names(_ connection: Connection) throws -> [String] {
        try connection.cachedStatement("SELECT name FROM items ORDER BY rowid").fetchAll { $0.string(at: 0) }
    }

    @Test("the current value first, then a new one after an in-process write")
    func inProcessWrite() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(tables: ["items"], fetch: Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        #expect(await recorder.values == [[]])
        try database.write { try $0.execute("INSERT INTO items VALUES ('a')") }
        #expect(await recorder.wait { $0 == ["a"] })
    }

    @Test("a write from a second connection in this process is seen")
    func secondConnection() async throws {
        let other = try Database(path: path)
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(tables: ["items"], fetch: Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        try other.write { try $0.execute("INSERT INTO items VALUES ('from the other connection')") }
        #expect(await recorder.wait { $0 == ["from the other connection"] })
    }

    @Test("a write from another process (the sqlite3 command) is seen within a second")
    func otherProcess() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(tables: ["items"], fetch: Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        try SQLiteShell.run(path, "INSERT INTO items VALUES ('from sqlite3')")
        #expect(await recorder.wait { $0 == ["from sqlite3"] })
        // And again: every later commit is seen too, not only the first.
        try SQLiteShell.run(path, "INSERT INTO items VALUES ('again')")
        #expect(await recorder.wait { $0 == ["from sqlite3", "again"] })
        try SQLiteShell.run(path, "DELETE FROM items")
        #expect(await recorder.wait { $0 == [] })
    }

    @Test("a rolled-back transaction produces no value and no re-read")
    func rollbackIsSilent() async throws {
        let fetches = Atomic<Int>(0)
        let recorder = Recorder<[String]>()
        let task = recorder.record(
            database.observe(tables: ["items"]) { connection in
                fetches.add(1, ordering: .relaxed)
                return try Self.names(connection)
            })
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        struct Abort: Error {}
        _ = try? database.write { connection -> Void in
            try connection.execute("INSERT INTO items VALUES ('rolled back')")
            throw Abort()
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(fetches.load(ordering: .relaxed) == 1)
        #expect(await recorder.values == [[]])
        try database.write { try $0.execute("INSERT INTO items VALUES ('kept')") }
        #expect(await recorder.wait { $0 == ["kept"] })
        #expect(await recorder.values == [[], ["kept"]])
    }

    @Test("a write to another table wakes nobody")
    func unrelatedTable() async throws {
        let fetches = Atomic<Int>(0)
        let recorder = Recorder<[String]>()
        let task = recorder.record(
            database.observe(tables: ["items"]) { connection in
                fetches.add(1, ordering: .relaxed)
                return try Self.names(connection)
            })
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        // Another connection would wake everyone through data_version; this one's hooks know the table.
        try database.write { try $0.execute("INSERT INTO other VALUES (1)") }
        try await Task.sleep(for: .milliseconds(200))
        // The poller's connection sees data_version move (another connection committed) and wakes the
        // observer once more at most; the value itself is unchanged so nothing is yielded.
        #expect(fetches.load(ordering: .relaxed) <= 2)
        #expect(await recorder.values == [[]])
    }

    @Test("rapid commits may merge, but the last value is never stale")
    func rapidCommits() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(tables: ["items"], fetch: Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        for index in 0..<50 {
            try database.write { try $0.execute("INSERT INTO items VALUES (?)", ["\(index)"]) }
        }
        #expect(await recorder.wait { $0.count == 50 })
        #expect(await recorder.values.count <= 51)
    }

    @Test("cancelling the consumer releases the observer and stops the poller")
    func cancellation() async throws {
        #expect(database.observerCount == 0)
        let task = Recorder<[String]>().record(database.observe(tables: ["items"], fetch: Self.names))
        #expect(await eventually { database.observerCount == 1 })
        task.cancel()
        #expect(await eventually { database.observerCount == 0 })
    }

    @Test("a consumer that stops iterating releases the observer")
    func earlyExit() async throws {
        for try await _ in database.observe(tables: ["items"], fetch: Self.names) {
            break
        }
        #expect(await eventually { database.observerCount == 0 })
    }
}
