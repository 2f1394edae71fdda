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
            try connection.executeScript(
                """
                CREATE TABLE items (name TEXT) STRICT;
                CREATE TABLE tags (item TEXT, tag TEXT) STRICT;
                CREATE TABLE other (x INTEGER) STRICT;
                """)
        }
    }

    static func names(_ connection: Connection) throws -> [String] {
        try connection.cachedStatement("SELECT name FROM items ORDER BY rowid").fetchAll { $0.string(at: 0) }
    }

    /// A value that also says which fetch produced it, so every re-read shows as a new value: a wake-up
    /// that should not have happened cannot hide behind an unchanged result.
    struct Numbered<Value: Sendable & Equatable>: Sendable, Equatable {
        var value: Value
        var fetch: Int
    }

    /// `fetch`, numbering its results.
    static func numbered<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> @Sendable (Connection) throws -> Numbered<Value> {
        let count = Counter()
        return { connection in Numbered(value: try fetch(connection), fetch: count.next()) }
    }

    @Test("the current value first, then a new one after an in-process write")
    func inProcessWrite() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        #expect(await recorder.values == [[]])
        try await database.write { try $0.execute("INSERT INTO items VALUES ('a')") }
        #expect(await recorder.wait { $0 == ["a"] })
    }

    @Test("a write from a second connection in this process is seen")
    func secondConnection() async throws {
        let other = try Database(path: path)
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        try await other.write { try $0.execute("INSERT INTO items VALUES ('from the other connection')") }
        #expect(await recorder.wait { $0 == ["from the other connection"] })
    }

    @Test("a write from another process (the sqlite3 command) is seen", .offPool, .requires(.sqlite3))
    func otherProcess() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(Self.names))
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

    @Test("rolled-back transactions wake nobody: after the first value, the next is the committed one")
    func rollbackIsSilent() async throws {
        let recorder = Recorder<Numbered<[String]>>()
        let task = recorder.record(database.observe(Self.numbered(Self.names)))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        struct Abort: Error {}
        _ = try? await database.write { connection -> Void in
            try connection.execute("INSERT INTO items VALUES ('thrown away')")
            throw Abort()
        }
        try database.inTransaction { connection in
            try connection.execute("INSERT INTO items VALUES ('rolled back')")
            return .rollback
        }
        try await database.write { try $0.execute("INSERT INTO items VALUES ('kept')") }
        #expect(await recorder.wait { $0.value == ["kept"] })
        // Had either rollback woken the observer, a re-read would show here (as a value with its own
        // fetch number) before the committed one, or as the committed value's fetch number.
        #expect(
            await recorder.values == [Numbered(value: [], fetch: 1), Numbered(value: ["kept"], fetch: 2)])
    }

    @Test("an observation of a join wakes for a commit to either table, and not for a commit to another")
    func tablesFromTheQuery() async throws {
        @Sendable func tagged(_ connection: Connection) throws -> [String] {
            try connection.cachedStatement(
                "SELECT items.name || ':' || coalesce(tags.tag, '') FROM items LEFT JOIN tags ON tags.item = items.name ORDER BY 1"
            ).fetchAll { $0.string(at: 0) }
        }
        let recorder = Recorder<Numbered<[String]>>()
        let task = recorder.record(database.observe(Self.numbered(tagged)))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        try await database.write { try $0.execute("INSERT INTO other VALUES (1)") }
        try await database.write { try $0.execute("INSERT INTO items VALUES ('a')") }
        #expect(await recorder.wait { $0.value == ["a:"] })
        try await database.write { try $0.execute("INSERT INTO other VALUES (2)") }
        try await database.write { try $0.execute("INSERT INTO tags VALUES ('a', 'red')") }
        #expect(await recorder.wait { $0.value == ["a:red"] })
        // One fetch per commit to a joined table; none for the commits to `other`.
        #expect(
            await recorder.values == [
                Numbered(value: [], fetch: 1), Numbered(value: ["a:"], fetch: 2),
                Numbered(value: ["a:red"], fetch: 3),
            ])
    }

    @Test("an observation of a full-text query wakes when a trigger updates the index from its content table")
    func fullTextQuery() async throws {
        try await database.write { connection in
            try connection.executeScript(
                """
                CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT) STRICT;
                CREATE VIRTUAL TABLE docs_fts USING fts5(body, content='docs', content_rowid='id');
                CREATE TRIGGER docs_fts_insert AFTER INSERT ON docs BEGIN
                    INSERT INTO docs_fts (rowid, body) VALUES (NEW.id, NEW.body);
                END;
                """)
        }
        // Reads the FTS5 table only: its writes reach the update hook as writes to its shadow tables.
        @Sendable func matches(_ connection: Connection) throws -> [Int] {
            try connection.cachedStatement(
                "SELECT rowid FROM docs_fts WHERE docs_fts MATCH 'heat' ORDER BY rowid"
            )
            .fetchAll { $0.int(at: 0) }
        }
        let recorder = Recorder<[Int]>()
        let task = recorder.record(database.observe(matches))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        try await database.write { try $0.execute("INSERT INTO docs (id, body) VALUES (7, 'Heat, 1995')") }
        #expect(await recorder.wait { $0 == [7] })
    }

    @Test("rapid commits may merge, but the last value is never stale")
    func rapidCommits() async throws {
        let recorder = Recorder<[String]>()
        let task = recorder.record(database.observe(Self.names))
        defer { task.cancel() }
        #expect(await recorder.wait(forCount: 1))
        for index in 0..<50 {
            try await database.write {
                try $0.execute("INSERT INTO items VALUES (?)", arguments: ["\(index)"])
            }
        }
        #expect(await recorder.wait { $0.count == 50 })
        #expect(await recorder.values.count <= 51)
    }

    @Test(
        "commit signals: one once in place, then after commits to a table the query reads, from anywhere",
        .offPool, .requires(.sqlite3))
    func commitSignals() async throws {
        let signals = database.commits(touchingTablesReadBy: { connection in
            _ = try connection.cachedStatement("SELECT name FROM items LIMIT 0").fetchAll { $0.string(at: 0) }
        })
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() != nil, "the first signal says the observation is in place")
        try await database.write { try $0.execute("INSERT INTO items VALUES ('a')") }
        #expect(await iterator.next() != nil)
        try SQLiteShell.run(path, "INSERT INTO items VALUES ('from sqlite3')")
        #expect(await iterator.next() != nil, "a commit from another process signals too")
    }

    @Test("cancelling the consumer releases the observer and stops the poller")
    func cancellation() async throws {
        #expect(database.observerCount == 0)
        // The observer is in place when observe returns, and gone once the cancelled consumer has ended
        // (the stream's termination handler stops it, before the consumer's loop ends).
        let task = Recorder<[String]>().record(database.observe(Self.names))
        #expect(database.observerCount == 1)
        task.cancel()
        await task.value
        #expect(database.observerCount == 0)
    }

    @Test("a consumer that stops iterating releases the observer")
    func earlyExit() async throws {
        for try await _ in database.observe(Self.names) {
            break
        }
        // Leaving the loop releases its iterator, which terminates the stream and stops the observer.
        #expect(database.observerCount == 0)
    }
}

/// A count that tasks and threads can share.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds one and returns the new count.
    func next() -> Int { count.add(1, ordering: .relaxed).newValue }

    var current: Int { count.load(ordering: .relaxed) }
}
