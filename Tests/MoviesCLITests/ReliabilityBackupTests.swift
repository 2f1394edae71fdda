import App
import FoundationEssentials
import MoviesCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `movies backup` while other processes write (every copy is the database at one moment), and
/// `movies restore` killed at random moments (the list is always the old one or the backup's, whole).
extension Reliability {
    @Suite(
        "Reliability: backup and restore", .serialized,
        .enabled(if: ReliabilityScale.isSlowEnabled, "a long scenario: MOVIES_SLOW_TESTS=1"))
    struct ReliabilityBackupTests {
        /// Movies in the file before the load starts, so a copy takes a while: 200,000 at full counts.
        static let baseRows = ReliabilityScale.count(ci: 20_000, full: 200_000)
        /// Backups taken under the load.
        static let backups = ReliabilityScale.count(ci: 3, full: 10)
        /// Restores killed at a random moment.
        static let kills = ReliabilityScale.count(ci: 4, full: 20)

        let movies = MoviesProcess()

        /// Imports `rows` movies titled `<prefix> <n>` into the database at `path`.
        private func fill(_ path: String, rows: Int, prefix: String) throws {
            let csv = movies.folder.file("\(prefix).csv")
            try OwnCSV.write(count: rows, prefix: prefix, to: csv)
            let result = try movies.run(["--db", path, "import", csv])
            #expect(result.status == 0, "\(result)")
        }

        @Test("movies backup beside 4 writers and a news refresh: every copy is sound and of one moment")
        func backupUnderLoad() async throws {
            try fill(movies.databasePath, rows: Self.baseRows, prefix: "Base")
            let load = try ReliabilityLoad(movies: movies)
            #expect(await load.waitUntil(operations: 8, refreshes: 1), "the load did not start")
            var durations: [Duration] = []
            for round in 0..<Self.backups {
                let path = movies.folder.file("backup \(round).sqlite")
                let start = ContinuousClock.now
                let result = try await BackgroundProcess.run(
                    MoviesProcess.binary, ["backup", path], environment: movies.environment)
                durations.append(ContinuousClock.now - start)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
                #expect(result.stdout.contains("integrity check passed"), "\(result)")
                #expect(permissions(of: path) == 0o600)
                for suffix in ["-wal", "-shm", "-journal"] {
                    #expect(!fileExists(path + suffix), "\(suffix) beside the backup")
                }
                let problems = try LoadCheck.problems(in: path, logs: load.writerLogs)
                #expect(problems.isEmpty, "backup \(round): \(problems)")
                let base = try DirectSQL.run(path, "SELECT count(*) FROM movies WHERE title GLOB 'Base *'")
                #expect(base == "\(Self.baseRows)")
            }
            let failures = await load.stop()
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path)
            #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty, "a temporary file was left: \(left)")
            ReliabilityScale.report(
                "\(Self.backups) backups of \(Self.baseRows) movies beside 4 writers and a refresher "
                    + "(\(load.operations) movie operations, \(load.refreshCount) refreshes, 0 failed): "
                    + "each took \(durations.map { "\($0)" }.joined(separator: ", ")); every copy sound and "
                    + "of one moment")
        }

        @Test("kill -9 of movies restore at random moments: the old list or the backup's, never a mix")
        func killedRestore() async throws {
            let backup = movies.folder.file("backup.sqlite")
            let source = movies.folder.file("source.sqlite")
            try fill(source, rows: Self.baseRows, prefix: "Backed")
            try movies.succeed("--db", source, "backup", backup)
            try fill(movies.databasePath, rows: Self.baseRows / 2, prefix: "Current")
            let current = movies.folder.file("current.sqlite")
            try movies.succeed("backup", current)
            let keptCopies = ReplacedLists(databasePath: movies.databasePath)

            // One restore first, to learn how many changes it makes in the database's folder; the kills
            // are spread over 1.2 times that (moments in the program's own work, not in seconds).
            let reference = try FolderWatch(movies.folder.path)
            try movies.succeed("restore", backup)
            let changes = reference.changeCount

            var generator = SeededGenerator(seed: 16)
            var outcomes = (old: 0, restored: 0)
            for attempt in 0..<Self.kills {
                try movies.succeed("restore", current)
                for kept in keptCopies.paths() { try FileManager.default.removeItem(atPath: kept) }
                let folder = try FolderWatch(movies.folder.path)
                let restore = try BackgroundProcess(
                    MoviesProcess.binary, ["restore", backup], environment: movies.environment)
                let moment = Int.random(in: 1...max(1, changes * 12 / 10), using: &generator)
                await whicheverFirst(
                    { _ = await folder.wait { folder.changeCount >= moment } }, { _ = await restore.exited() }
                )
                restore.send(SIGKILL)
                let result = await restore.finished()

                // The next command opens the file (recovering the WAL) and finds one list or the other.
                let list = try movies.run(["list", "--limit", "1"])
                #expect(list.status == 0 && !list.crashed, "attempt \(attempt): \(list)")
                #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok", "attempt \(attempt)")
                let titles = try DirectSQL.run(
                    movies.databasePath,
                    "SELECT count(*), sum(title GLOB 'Backed *'), sum(title GLOB 'Current *') FROM movies")
                if titles == "\(Self.baseRows)|\(Self.baseRows)|0" {
                    outcomes.restored += 1
                } else {
                    #expect(
                        titles == "\(Self.baseRows / 2)|0|\(Self.baseRows / 2)",
                        "attempt \(attempt): \(titles)")
                    outcomes.old += 1
                }
                let index =
                    "INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 1); SELECT 'ok'"
                #expect(try DirectSQL.run(movies.databasePath, index) == "ok", "attempt \(attempt)")
                // The kept copy is there whole, or not at all.
                for kept in keptCopies.paths() {
                    #expect(try DirectSQL.integrityCheck(kept) == "ok", "attempt \(attempt)")
                    #expect(
                        try DirectSQL.run(kept, "SELECT count(*) FROM movies") == "\(Self.baseRows / 2)",
                        "attempt \(attempt)")
                }
                if result.signal != SIGKILL {
                    #expect(result.status == 0, "attempt \(attempt): \(result)")
                }
            }
            #expect(outcomes.old > 0 || outcomes.restored > 0)
            ReliabilityScale.report(
                "kill -9 of movies restore (\(Self.baseRows) movies over \(Self.baseRows / 2), one restore "
                    + "makes \(changes) changes) at \(Self.kills) random moments: \(outcomes.old) left the old list, "
                    + "\(outcomes.restored) the restored one; integrity ok every time, never a mix")
        }
    }
}
