import CSQLite
import Foundation
import Storage
import TestSupport
import Testing

@Suite("Transactions")
struct TransactionTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("t.sqlite") }

    private func makeDatabase(busyTimeout: Int = 5_000) throws -> Database {
        var configuration = DatabaseConfiguration()
        configuration.busyTimeoutMilliseconds = busyTimeout
        let database = try Database(path: path, configuration: configuration)
        try database.write { try $0.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER) STRICT") }
        return database
    }

    struct Abort: Error {}

    @Test("a write that throws is rolled back")
    func rollsBack() throws {
        let database = try makeDatabase()
        #expect(throws: Abort.self) {
            try database.write { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
    }

    @Test("a nested write is a savepoint: its failure leaves the outer work")
    func nestedSavepoint() throws {
        let database = try makeDatabase()
        try database.write { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            _ = try? connection.writeTransaction {
                try connection.execute("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        #expect(try database.read { try $0.scalarString("SELECT group_concat(x) FROM t") } == "1")
    }

    @Test("a body that returns .rollback writes nothing and throws nothing; .commit keeps its work")
    func bodyDecides() throws {
        let database = try makeDatabase()
        try database.inTransaction { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            return .rollback
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
        try database.inTransaction { connection in
            try connection.execute("INSERT INTO t VALUES (2)")
            return .commit
        }
        #expect(try database.read { try $0.scalarString("SELECT group_concat(x) FROM t") } == "2")
        // The connection is back outside any transaction either way.
        #expect(try database.writeWithoutTransaction { $0.isInAutocommitMode })
    }

    @Test("nested, a body's .rollback undoes its own work only; an outer .rollback undoes everything")
    func nestedDecisions() throws {
        let database = try makeDatabase()
        try database.write { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (2)")
                return .rollback
            }
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (3)")
                return .commit
            }
        }
        #expect(try database.read { try $0.scalarString("SELECT group_concat(x) FROM t") } == "1,3")
        try database.inTransaction { connection in
            try connection.execute("INSERT INTO t VALUES (4)")
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (5)")
                return .commit
            }
            return .rollback
        }
        #expect(try database.read { try $0.scalarString("SELECT group_concat(x) FROM t") } == "1,3")
    }

    @Test("a body that throws is rolled back and its error reaches the caller")
    func bodyThrows() throws {
        let database = try makeDatabase()
        #expect(throws: Abort.self) {
            try database.inTransaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
        #expect(try database.writeWithoutTransaction { $0.isInAutocommitMode })
    }

    @Test("reads are not blocked by another connection's open write transaction")
    func readsDoNotBlock() throws {
        let reader = try makeDatabase()
        try reader.write { try $0.execute("INSERT INTO t VALUES (1)") }
        let writer = try makeDatabase()
        try writer.write { connection in
            try connection.execute("INSERT INTO t VALUES (2)")
            // While this transaction holds the write lock, the other database reads the last commit.
            #expect(try reader.read { try $0.scalarInt("SELECT count(*) FROM t") } == 1)
        }
        #expect(try reader.read { try $0.scalarInt("SELECT count(*) FROM t") } == 2)
    }

    @Test("a writer waiting past the busy timeout gets a busy error, and nothing is written")
    func busyTimeout() throws {
        let holder = try makeDatabase()
        let waiter = try makeDatabase(busyTimeout: 100)
        try holder.write { _ in
            let error = #expect(throws: StorageError.self) {
                try waiter.write { try $0.execute("INSERT INTO t VALUES (9)") }
            }
            #expect(error?.isBusy == true)
        }
        #expect(try waiter.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
    }

    @Test("two writers with a busy timeout both succeed, one after the other")
    func writersQueue() async throws {
        let first = try makeDatabase()
        let second = try makeDatabase()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for database in [first, second] {
                group.addTask {
                    for value in 0..<100 {
                        try await database.write {
                            try $0.execute("INSERT INTO t VALUES (?)", arguments: [value])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await first.read { try $0.scalarInt("SELECT count(*) FROM t") } == 200)
    }
}

@Suite("One thread at a time per connection")
struct SerializationTests {
    @Test("a read or write inside another on the same thread fails loudly instead of deadlocking")
    func reentrantUseTraps() async {
        await #expect(processExitsWith: .failure) {
            let folder = TemporaryDirectory()
            let database = try Database(path: folder.file("r.sqlite"))
            try database.write { _ in
                try database.writeWithoutTransaction { _ in }
            }
        }
    }
}
