import Foundation
import TestSupport
import Testing

/// Scenario 5: damaged or foreign database files. Each is a clear error with the file left byte for
/// byte as it was, or (an empty file, a WAL left by a crashed writer) a correct recovery.
extension Reliability {
    @Suite("Reliability: damaged files")
    struct ReliabilityDamagedFileTests {
        let movies = MoviesProcess()

        /// A sound database of 300 movies, checkpointed (no -wal beside it), and its bytes.
        private func soundDatabase() throws -> Data {
            let seed = movies.folder.file("seed.csv")
            try OwnCSV.write(count: 300, prefix: "Sound", to: seed)
            try movies.succeed("import", seed)
            #expect(!fileExists(movies.databasePath + "-wal"))
            return try #require(fileSnapshot(movies.databasePath))
        }

        /// Writes `bytes` to a new file in the test folder and returns its path.
        private func file(_ name: String, _ bytes: Data) -> String {
            let path = movies.folder.file(name)
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
            return path
        }

        private func expectRefused(
            _ path: String, message: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            for arguments in [["list"], ["add", "Heat"], ["migrate"], ["news", "list"]] {
                let result = try movies.refuse(
                    ["--db", path] + arguments, status: 1, message: message, databasePath: path,
                    sourceLocation: sourceLocation)
                #expect(!result.crashed, sourceLocation: sourceLocation)
            }
            #expect(!fileExists(path + "-wal") || fileSnapshot(path + "-wal")?.isEmpty == true)
        }

        @Test("a truncated database is reported damaged and left as it is")
        func truncated() throws {
            let bytes = try soundDatabase()
            for length in [100, 4096, 3 * 4096 + 17, bytes.count / 2, bytes.count - 4096] {
                let path = file("truncated-\(length).sqlite", bytes.prefix(length))
                try expectRefused(path, message: "The database file is damaged")
            }
        }

        @Test("random bytes, with or without SQLite's header, are refused and left as they are")
        func randomBytes() throws {
            var generator = SeededGenerator(seed: 5)
            let noise = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try expectRefused(
                file("noise.sqlite", noise), message: "is not a SQLite database; it was left unchanged")
            let header = Data("SQLite format 3\0".utf8)
            try expectRefused(
                file("header-then-noise.sqlite", header + noise), message: "The database file is damaged")
            // A sound file with its page 2 onwards overwritten.
            let bytes = try soundDatabase()
            var damaged = bytes
            damaged.replaceSubrange(4096..<8192, with: noise.prefix(4096))
            try expectRefused(
                file("page-overwritten.sqlite", damaged), message: "The database file is damaged")
        }

        @Test("a zero-length file becomes a new database (nothing to lose); a directory is refused")
        func emptyFileAndDirectory() throws {
            let empty = file("empty.sqlite", Data())
            let added = try movies.run(["--db", empty, "add", "Heat"])
            #expect(added.status == 0 && added.stdout == "Added 1  Heat  not-seen\n", "\(added)")
            #expect(try DirectSQL.integrityCheck(empty) == "ok")

            let folder = movies.folder.file("a-folder.sqlite")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try movies.refuse(
                ["--db", folder, "list"], status: 1, message: "is a folder, not a database file",
                databasePath: folder)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }

        @Test(
            "a -wal from a writer killed mid-transaction: the uncommitted rows never appear",
            .requires(.sqlite3))
        func walOfKilledWriter() async throws {
            _ = try soundDatabase()
            // sqlite3 writes 20,000 rows with a tiny page cache, so they spill into the -wal uncommitted,
            // and is killed before it commits.
            let writer = try BackgroundProcess(
                SQLiteShell.path, ["-bail", movies.databasePath], acceptsInput: true)
            writer.write(
                """
                PRAGMA cache_size = 10;
                BEGIN IMMEDIATE;
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000)
                INSERT INTO movies (title) SELECT 'Uncommitted ' || x FROM n;
                SELECT 'inserted';

                """)
            #expect(await writer.waitForOutput("inserted"), "\(writer.result)")
            #expect(
                (fileSnapshot(movies.databasePath + "-wal")?.count ?? 0) > 100_000,
                "the rows spilled into the WAL")
            writer.send(SIGKILL)
            await writer.finished()

            let list = try movies.run(["list", "--format", "csv"])
            #expect(list.status == 0, "\(list)")
            #expect(list.stdout.split(separator: "\n").count == 301)
            #expect(!list.stdout.contains("Uncommitted"))
            try movies.succeed("add", "After the crash")
            #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
            #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "301")
        }

        @Test(
            "a copy of a live writer's database and -wal (as a crash leaves them) recovers every commit",
            .requires(.sqlite3))
        func walOfLiveWriter() async throws {
            _ = try soundDatabase()
            // sqlite3 commits 50 rows and stays open, so nothing is checkpointed: they live only in the -wal.
            let writer = try BackgroundProcess(
                SQLiteShell.path, ["-bail", movies.databasePath], acceptsInput: true)
            writer.write(
                """
                PRAGMA wal_autocheckpoint = 0;
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50)
                INSERT INTO movies (title) SELECT 'Committed ' || x FROM n;
                SELECT 'committed';

                """)
            #expect(await writer.waitForOutput("committed"), "\(writer.result)")
            let copy = movies.folder.file("copy.sqlite")
            let wal = try #require(fileSnapshot(movies.databasePath + "-wal"))
            #expect(!wal.isEmpty)
            _ = FileManager.default.createFile(atPath: copy, contents: fileSnapshot(movies.databasePath))
            _ = FileManager.default.createFile(atPath: copy + "-wal", contents: wal)
            writer.closeInput()
            await writer.finished()

            let list = try movies.run(["--db", copy, "list", "--format", "csv"])
            #expect(list.status == 0, "\(list)")
            #expect(list.stdout.split(separator: "\n").count == 351)
            #expect(list.stdout.contains("Committed 50"))
            #expect(try DirectSQL.integrityCheck(copy) == "ok")
        }

        @Test(
            "a file of another user, mode 0400 (and one only readable, to write), is a clear error and stays as it is",
            .enabled(if: OtherUser.prefix != nil, "\(OtherUser.unavailableReason)"))
        func anotherUsersFile() throws {
            let bytes = try soundDatabase()
            // A folder `nobody` can enter but not write, with a copy of the binary it can run.
            let shared = movies.folder.file("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            let binary = shared + "/movies"
            try ExecutableFile.copy(from: MoviesProcess.binary, to: binary)
            for path in [movies.folder.path, shared, binary] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
            let prefix = try #require(OtherUser.prefix)
            func runAsNobody(_ arguments: [String]) throws -> ProcessResult {
                try ProcessRunner.run(
                    prefix[0], Array(prefix.dropFirst()) + [binary] + arguments,
                    environment: ["HOME": shared, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            }

            for (mode, message) in [
                (0o400, "Error: Cannot open \(shared)/private.sqlite: Permission denied"),
                (
                    0o444,
                    "Error: The database file \(shared)/private.sqlite cannot be written (Permission denied); "
                        + "nothing was changed."
                ),
            ] {
                let path = shared + "/private.sqlite"
                try? FileManager.default.removeItem(atPath: path)
                _ = FileManager.default.createFile(atPath: path, contents: bytes)
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
                for arguments in [["list"], ["add", "Heat"]] {
                    let result = try runAsNobody(["--db", path] + arguments)
                    #expect(fileSnapshot(path) == bytes)
                    #expect(SpecialFiles.names(in: shared) == ["movies", "private.sqlite"])
                    // One it may read is read: a command that only reads opens it read-only.
                    if mode == 0o444 && arguments == ["list"] {
                        #expect(result.status == 0 && !result.crashed, "\(arguments): \(result)")
                        continue
                    }
                    #expect(result.status == 1 && !result.crashed, "\(arguments): \(result)")
                    #expect(result.stderr.hasPrefix(message), "\(arguments): \(result)")
                }
            }
        }
    }
}
