import App
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

/// Scenarios 2 and 3: `kill -9` in the middle of a write. SQLite's WAL makes every transaction all or
/// nothing, so whenever the process dies the file opens, is sound, and holds what it held before the
/// transaction or everything after it, never a part.
extension Reliability {
    @Suite("Reliability: crashes mid-write", .serialized, .enabled(if: ReliabilityScale.isSlowEnabled))
    struct ReliabilityCrashTests {
        let movies = MoviesProcess()

        private func count(_ table: String = "movies", in path: String? = nil) throws -> Int {
            Int(try DirectSQL.run(path ?? movies.databasePath, "SELECT count(*) FROM \(table)")) ?? -1
        }

        /// `kill -9`s the process once `changes` changes were made in the database's folder (its writes to
        /// the file, the -wal, the -shm), unless it ended first, and returns its end.
        ///
        /// Moments counted in the program's own writes rather than in seconds: they fall at the same
        /// points of its work however loaded the machine.
        private func kill(_ process: BackgroundProcess, afterChanges changes: Int, in folder: FolderWatch)
            async -> ProcessResult
        {
            await whicheverFirst(
                { _ = await folder.wait { folder.changeCount >= changes } }, { _ = await process.exited() })
            process.send(SIGKILL)
            return await process.finished()
        }

        /// Runs `movies arguments` to its end while watching the database's folder; the result, and the
        /// number of changes it made there.
        private func measured(_ arguments: [String], folder path: String) async throws -> (ProcessResult, Int)
        {
            let folder = try FolderWatch(path)
            let result = try await BackgroundProcess.run(
                MoviesProcess.binary, arguments, environment: movies.environment)
            return (result, folder.changeCount)
        }

        @Test("kill -9 of `movies import` at random moments: the file is sound and holds all of it or none")
        func killedImports() async throws {
            let rows = ReliabilityScale.count(ci: 20_000, full: 200_000)
            let kills = ReliabilityScale.count(ci: 3, full: 20)
            try movies.succeed("add", "Before everything", "--rating", "good")

            // One whole import first, to learn how many changes one makes to the database's files; the
            // kills are spread over 1.3 times that, so some land after the commit (or after the process
            // ended) and both outcomes are checked.
            let reference = movies.folder.file("reference.csv")
            try OwnCSV.write(count: rows, prefix: "Reference", to: reference)
            let (whole, changes) = try await measured(["import", reference], folder: movies.folder.path)
            #expect(whole.status == 0 && whole.stdout.contains("\(rows) added"), "\(whole)")
            #expect(changes > 0)

            var generator = SeededGenerator(seed: 2_026_11_30)
            var interrupted = 0
            var completed = 0
            for attempt in 0..<kills {
                let file = movies.folder.file("import-\(attempt).csv")
                try OwnCSV.write(count: rows, prefix: "Attempt \(attempt)", to: file)
                let before = try count()
                let folder = try FolderWatch(movies.folder.path)
                let importer = try BackgroundProcess(
                    MoviesProcess.binary, ["import", file], environment: movies.environment)
                let result = await kill(
                    importer, afterChanges: Int.random(in: 1...max(1, changes * 13 / 10), using: &generator),
                    in: folder)
                try? FileManager.default.removeItem(atPath: file)

                // The file opens with movies (which recovers the WAL) and with sqlite3, and is sound.
                let list = try movies.run(["list", "--limit", "1"])
                #expect(list.status == 0 && !list.crashed, "attempt \(attempt): \(list)")
                #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok", "attempt \(attempt)")
                let after = try count()
                #expect(
                    after == before || after == before + rows, "attempt \(attempt): \(before) then \(after)")
                #expect(try count("movies_fts") == after, "the search index matches the table")
                if result.signal == SIGKILL {
                    if after == before { interrupted += 1 } else { completed += 1 }
                } else {
                    #expect(result.status == 0 && after == before + rows, "attempt \(attempt): \(result)")
                    completed += 1
                }
            }
            #expect(interrupted > 0, "no kill landed during an import")
            ReliabilityScale.report(
                "kill -9 of a \(rows)-row import at \(kills) random moments (one import makes \(changes) changes): "
                    + "\(interrupted) rolled back to the count before, \(completed) had committed; "
                    + "integrity ok every time, never a partial import")
        }

        // MARK: - Migrations

        @Test(
            "kill -9 during a migration: the previous version is intact and the next `movies migrate` works")
        func killedMigrations() async throws {
            let rows = ReliabilityScale.count(ci: 30_000, full: 200_000)
            let kills = ReliabilityScale.count(ci: 3, full: 10)
            let latest = AppDatabase.latestSchemaVersion
            let template = movies.folder.file("version-2.sqlite")
            try VersionTwoDatabase.write(rows: rows, to: template)
            #expect(try DirectSQL.run(template, "PRAGMA user_version") == "2")
            let templateBytes = try #require(fileSnapshot(template))

            // One whole migration first, in a folder of its own, to learn how many changes it makes.
            let referenceFolder = TemporaryDirectory()
            let referencePath = referenceFolder.file("reference.sqlite")
            _ = FileManager.default.createFile(atPath: referencePath, contents: templateBytes)
            let (reference, changes) = try await measured(
                ["--db", referencePath, "migrate"], folder: referenceFolder.path)
            #expect(reference.status == 0 && reference.stdout.contains("Applied 0003_full_text_search"))

            var generator = SeededGenerator(seed: 3)
            var interrupted = 0
            for attempt in 0..<kills {
                let attemptFolder = TemporaryDirectory()
                let path = attemptFolder.file("attempt-\(attempt).sqlite")
                _ = FileManager.default.createFile(atPath: path, contents: templateBytes)
                let folder = try FolderWatch(attemptFolder.path)
                let migrating = try BackgroundProcess(
                    MoviesProcess.binary, ["--db", path, "migrate"], environment: movies.environment)
                let result = await kill(
                    migrating, afterChanges: Int.random(in: 1...max(1, changes * 9 / 10), using: &generator),
                    in: folder)

                // Whatever moment it died at, the file is sound at a version it reached whole.
                #expect(try DirectSQL.integrityCheck(path) == "ok", "attempt \(attempt)")
                let version = Int(try DirectSQL.run(path, "PRAGMA user_version")) ?? -1
                #expect(
                    try DirectSQL.run(path, "SELECT max(version) FROM schema_migrations") == "\(version)",
                    "attempt \(attempt)")
                #expect((2...latest).contains(version), "attempt \(attempt): version \(version)")
                #expect(try count(in: path) == rows, "attempt \(attempt)")
                if result.signal == SIGKILL && version < latest { interrupted += 1 }

                // The next run migrates cleanly, and the full-text index covers every row.
                let next = try movies.run(["--db", path, "migrate"])
                #expect(next.status == 0 && !next.crashed, "attempt \(attempt): \(next)")
                #expect(try DirectSQL.run(path, "PRAGMA user_version") == String(latest))
                #expect(try DirectSQL.integrityCheck(path) == "ok")
                #expect(try count("movies_fts", in: path) == rows)
                let found = try movies.run(["--db", path, "search", "number", "\(rows)", "--format", "tsv"])
                #expect(found.stdout.contains("Movie number \(rows)\t"), "\(found)")
                try? FileManager.default.removeItem(atPath: path)
            }
            #expect(interrupted > 0, "no kill landed during a migration")
            ReliabilityScale.report(
                "kill -9 during migrations 3-\(latest) of a \(rows)-movie version-2 file at \(kills) random moments "
                    + "(a whole migration makes \(changes) changes): \(interrupted) interrupted, previous version intact "
                    + "every time, the next migrate clean every time")
        }
    }
}
