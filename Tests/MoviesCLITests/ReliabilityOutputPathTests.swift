import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scenario: `export -o PATH` (and `news export-opml -o`) onto whatever is at PATH. A regular file or a
/// new path is replaced atomically; a FIFO, a device or `/dev/stdout` is written in place; a symbolic
/// link is followed to its target; a folder, a disk, a socket and the database's own files are refused
/// before anything is written. Run as root here (as the attack was), so a file renamed into /dev
/// would have succeeded.
extension Reliability {
    @Suite("Reliability: output paths")
    struct ReliabilityOutputPathTests {
        let movies = MoviesProcess()

        /// 2,000 movies: their CSV (about 190 KB) is larger than a pipe's buffer, so a FIFO's reader
        /// must read while movies writes.
        init() throws {
            try movies.succeed("add", "Heat", "--year", "1995", "--rating", "excellent")
            try GeneratedMovies.insert(
                into: movies.databasePath, count: 1999, title: "'Film ' || x",
                columns: [
                    "year": "1900 + x % 120",
                    "note": "'A note long enough to make the export larger than a pipe buffer, ' || x",
                ])
        }

        private var expected: String {
            get throws { try movies.succeed("export") }
        }

        /// The names in `folder` that look like temporary files of an export.
        private func temporaryFiles(in folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".tmp")
            }
        }

        private func fileType(_ path: String) -> mode_t? {
            var status = stat()
            return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
        }

        @Test("a FIFO's reader gets the export, streamed; the FIFO stays a FIFO")
        func fifo() throws {
            let fifo = movies.folder.file("export.fifo")
            try #require(mkfifo(fifo, 0o600) == 0)
            // Opened without blocking before movies starts, and read while it writes: a movies that
            // renamed a file over the FIFO leaves this reader with nothing instead of hanging the test.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            try #require(reader >= 0)
            defer { close(reader) }
            let draining = FIFODrain(reader)
            let process = try BackgroundProcess(
                MoviesProcess.binary, ["export", "-o", fifo], environment: movies.environment)
            let result = process.wait()
            let received = draining.finish()
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "Exported 2000 movies to \(fifo)\n", "\(result)")
            #expect(String(decoding: received, as: UTF8.self) == (try expected))
            #expect(fileType(fifo) == S_IFIFO)
            #expect(temporaryFiles(in: movies.folder.path).isEmpty)
        }

        /// `/dev/null`, `/dev/full` and `/dev/stdout`, or (`inFolder`) copies of them made in the test's
        /// folder: device nodes with the same numbers, and a link to /proc/self/fd/1.
        private func devices(inFolder: Bool) throws -> (null: String, full: String, stdout: String) {
            guard inFolder else { return ("/dev/null", "/dev/full", "/dev/stdout") }
            let null = movies.folder.file("null")
            let full = movies.folder.file("full")
            let stdout = movies.folder.file("stdout")
            // Linux's makedev for small numbers: the major in bits 8 and up, the minor in the low byte.
            try #require(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
            try #require(mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
            try FileManager.default.createSymbolicLink(atPath: stdout, withDestinationPath: "/proc/self/fd/1")
            return (null, full, stdout)
        }

        /// `#expect(condition)`, returning the condition.
        private func check(
            _ condition: Bool, _ comment: @autoclosure () -> String = "",
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> Bool {
            #expect(condition, "\(comment())", sourceLocation: sourceLocation)
            return condition
        }

        /// Exports to the null device, the full device and standard output at `paths`; true when each
        /// behaved as a device (so no file was renamed over one of them).
        private func checkDevices(_ paths: (null: String, full: String, stdout: String)) throws -> Bool {
            var passed = true
            let export = try expected
            var null = stat()
            try #require(stat(paths.null, &null) == 0)
            let toNull = try movies.run(["export", "-o", paths.null])
            passed =
                check(
                    toNull.status == 0 && toNull.stderr == "Exported 2000 movies to \(paths.null)\n",
                    "\(toNull)") && passed
            var after = stat()
            passed =
                check(stat(paths.null, &after) == 0 && after.st_mode & S_IFMT == S_IFCHR, "\(paths.null)")
                && passed
            passed =
                check(after.st_rdev == null.st_rdev && after.st_ino == null.st_ino, "\(paths.null)") && passed
            let opml = try movies.run(["news", "export-opml", "-o", paths.null])
            passed = check(opml.status == 0, "\(opml)") && passed
            passed = check(fileType(paths.null) == S_IFCHR) && passed

            let toFull = try movies.run(["export", "-o", paths.full])
            passed = check(toFull.status == 1, "\(toFull)") && passed
            passed =
                check(
                    toFull.stderr == "Error: Cannot write \(paths.full): No space left on device\n",
                    "\(toFull)") && passed
            passed = check(fileType(paths.full) == S_IFCHR) && passed

            let toStdout = try movies.run(["export", "-o", paths.stdout])
            passed = check(toStdout.status == 0 && toStdout.stdout == export, "\(toStdout)") && passed
            passed = check(toStdout.stderr == "Exported 2000 movies to \(paths.stdout)\n") && passed
            let throughPipe = try ProcessRunner.run(
                "/bin/sh", ["-c", "\"$0\" export -o \"$1\" | cat", MoviesProcess.binary, paths.stdout],
                environment: movies.environment)
            passed =
                check(throughPipe.status == 0 && throughPipe.stdout == export, "\(throughPipe)") && passed
            passed = check(fileType(paths.stdout) == S_IFLNK) && passed
            return passed
        }

        @Test(
            "/dev/null succeeds and stays a device, /dev/full fails, /dev/stdout streams; /dev gains no file")
        func devices() throws {
            // Run as root, a movies that renamed its file over a device would replace the system's
            // /dev/null (as the attack showed). Copies in the test's folder go first; the real ones
            // are used only once the copies came through, so a regression breaks nothing outside.
            if geteuid() == 0 {
                try #require(
                    try checkDevices(try devices(inFolder: true)), "the copies in the folder were replaced")
            }
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: "/dev"))
            _ = try checkDevices(try devices(inFolder: false))
            let added = Set(try FileManager.default.contentsOfDirectory(atPath: "/dev")).subtracting(before)
            #expect(added.isEmpty, "new in /dev: \(added.sorted())")
            #expect(temporaryFiles(in: movies.folder.path).isEmpty)
        }

        @Test("/dev/fd/N is written in place: a descriptor a shell opened with >> keeps what it held")
        func openDescriptor() throws {
            let appended = movies.folder.file("appended.csv")
            try "already here\n".write(toFile: appended, atomically: false, encoding: .utf8)
            let descriptor = try ProcessRunner.run(
                "/bin/sh",
                ["-c", "exec \"$0\" export -o /dev/fd/3 3>>\"$1\"", MoviesProcess.binary, appended],
                environment: movies.environment)
            #expect(descriptor.status == 0, "\(descriptor)")
            #expect(
                try String(contentsOfFile: appended, encoding: .utf8) == "already here\n" + (try expected))
            #expect(temporaryFiles(in: movies.folder.path).isEmpty)
        }

        @Test("a symbolic link is followed: its target is replaced atomically, the link stays a link")
        func symbolicLinks() throws {
            let export = try expected
            let folder = movies.folder.file("links")
            try FileManager.default.createDirectory(
                atPath: folder + "/sub", withIntermediateDirectories: true)
            try "old content\n".write(toFile: folder + "/target.csv", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/link.csv", withDestinationPath: "target.csv")
            // A chain through another folder, with a relative link in each.
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/sub/inner.csv", withDestinationPath: "../target.csv")
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/outer.csv", withDestinationPath: "sub/inner.csv")
            // A link to a file that does not exist yet: the file is created where it points.
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/dangling.csv", withDestinationPath: "sub/new.csv")

            for link in ["link.csv", "outer.csv"] {
                try "old content\n".write(toFile: folder + "/target.csv", atomically: false, encoding: .utf8)
                let result = try movies.run(["export", "-o", folder + "/" + link])
                #expect(result.status == 0, "\(link): \(result)")
                #expect(
                    try String(contentsOfFile: folder + "/target.csv", encoding: .utf8) == export, "\(link)")
                #expect(fileType(folder + "/" + link) == S_IFLNK, "\(link)")
            }
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.csv")
                    == "target.csv")
            #expect(permissions(of: folder + "/target.csv") == 0o600)

            let dangling = try movies.run(["export", "-o", folder + "/dangling.csv"])
            #expect(dangling.status == 0, "\(dangling)")
            #expect(try String(contentsOfFile: folder + "/sub/new.csv", encoding: .utf8) == export)
            #expect(fileType(folder + "/dangling.csv") == S_IFLNK)

            for place in [folder, folder + "/sub"] {
                #expect(temporaryFiles(in: place).isEmpty, "\(place)")
            }
        }

        @Test(
            "another user's link in a sticky shared folder is not followed by backup, export or OPML export",
            .enabled(if: geteuid() == 0, "giving a link to another user (lchown) needs root"))
        func foreignLinkInSharedFolder() throws {
            try movies.succeed("news", "subscribe", "--no-fetch", "https://example.org/feed.xml")
            let shared = movies.folder.file("shared")
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            #expect(chmod(shared, 0o1777) == 0)
            let important = movies.folder.file("important.conf")
            try "do not replace\n".write(toFile: important, atomically: false, encoding: .utf8)
            let nobody: uid_t = 65534
            for (name, arguments) in [
                ("movies.bak", ["backup"]), ("movies.csv", ["export", "-o"]),
                ("feeds.opml", ["news", "export-opml", "-o"]),
            ] {
                let link = shared + "/" + name
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: important)
                #expect(lchown(link, nobody, nobody) == 0)
                try movies.refuse(
                    arguments + [link], status: 1,
                    message:
                        "it is a symbolic link in \(shared), a folder everyone may write to, and the link "
                        + "belongs to another user (uid \(nobody))")
                #expect(
                    try String(contentsOfFile: important, encoding: .utf8) == "do not replace\n", "\(name)")
                #expect(temporaryFiles(in: movies.folder.path).isEmpty)
                // The user's own link there is followed, as before.
                #expect(lchown(link, geteuid(), getegid()) == 0)
                let own = movies.folder.file("own-" + name)
                try FileManager.default.removeItem(atPath: link)
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: own)
                let result = try movies.run(arguments + [link])
                #expect(result.status == 0, "\(name): \(result)")
                #expect(fileExists(own), "\(name)")
            }
        }

        @Test("a folder, a block device and a socket are refused, and nothing is written")
        func refusedKinds() throws {
            let folder = movies.folder.file("a folder")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "keep\n".write(toFile: folder + "/inside.csv", atomically: false, encoding: .utf8)
            let listing = FolderSnapshot(folder)
            try movies.refuse(
                ["export", "-o", folder], status: 1, message: "it is a folder; name a file in it")
            try movies.refuse(
                ["news", "export-opml", "-o", folder], status: 1, message: "it is a folder; name a file in it"
            )
            #expect(FolderSnapshot(folder) == listing)
            try movies.refuse(
                ["export", "-o", ""], status: 1, message: "Cannot write to an empty path; name a file")

            // A Unix socket.
            let socketPath = movies.folder.file("s.sock")
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(socket >= 0)
            defer { close(socket) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() {
                    bytes[index] = byte
                }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0)
            try movies.refuse(["export", "-o", socketPath], status: 1, message: "it is a socket, not a file")
            #expect(fileType(socketPath) == S_IFSOCK)

            // A block device node (root only), for a device that does not exist: never a real disk.
            if geteuid() == 0 {
                let node = movies.folder.file("disk")
                // Major and minor 250 (Linux's makedev: minor in the low byte, major in the next 12 bits).
                try #require(mknod(node, S_IFBLK | 0o600, dev_t(250 << 8 | 250)) == 0)
                try movies.refuse(
                    ["export", "-o", node], status: 1, message: "it is a block device (a disk), not a file")
                #expect(fileType(node) == S_IFBLK)
            }
            #expect(temporaryFiles(in: movies.folder.path).isEmpty)
        }

        /// Refuses `export -o path` (and `news export-opml -o path`): the database and `path` unchanged.
        private func refuseDatabase(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        {
            let output = fileSnapshot(path)
            for arguments in [
                ["export", "-o", path], ["export", "--to", "json", "-o", path],
                ["news", "export-opml", "-o", path],
            ] {
                try movies.refuse(
                    arguments, status: 1, message: "it is the database this command works on",
                    sourceLocation: sourceLocation)
                #expect(
                    fileSnapshot(path) == output, "\(arguments) changed \(path)",
                    sourceLocation: sourceLocation)
            }
        }

        @Test("the database and its -wal, -shm and -journal are refused whatever the path leading to them")
        func databaseFiles() async throws {
            let database = movies.databasePath
            let folder = movies.folder.path
            try FileManager.default.createDirectory(atPath: folder + "/x", withIntermediateDirectories: true)
            try FileManager.default.linkItem(atPath: database, toPath: folder + "/hard-link.csv")
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/link.csv", withDestinationPath: "movies.sqlite")
            for path in [
                database, folder + "/x/../movies.sqlite", "\(folder)/./movies.sqlite",
                folder + "/hard-link.csv",
                folder + "/link.csv", database + "-wal", database + "-shm", database + "-journal",
            ] {
                try refuseDatabase(path)
            }
            #expect(!fileExists(database + "-journal"))
            // Relative to the working folder too.
            let relative = try ProcessRunner.run(
                MoviesProcess.binary, ["export", "-o", "movies.sqlite"], environment: movies.environment,
                currentDirectory: folder)
            #expect(relative.status == 1 && relative.stderr.contains("it is the database"), "\(relative)")

            // While another movies holds the file open, its -wal and -shm exist: refused as files too,
            // through a hard link as well.
            let watcher = try BackgroundProcess(
                MoviesProcess.binary, ["list", "--watch"], environment: movies.environment)
            #expect(await watcher.waitForOutput("Heat"))
            try #require(fileExists(database + "-wal") && fileExists(database + "-shm"))
            try FileManager.default.linkItem(atPath: database + "-wal", toPath: folder + "/wal-link.csv")
            for path in [database + "-wal", database + "-shm", folder + "/wal-link.csv"] {
                try refuseDatabase(path)
            }
            watcher.send(SIGINT)
            #expect(await watcher.finished().status == 0)
            #expect(try DirectSQL.integrityCheck(database) == "ok")
            #expect(try DirectSQL.run(database, "SELECT count(*) FROM movies") == "2000")
            #expect(temporaryFiles(in: folder).isEmpty)
        }

        @Test(
            "any signal that ends the process mid-export or mid-backup: it dies of it, its temporary file goes",
            arguments: [["export", "-o"], ["backup", "--force"]])
        func killedExports(command: [String]) async throws {
            // A backup replaces a file that is not one only with --force.
            let output = movies.folder.file("out.csv")
            try "the previous export\n".write(toFile: output, atomically: false, encoding: .utf8)
            let previous = fileSnapshot(output)
            // 50,000 more movies, so the export lasts long enough to be caught in the middle.
            try GeneratedMovies.insert(
                into: movies.databasePath, count: 50000, title: "'More ' || x",
                columns: ["year": "1900 + x % 120"])
            // Not SIGPIPE: movies ignores it, so that a reader closing its pipe is EPIPE and exit 0
            // (PipesAndTerminalsTests), and an output file is never a pipe.
            for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM] {
                let folder = try FolderWatch(movies.folder.path)
                let process = try ProcessStart.withSignalsDeliverable {
                    try BackgroundProcess(
                        MoviesProcess.binary, command + [output], environment: movies.environment)
                }
                // The temporary file exists from the start of the export: signal as soon as it appears.
                let appeared = await folder.wait {
                    !temporaryFiles(in: movies.folder.path).isEmpty || !process.isRunning
                }
                try #require(
                    appeared && !temporaryFiles(in: movies.folder.path).isEmpty, "no temporary file appeared")
                process.send(signal)
                let result = await process.finished()
                #expect(result.signal == signal, "signal \(signal): \(result)")
                #expect(
                    temporaryFiles(in: movies.folder.path).isEmpty, "signal \(signal) left a temporary file")
                #expect(fileSnapshot(output) == previous, "signal \(signal) changed the output file")
            }
        }
    }
}

/// Reads a FIFO opened (without blocking) before its writer starts, on a thread of its own, as the
/// writer writes: woken by data, by the writer closing it, or by `finish()`, which a writer that never
/// opened it needs (its reader would otherwise wait for ever).
final class FIFODrain: Sendable {
    private let received = Waitable<Data?>(nil)
    private let stop: (read: Int32, write: Int32)

    init(_ descriptor: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        stop = (ends[0], ends[1])
        let received = received
        let stop = stop
        Thread.detachNewThread {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                var events = [
                    pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stop.read, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&events, 2, -1) >= 0 || errno == EINTR else { break }
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer[..<count])
                    continue
                }
                // Nothing to read: the writer closed it (a hang-up after it had opened it), or `finish()`.
                if events[0].revents & Int16(POLLHUP) != 0 || events[1].revents != 0 { break }
            }
            received.update { $0 = data }
        }
    }

    /// Once the writer has exited: everything it wrote.
    func finish() -> Data {
        _ = write(stop.write, "x", 1)
        let data = received.wait { $0 != nil } ?? nil
        close(stop.read)
        close(stop.write)
        return data ?? Data()
    }
}
