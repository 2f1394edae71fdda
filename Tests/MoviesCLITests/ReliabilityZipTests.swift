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
        .requires(.python3, .libzip)
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

        /// Runs `movies import zip` in an empty working folder with TMPDIR in another, both watched: the
        /// result, the seconds it took (for the report), and how many changes were made in them (each file
        /// created, written or removed there is one).
        private func importWatched(_ zip: String) async throws -> (ProcessResult, Double, Int) {
            let work = TemporaryDirectory()
            let temporary = TemporaryDirectory()
            let watches = (try FolderWatch(work.path), try FolderWatch(temporary.path))
            var environment = movies.environment
            environment["TMPDIR"] = temporary.path
            let clock = ContinuousClock()
            let started = clock.now
            let result = try await BackgroundProcess.run(
                MoviesProcess.binary, ["import", zip], environment: environment, currentDirectory: work.path)
            let elapsed = clock.now - started
            let seconds = elapsed.inSeconds
            #expect(FolderSnapshot(work.path).entries.isEmpty, "written in the working folder")
            #expect(FolderSnapshot(temporary.path).entries.isEmpty, "left in TMPDIR")
            // Under --sanitize=thread the ThreadSanitizer runtime makes (and removes) tsan.rodata.PID in
            // TMPDIR as the program starts: its own file, not one the import wrote. SQLite's own temporary
            // file (etilqs_…, opened 0600 with O_EXCL and unlinked at once: a statement journal, which
            // the title-trigram triggers of migration 11 make an import's INSERT … SELECT spill) holds
            // pages of the database, never what the zip holds.
            let changed = (watches.0.changedNames + watches.1.changedNames).filter {
                !$0.hasPrefix("tsan.") && !$0.hasPrefix("etilqs_")
            }
            return (result, seconds, changed.count)
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
                let (result, seconds, changes) = try await importWatched(zip)
                #expect(result.status == 65 && result.stderr.contains(message), "\(description): \(result)")
                #expect(result.stdout.isEmpty)
                #expect(fileSnapshot(movies.databasePath) == before, "\(description) changed the database")
                #expect(changes == 0, "\(description): \(changes) changes to files meanwhile")
                let zipSize = (try? FileManager.default.attributesOfItem(atPath: zip))?[.size] as? Int ?? 0
                ReliabilityScale.report(
                    "zip bomb (\(description), \(zipSize / 1_000_000) MB): refused in \(String(format: "%.2f", seconds)) s, "
                        + "\(changes) changes to temporary files")
            }

            // The attack's own zip: 3 GB of zeros in likes/films.csv, which the import never reads.
            let attack = try bomb("likes.zip", entry: "likes/films.csv", bytes: gigabytes, fill: "zeros")
            let (result, seconds, changes) = try await importWatched(attack)
            #expect(result.status == 0 && result.stdout.contains("1 added"), "\(result)")
            #expect(changes == 0, "\(changes) changes to files meanwhile")
            #expect(
                try DirectSQL.run(movies.databasePath, "SELECT group_concat(title) FROM movies")
                    == "Already there,Heat")
            ReliabilityScale.report(
                "zip bomb in likes/films.csv (3 GB of zeros): imported the rest in \(String(format: "%.2f", seconds)) s, "
                    + "\(changes) changes to temporary files")
        }

        /// The percentages an import's progress line showed (`Importing 1,234 rows (12%)`).
        private static func percentages(in output: String) -> [Int] {
            output.split(separator: "(").compactMap { part in
                guard let end = part.firstIndex(of: "%") else { return nil }
                return Int(part[..<end])
            }
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
                // At a terminal, the import draws its progress: the signal comes once it shows at least a
                // share of the zip read (chosen at random), a moment in the import's own work.
                environment["TERM"] = "xterm"
                let share = Int.random(in: 1...60, using: &generator)
                let process = try PseudoTerminalProcess(
                    MoviesProcess.binary, ["import", zip], environment: environment,
                    currentDirectory: work.path)
                let reached = process.waitUntil { output in
                    Self.percentages(in: output).contains { $0 >= share }
                }
                try #require(
                    reached && !process.output.contains("Imported"),
                    "the import ended before it showed \(share)%: \(process.output)")
                process.send(signal)
                let status = process.waitForExit()
                #expect(status == signal && process.wasKilledBySignal, "signal \(signal): \(process.output)")
                // A child that outlived it (the old `unzip`) would still be running now.
                #expect(Self.processes(tagged: tag).isEmpty, "signal \(signal): processes left running")
                #expect(FolderSnapshot(temporary.path).entries.isEmpty, "signal \(signal): left in TMPDIR")
                #expect(
                    FolderSnapshot(work.path).entries.isEmpty, "signal \(signal): left in the working folder")
                #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "1")
                #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
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
            let status = terminal.waitForExit()
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
