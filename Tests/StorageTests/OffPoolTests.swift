import Foundation
import Storage
import TestSupport
import Testing

@Suite("Blocking SQLite calls stay off the Swift concurrency pool")
struct OffPoolTests {
    @Test("async writes waiting on another connection's write lock leave the cooperative pool free")
    func waitingWritesLeaveThePoolFree() async throws {
        let folder = TemporaryDirectory()
        let path = folder.file("p.sqlite")
        var configuration = DatabaseConfiguration()
        // Long enough that the writes wait until the lock is released below, however loaded the machine
        // (only a hang comes near it); short enough that a pool-blocking implementation fails (each
        // write times out in turn) instead of hanging the run.
        configuration.busyTimeoutMilliseconds = 60_000
        let database = try Database(path: path, configuration: configuration)
        try await database.write { try $0.execute("CREATE TABLE t (x INTEGER) STRICT") }
        // Another connection takes the write lock, so every write below waits in SQLite's busy handler.
        let holder = try Connection(path: path)
        try holder.executeScript("BEGIN IMMEDIATE")

        // More waiting writes than the cooperative pool has threads: were each to block one of them,
        // no other task could run until the busy timeouts expired.
        let writers = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let started = Waitable(0)
        let ended = Counter()
        let writes = (0..<writers).map { value in
            Task.detached {
                started.update { $0 += 1 }
                defer { _ = ended.next() }
                try await database.write { try $0.execute("INSERT INTO t VALUES (?)", arguments: [value]) }
            }
        }
        #expect(await started.wait { $0 == writers } != nil)
        // A task on the cooperative pool runs while every write still waits.
        let writesEndedBeforeThePoolRan = await Task.detached { ended.current }.value
        #expect(writesEndedBeforeThePoolRan == 0)

        try holder.executeScript("ROLLBACK")
        for write in writes {
            try await write.value
        }
        #expect(try await database.read { try $0.scalarInt("SELECT count(*) FROM t") } == writers)
    }
}
