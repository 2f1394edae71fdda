import Foundation
import TestSupport
import Testing

/// Whether file-size limits can be used with this build.
enum FileSizeLimitProbe {
    /// False under `swift test --sanitize=thread`: a ThreadSanitizer-built `movies` dies of SIGBUS inside
    /// the sanitizer runtime under a small file-size limit once the database is larger than the limit
    /// ("ThreadSanitizer: BUS on unknown address ... nested bug in the same thread"), before movies can
    /// report anything. The uninstrumented test pass (and AddressSanitizer's) runs these tests. The test
    /// process is built with the same sanitizer as the binary, so its own runtime tells.
    static let isUsable: Bool = dlsym(nil, "__tsan_init") == nil
}

extension Reliability {
    /// Scenario 4: the disk fills up (simulated with a file-size limit, RLIMIT_FSIZE) in the middle of a
    /// write. The write fails with a clear "disk full" error and a non-zero exit, nothing crashes, and what
    /// was already stored stays intact; a commit that made it into the WAL before its checkpoint failed stays.
    @Suite(
        "Reliability: full disk",
        .enabled(
            if: FileSizeLimitProbe.isUsable,
            "ThreadSanitizer's runtime dies of SIGBUS under a small file-size limit"))
    struct ReliabilityDiskFullTests {
        let movies = MoviesProcess()
        static let diskFull =
            "Error: The disk is full (or a file-size limit was reached); nothing was written"

        init() throws {
            let seed = movies.folder.file("seed.csv")
            try OwnCSV.write(count: 200, prefix: "Seed", to: seed)
            try movies.succeed("import", seed)
        }

        /// Runs movies with files limited to `bytes`.
        private func runLimited(_ bytes: Int, _ arguments: [String]) throws -> ProcessResult {
            let (executable, wrapped) = FileSizeLimit.command(bytes: bytes, MoviesProcess.binary, arguments)
            return try ProcessRunner.run(executable, wrapped, environment: movies.environment)
        }

        private var size: Int { fileSnapshot(movies.databasePath)?.count ?? 0 }

        @Test("an import that outgrows the limit mid-transaction is refused whole; the list stays as it was")
        func importPastTheLimit() throws {
            let file = movies.folder.file("big.csv")
            try OwnCSV.write(count: 20_000, prefix: "Big", to: file)
            let before = fileSnapshot(movies.databasePath)
            let result = try runLimited(size + 256 * 1024, ["import", file])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.hasPrefix(Self.diskFull), "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(fileSnapshot(movies.databasePath) == before, "the database file changed")
            #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
            #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "200")
        }

        @Test("a commit whose WAL (or -shm) cannot grow fails clearly and writes nothing")
        func commitPastTheLimit() throws {
            let before = fileSnapshot(movies.databasePath)
            let result = try runLimited(16 * 1024, ["add", "Heat", "--year", "1995"])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.hasPrefix(Self.diskFull), "\(result)")
            #expect(fileSnapshot(movies.databasePath) == before)
            #expect(try movies.succeed("list", "--format", "csv").split(separator: "\n").count == 201)
        }

        @Test("a commit that fits in the WAL stands when the checkpoint cannot grow the file")
        func checkpointPastTheLimit() throws {
            // The WAL of one add fits under 128 KiB (an add writes the movie, its indexes and both
            // full-text indexes, words and title trigrams); copying it into the larger database file does
            // not.
            #expect(size > 128 * 1024)
            let result = try runLimited(128 * 1024, ["add", "Heat", "--year", "1995"])
            #expect(result.status == 0 && result.stdout.hasPrefix("Added 201  Heat (1995)"), "\(result)")
            #expect(try movies.succeed("show", "201").hasPrefix("201  Heat (1995)"))
            #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
            #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "201")
        }

        @Test("output past the limit is an error, not a truncated file with exit 0")
        func outputPastTheLimit() throws {
            // Room for the 32 KiB -shm file that even a read needs, not for the 200 movies as JSON.
            let limit = 36 * 1024
            #expect(try movies.succeed("export", "--format", "json").utf8.count > limit)
            let redirected = movies.folder.file("redirected.csv")
            let shell = try ProcessRunner.run(
                "/bin/sh",
                ["-c", "exec \"$@\" > \"$0\"", redirected]
                    + [
                        FileSizeLimit.command(
                            bytes: limit, MoviesProcess.binary, ["export", "--format", "json"])
                    ]
                    .flatMap { [$0.0] + $0.1 },
                environment: movies.environment)
            #expect(shell.status == 1 && !shell.crashed, "\(shell)")
            #expect(shell.stderr.contains("Error: Cannot write the output: File too large"), "\(shell)")

            let atomic = movies.folder.file("atomic.csv")
            let result = try runLimited(limit, ["export", "--format", "json", "-o", atomic])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("File too large"), "\(result)")
            #expect(!fileExists(atomic))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).allSatisfy {
                    !$0.hasSuffix(".tmp")
                })
        }
    }
}
