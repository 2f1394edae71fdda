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
        /// migrate it) and returns the failures, one description per failed add.
        private func addConcurrently(prefix: String) async -> [String] {
            let failures = Locked<[String]>([])
            let movies = movies
            await runTogether(workers: Self.workers) { worker in
                for number in 0..<Self.addsPerWorker {
                    let title = "\(prefix) w\(worker) n\(number)"
                    do {
                        let result = try movies.run(["add", title, "--rating", "good"])
                        if result.status != 0 || !result.stderr.isEmpty || result.crashed {
                            failures.withLock { $0.append("\(title): \(result)") }
                        }
                    } catch {
                        failures.withLock { $0.append("\(title): \(error)") }
                    }
                }
            }
            return failures.current
        }

        private func expectSound(rows: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(
                try SQLiteShell.integrityCheck(movies.databasePath) == "ok", sourceLocation: sourceLocation)
            #expect(
                try SQLiteShell.run(movies.databasePath, "SELECT count(*), count(DISTINCT title) FROM movies")
                    == "\(rows)|\(rows)", sourceLocation: sourceLocation)
        }

        @Test("8 worker loops of `movies add`: every add succeeds, the count is exact, the file is sound")
        func concurrentAdds() async throws {
            let clock = ContinuousClock()
            let start = clock.now
            let failures = await addConcurrently(prefix: "plain")
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            let rows = Self.workers * Self.addsPerWorker
            try expectSound(rows: rows)
            ReliabilityScale.report(
                "\(rows) concurrent adds from \(Self.workers) processes: "
                    + "\(try SQLiteShell.run(movies.databasePath, "SELECT count(*) FROM movies")) rows, "
                    + "\(failures.count) errors, \(clock.now - start)")
        }

        @Test("the same with a `movies shell` script of adds and a `movies list --watch` running alongside")
        func addsWithShellAndWatch() async throws {
            let shellAdds = Self.addsPerWorker * 2
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
            let failures = await addConcurrently(prefix: "beside")
            let shellResult = await shell.finished()
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            #expect(shellResult.status == 0 && shellResult.stderr.isEmpty, "\(shellResult)")
            #expect(shellResult.stdout.components(separatedBy: "Added #").count - 1 == shellAdds)

            let rows = Self.workers * Self.addsPerWorker + shellAdds
            try expectSound(rows: rows)
            // The watcher sees every row, once, whichever process added it: in the list it printed first, or
            // as an added change after.
            func watched() -> Int {
                var ids: [Int] = []
                for line in watch.result.stdout.split(separator: "\n") {
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
            let deadline = ContinuousClock.now + .seconds(60)
            while watched() < rows && ContinuousClock.now < deadline && watch.isRunning {
                try await Task.sleep(for: .milliseconds(50))
            }
            watch.send(SIGINT)
            let watchResult = await watch.finished()
            #expect(watchResult.status == 0 && watchResult.signal == nil, "\(watchResult)")
            #expect(watched() == rows, "the watcher saw \(watched()) of \(rows) adds")
            ReliabilityScale.report(
                "\(Self.workers * Self.addsPerWorker) concurrent adds + \(shellAdds) shell adds beside list --watch: "
                    + "\(rows) rows, \(failures.count) errors, \(watched()) changes watched")
        }

        @Test("the same while sqlite3 keeps holding a read transaction open for a second at a time")
        func addsBesideLongReads() async throws {
            try movies.succeed("migrate")  // so the readers meet a file in WAL mode from the start
            let writersDone = Locked(false)
            let readRounds = Locked(0)
            let readerFailures = Locked<[String]>([])
            let database = movies.databasePath
            let reader = Thread {
                while !writersDone.current {
                    guard fileExists(database) else {
                        Thread.sleep(forTimeInterval: 0.01)
                        continue
                    }
                    do {
                        let sqlite = try BackgroundProcess(
                            SQLiteShell.path, ["-bail", "-cmd", ".timeout 5000", database], acceptsInput: true
                        )
                        sqlite.write("BEGIN; SELECT count(*) FROM sqlite_schema;\n")
                        Thread.sleep(forTimeInterval: 1)
                        sqlite.write("COMMIT;\n.quit\n")
                        sqlite.closeInput()
                        let result = sqlite.wait()
                        if result.status != 0 { readerFailures.withLock { $0.append("\(result)") } }
                        readRounds.withLock { $0 += 1 }
                    } catch {
                        readerFailures.withLock { $0.append("\(error)") }
                    }
                }
            }
            reader.start()
            let failures = await addConcurrently(prefix: "read")
            writersDone.withLock { $0 = true }
            while !reader.isFinished { try await Task.sleep(for: .milliseconds(50)) }
            #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
            #expect(readerFailures.current.isEmpty, "\(readerFailures.current)")
            #expect(readRounds.current > 0)
            let rows = Self.workers * Self.addsPerWorker
            try expectSound(rows: rows)
            ReliabilityScale.report(
                "\(rows) concurrent adds beside \(readRounds.current) one-second sqlite3 read "
                    + "transactions: \(rows) rows, \(failures.count) errors")
        }
    }
}
