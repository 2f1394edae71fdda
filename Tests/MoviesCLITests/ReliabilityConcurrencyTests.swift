import Basics
import Foundation
import TestSupport
import Testing

/// Scenario 1: many `movies` processes writing one file at once. Every write waits its turn (busy
/// timeout, `BEGIN IMMEDIATE`), none fails, nothing is lost, and the file stays sound; readers in WAL
/// mode (`list --watch`, `sqlite3` holding a read transaction) never block the writers.
extension Reliability {
    @Suite("Reliability: concurrent writers", .serialized, .enabled(if: ReliabilityScale.isSlowEnabled))
    struct ReliabilityConcurrencyTests {
        static let workers = 8
        /// Adds per worker: 250 (2,000 rows) at full counts.
        static let addsPerWorker = ReliabilityScale.count(ci: 12, full: 250)

        let movies = MoviesProcess()

        /// Runs the worker loops against a database that does not exist yet (so they also race to create and
        /// migrate it) and returns the failures, one description per failed add, and how many adds said
        /// they created the list (the one whose exclusive create made the file: exactly one, where there was
        /// none). `added`, when given, counts the adds that succeeded, as they do.
        private func addConcurrently(prefix: String, added: Waitable<Int>? = nil) async -> (
            failures: [String], creators: Int
        ) {
            let failures = Locked<[String]>([])
            let creators = Locked(0)
            let movies = movies
            let created = "Created a new list at \(movies.databasePath)\n"
            await runTogether(workers: Self.workers) { worker in
                for number in 0..<Self.addsPerWorker {
                    let title = "\(prefix) w\(worker) n\(number)"
                    do {
                        let result = try movies.run(["add", title, "--rating", "good"])
                        if result.stderr == created { creators.withLock { $0 += 1 } }
                        if result.status != 0 || !(result.stderr.isEmpty || result.stderr == created)
                            || result.crashed
                        {
                            failures.withLock { $0.append("\(title): \(result)") }
                        } else {
                            added?.update { $0 += 1 }
                        }
                    } catch {
                        failures.withLock { $0.append("\(title): \(error)") }
                    }
                }
            }
            return (failures.current, creators.current)
        }

        private func expectSound(rows: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(
                try DirectSQL.integrityCheck(movies.databasePath) == "ok", sourceLocation: sourceLocation)
            #expect(
                try DirectSQL.run(movies.databasePath, "SELECT count(*), count(DISTINCT title) FROM movies")
                    == "\(rows)|\(rows)", sourceLocation: sourceLocation)
        }

        @Test("8 worker loops of `movies add`: every add succeeds, the count is exact, the file is sound")
        func concurrentAdds() async throws {
            let clock = ContinuousClock()
            let start = clock.now
            let (failures, creators) = await addConcurrently(prefix: "plain")
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            #expect(creators == 1, "\(creators) adds said they created the list")
            let rows = Self.workers * Self.addsPerWorker
            try expectSound(rows: rows)
            ReliabilityScale.report(
                "\(rows) concurrent adds from \(Self.workers) processes: "
                    + "\(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies")) rows, "
                    + "\(failures.count) errors, \(clock.now - start)")
        }

        @Test("the same with a `movies shell` script of adds and a `movies list --watch` running alongside")
        func addsWithShellAndWatch() async throws {
            let shellAdds = Self.addsPerWorker * 2
            // The watcher only reads: it needs a list to watch (the adds race to create one in the test
            // above).
            try movies.succeed("migrate")
            let watch = try BackgroundProcess(
                MoviesProcess.binary, ["list", "--watch", "--format", "ndjson"],
                environment: movies.environment)
            let shell = try BackgroundProcess(
                MoviesProcess.binary, ["shell"], environment: movies.environment, acceptsInput: true)
            let script = (0..<shellAdds).map { "add 'shell n\($0)' --rating poor\n" }.joined()
            let feeder = Thread {
                shell.write(script)
                shell.closeInput()
            }
            feeder.start()
            let (failures, _) = await addConcurrently(prefix: "beside")
            let shellResult = await shell.finished()
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            #expect(shellResult.status == 0 && shellResult.stderr.isEmpty, "\(shellResult)")
            #expect(shellResult.stdout.components(separatedBy: "Added ").count - 1 == shellAdds)

            let rows = Self.workers * Self.addsPerWorker + shellAdds
            try expectSound(rows: rows)
            // The watcher sees every row, once, whichever process added it: in the list it printed first, or
            // as an added change after.
            @Sendable func watched(_ output: String) -> Int {
                var ids: [Int] = []
                for line in output.split(separator: "\n") {
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    if let id = object?["id"] as? Int {
                        ids.append(id)
                    } else if object?["change"] as? String == "added",
                        let id = (object?["movie"] as? [String: Any])?["id"] as? Int
                    {
                        ids.append(id)
                    }
                }
                return Set(ids).count == ids.count ? ids.count : -ids.count
            }
            // Each line it prints wakes the wait, until it has printed every row.
            _ = await watch.waitForOutput { watched($0) >= rows }
            watch.send(SIGINT)
            let watchResult = await watch.finished()
            let seen = watched(watchResult.stdout)
            #expect(watchResult.status == 0 && watchResult.signal == nil, "\(watchResult)")
            #expect(seen == rows, "the watcher saw \(seen) of \(rows) adds")
            ReliabilityScale.report(
                "\(Self.workers * Self.addsPerWorker) concurrent adds + \(shellAdds) shell adds beside list --watch: "
                    + "\(rows) rows, \(failures.count) errors, \(seen) changes watched")
        }

        @Test(
            "the same while sqlite3 keeps holding a read transaction open as the writers add movies",
            .requires(.sqlite3))
        func addsBesideLongReads() async throws {
            try movies.succeed("migrate")  // so the readers meet a file in WAL mode from the start
            let added = Waitable(0)
            let writersDone = Waitable(false)
            let database = movies.databasePath
            // One sqlite3 after another, each holding its read transaction while the writers add four
            // movies (or finish): the writers' commits are the events, not a second on the clock.
            let reader = Task { () -> (rounds: Int, failures: [String]) in
                var rounds = 0
                var failures: [String] = []
                repeat {
                    do {
                        let sqlite = try BackgroundProcess(
                            SQLiteShell.path, ["-bail", "-cmd", ".timeout 5000", database], acceptsInput: true
                        )
                        sqlite.write("BEGIN; SELECT 'reading', count(*) FROM sqlite_schema;\n")
                        _ = await sqlite.waitForOutput("reading")
                        let before = added.current
                        _ = await whicheverFirst(
                            { _ = await added.wait { $0 >= before + 4 } },
                            { _ = await writersDone.wait { $0 } })
                        sqlite.write("COMMIT;\n.quit\n")
                        sqlite.closeInput()
                        let result = await sqlite.finished()
                        if result.status != 0 { failures.append("\(result)") }
                        rounds += 1
                    } catch {
                        failures.append("\(error)")
                        break
                    }
                } while !writersDone.current
                return (rounds, failures)
            }
            let (failures, _) = await addConcurrently(prefix: "read", added: added)
            writersDone.update { $0 = true }
            let (readRounds, readerFailures) = await reader.value
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            #expect(readerFailures.isEmpty, "\(readerFailures)")
            #expect(readRounds > 0)
            let rows = Self.workers * Self.addsPerWorker
            try expectSound(rows: rows)
            ReliabilityScale.report(
                "\(rows) concurrent adds beside \(readRounds) long sqlite3 read "
                    + "transactions: \(rows) rows, \(failures.count) errors")
        }
    }
}
