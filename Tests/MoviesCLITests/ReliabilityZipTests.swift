import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scenario: hostile Letterboxd zips. The zip is read in process with libzip: only the export's five
/// files are inflated, each within a size cap counted as it inflates; nothing is written outside the
/// database, no child process runs, and no password is ever asked for.
extension Reliability {
    @Suite(
        "Reliability: Letterboxd zips",
        .enabled(if: ProcessRunner.which("python3") != nil, "python3 (which writes the zip bombs) is missing")
    )
    struct ReliabilityZipTests {
        let movies = MoviesProcess()

        static func corpus(_ name: String) -> String {
            ReliabilityHostileInputTests.path("zip/" + name)
        }

        /// Writes a zip bomb (`HostileInput/zip/make-bomb.py`) and returns its path.
        private func bomb(_ name: String, entry: String, bytes: Int, fill: String, declared: Int? = nil)
            throws
            -> String
        {
            let path = movies.folder.file(name)
            let made = try ProcessRunner.run(
                try #require(ProcessRunner.which("python3")),
                [Self.corpus("make-bomb.py"), path, entry, String(bytes), fill]
                    + (declared.map { [String($0)] } ?? []))
            try #require(made.status == 0, "\(made)")
            return path
        }

        /// The bytes in the files under `folder`.
        private static func size(of folder: String) -> Int {
            let manager = FileManager.default
            return (manager.subpaths(atPath: folder) ?? []).reduce(0) { total, relative in
                total
                    + ((try? manager.attributesOfItem(atPath: folder + "/" + relative))?[.size] as? Int ?? 0)
            }
        }

        /// Runs `movies import zip` in an empty working folder with TMPDIR in another, sampling both
        /// folders' size as it runs: the result, the seconds it took, and the peak bytes written there.
        private func importWatched(_ zip: String) async throws -> (ProcessResult, Double, Int) {
            let work = TemporaryDirectory()
            let temporary = TemporaryDirectory()
            var environment = movies.environment
            environment["TMPDIR"] = temporary.path
            let clock = ContinuousClock()
            let started = clock.now
            let process = try BackgroundProcess(
                MoviesProcess.binary, ["import", zip], environment: environment, currentDirectory: work.path)
            var peak = 0
            while process.isRunning {
                peak = max(peak, Self.size(of: work.path) + Self.size(of: temporary.path))
                try await Task.sleep(for: .milliseconds(5))
            }
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let result = process.wait()
            #expect(FolderSnapshot(work.path).entries.isEmpty, "written in the working folder")
            #expect(FolderSnapshot(temporary.path).entries.isEmpty, "left in TMPDIR")
            return (result, seconds, max(peak, Self.size(of: work.path) + Self.size(of: temporary.path)))
        }

        @Test(
            "zip bombs: 3 GB in a file the import reads is refused at once; in a file it does not, never inflated"
        )
        func zipBombs() async throws {
            try movies.succeed("add", "Already there")
            let gigabytes = 3_000_000_000
            let cases: [(String, String, String)] = [
                (
                    try bomb("rows.zip", entry: "diary.csv", bytes: gigabytes, fill: "rows"),
                    "3 GB of valid diary rows, true header", "its diary.csv unpacks to more than 128 MiB"
                ),
                (
                    try bomb(
                        "lying.zip", entry: "diary.csv", bytes: 500_000_000, fill: "rows", declared: 1000),
                    "500 MB of rows, the header says 1,000 bytes",
                    "its diary.csv unpacks to more than 128 MiB"
                ),
            ]
            for (zip, description, message) in cases {
                let before = fileSnapshot(movies.databasePath)
                let (result, seconds, peak) = try await importWatched(zip)
                #expect(result.status == 65 && result.stderr.contains(message), "\(description): \(result)")
                #expect(result.stdout.isEmpty)
                #expect(fileSnapshot(movies.databasePath) == before, "\(description) changed the database")
                #expect(peak == 0, "\(description): \(peak) bytes written meanwhile")
                let zipSize = (try? FileManager.default.attributesOfItem(atPath: zip))?[.size] as? Int ?? 0
                ReliabilityScale.report(
                    "zip bomb (\(description), \(zipSize / 1_000_000) MB): refused in \(String(format: "%.2f", seconds)) s, "
                        + "\(peak) bytes of temporary files")
            }

            // The attack's own zip: 3 GB of zeros in likes/films.csv, which the import never reads.
            let attack = try bomb("likes.zip", entry: "likes/films.csv", bytes: gigabytes, fill: "zeros")
            let (result, seconds, peak) = try await importWatched(attack)
            #expect(result.status == 0 && result.stdout.contains("1 added"), "\(result)")
            #expect(peak == 0, "\(peak) bytes written meanwhile")
            #expect(
                try SQLiteShell.run(movies.databasePath, "SELECT group_concat(title) FROM movies")
                    == "Already there,Heat")
            ReliabilityScale.report(
                "zip bomb in likes/films.csv (3 GB of zeros): imported the rest in \(String(format: "%.2f", seconds)) s, "
                    + "\(peak) bytes of temporary files")
        }

        /// The processes alive now whose environment holds `tag`.
        private static func processes(tagged tag: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
                guard Int(entry) != nil,
                    let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
                else { return false }
                return String(decoding: environment, as: UTF8.self).contains(tag)
            }
        }

        @Test(
            "SIGINT, SIGTERM or SIGHUP mid-import of a zip: no child process, no temporary file, nothing imported"
        )
        func interruptedImports() async throws {
            try movies.succeed("add", "Already there")
            let rows = ReliabilityScale.count(ci: 100_000, full: 300_000)
            let zip = movies.folder.file("big-export.zip")
            let made = try ProcessRunner.run(
                try #require(ProcessRunner.which("python3")),
                [
                    "-c",
                    """
                    import sys, zipfile
                    rows = ''.join(f'2024-01-01,Film {n},{1900 + n % 120},https://boxd.it/f{n}\\n' for n in range(int(sys.argv[2])))
                    with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                        z.writestr('watched.csv', 'Date,Name,Year,Letterboxd URI\\n' + rows)
                    """,
                    zip, String(rows),
                ])
            try #require(made.status == 0, "\(made)")
            var generator = SeededGenerator(seed: 2_026_12_01)
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                let work = TemporaryDirectory()
                let temporary = TemporaryDirectory()
                let tag = "MOVIES_TEST_TAG=\(UUID().uuidString)"
                var environment = movies.environment
                environment["TMPDIR"] = temporary.path
                environment["MOVIES_TEST_TAG"] = String(tag.dropFirst("MOVIES_TEST_TAG=".count))
                let process = try ProcessStart.withSignalsDeliverable {
                    try BackgroundProcess(
                        MoviesProcess.binary, ["import", zip], environment: environment,
                        currentDirectory: work.path)
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 300...700, using: &generator)))
                try #require(process.isRunning, "the import ended before the signal; make it larger")
                process.send(signal)
                let result = await process.finished()
                #expect(result.signal == signal, "signal \(signal): \(result)")
                // Give a child that outlived it (the old `unzip`) a moment to show itself.
                try await Task.sleep(for: .milliseconds(200))
                #expect(Self.processes(tagged: tag).isEmpty, "signal \(signal): processes left running")
                #expect(FolderSnapshot(temporary.path).entries.isEmpty, "signal \(signal): left in TMPDIR")
                #expect(
                    FolderSnapshot(work.path).entries.isEmpty, "signal \(signal): left in the working folder")
                #expect(try SQLiteShell.run(movies.databasePath, "SELECT count(*) FROM movies") == "1")
                #expect(try SQLiteShell.integrityCheck(movies.databasePath) == "ok")
            }
        }

        @Test("an encrypted zip at a terminal is refused at once, never a password prompt")
        func encryptedAtATerminal() throws {
            try movies.succeed("add", "Already there")
            let before = fileSnapshot(movies.databasePath)
            var environment = movies.environment
            environment["TERM"] = "xterm"
            let terminal = try PseudoTerminalProcess(
                MoviesProcess.binary, ["import", Self.corpus("encrypted.zip")], environment: environment)
            let status = terminal.waitForExit(timeout: .seconds(20))
            if status == nil { terminal.interrupt() }
            #expect(status == 65, "\(terminal.output)")
            #expect(terminal.output.contains("is encrypted (password-protected)"), "\(terminal.output)")
            #expect(fileSnapshot(movies.databasePath) == before)
        }

        /// The file `libzip.so.4` resolves to, when installed.
        private static var libzipFile: String? {
            for folder in [
                "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
            ] {
                let path = folder + "/libzip.so.4"
                if let resolved = realpath(path, nil) {
                    defer { free(resolved) }
                    return String(cString: resolved)
                }
            }
            return nil
        }

        @Test(
            "without a usable libzip the zip import says so (exit 1), the folder import still works",
            .enabled(
                if: geteuid() == 0 && ProcessRunner.which("unshare") != nil && libzipFile != nil,
                "hiding libzip needs root, unshare and an installed libzip.so.4"))
        func withoutLibzip() throws {
            let library = try #require(Self.libzipFile)
            try movies.succeed("add", "Already there")
            // In a private mount namespace, /dev/null is mounted over the library: dlopen fails there only.
            func runWithoutLibzip(_ arguments: [String]) throws -> ProcessResult {
                try ProcessRunner.run(
                    try #require(ProcessRunner.which("unshare")),
                    [
                        "-m", "--propagation", "private", "/bin/sh", "-c",
                        "mount --bind /dev/null \"$1\" && shift && exec \"$@\"", "sh", library,
                        MoviesProcess.binary,
                    ] + arguments, environment: movies.environment)
            }
            let before = fileSnapshot(movies.databasePath)
            let zip = Self.corpus("folder-export.zip")
            let refused = try runWithoutLibzip(["import", zip])
            #expect(refused.status == 1, "\(refused)")
            #expect(
                refused.stderr.hasPrefix(
                    "Error: Cannot read \(zip): zip files are read with libzip, which could not be loaded ("),
                "\(refused)")
            #expect(
                refused.stderr.contains("apt-get install libzip4), or unzip the file and import its folder"),
                "\(refused)")
            #expect(refused.stdout.isEmpty)
            #expect(fileSnapshot(movies.databasePath) == before)

            let folder = movies.folder.file("export")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "Date,Name,Year,Letterboxd URI\n2024-01-01,Heat,1995,https://boxd.it/heat\n".write(
                toFile: folder + "/watched.csv", atomically: false, encoding: .utf8)
            let imported = try runWithoutLibzip(["import", folder])
            #expect(imported.status == 0 && imported.stdout.contains("1 added"), "\(imported)")
        }
    }
}
