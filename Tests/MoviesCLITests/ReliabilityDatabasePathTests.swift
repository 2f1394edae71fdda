import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scenario: what `--db` can point at, from the outside attack (issue 11): devices, FIFOs and sockets,
/// companion files SQLite cannot use, a database its owner made read-only. Each is refused before SQLite
/// opens anything, with every file as it was and no new one anywhere.
extension Reliability {
    @Suite("Reliability: database paths")
    struct ReliabilityDatabasePathTests {
        let movies = MoviesProcess()

        /// Refuses `--db path` for commands that read, write and migrate, with `message`, and expects the
        /// test's folder to be exactly as it was.
        private func refuseEverywhere(
            _ path: String, message: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = FolderSnapshot(movies.folder.path)
            for arguments in [
                ["list"], ["add", "Heat"], ["migrate"], ["migrate", "--status"], ["news", "feeds"],
            ] {
                let result = try movies.run(["--db", path] + arguments)
                #expect(
                    result.status == 1 && !result.crashed, "\(arguments): \(result)",
                    sourceLocation: sourceLocation)
                #expect(
                    result.stderr == "Error: \(message)\n", "\(arguments): \(result)",
                    sourceLocation: sourceLocation)
            }
            #expect(
                FolderSnapshot(movies.folder.path).changes(since: before).isEmpty,
                sourceLocation: sourceLocation)
        }

        private func notAFile(_ path: String, _ kind: String) -> String {
            "The database path \(path) is \(kind), not a regular file; nothing was opened. Give the path of a "
                + "database file, or of one to create"
        }

        @Test("a FIFO and a socket are refused before SQLite opens them (it used to say \"disk I/O error\")")
        func fifoAndSocket() throws {
            let fifo = movies.folder.file("pipe.sqlite")
            try #require(SpecialFiles.makeFIFO(fifo))
            try refuseEverywhere(fifo, message: notAFile(fifo, "a FIFO (named pipe)"))
            let socketPath = movies.folder.file("s.sqlite")
            let socket = try #require(SpecialFiles.makeSocket(socketPath))
            defer { close(socket) }
            try refuseEverywhere(socketPath, message: notAFile(socketPath, "a socket"))
        }

        @Test(
            "devices are refused as root: copies in the test's folder, then /dev/null itself (no /dev/null-journal)",
            .enabled(if: SpecialFiles.canMakeDevices, "making device nodes needs root"))
        func devices() throws {
            let null = movies.folder.file("null")
            try #require(SpecialFiles.makeNullDevice(null))
            try refuseEverywhere(null, message: notAFile(null, "a character device"))
            let disk = movies.folder.file("disk")
            try #require(SpecialFiles.makeMissingDisk(disk))
            try refuseEverywhere(disk, message: notAFile(disk, "a block device (a disk)"))
            // The real /dev only once its copies came through with nothing beside them.
            try #require(SpecialFiles.names(in: movies.folder.path) == ["disk", "null"])
            let beside = {
                SpecialFiles.names(in: "/dev").filter { $0.hasPrefix("null") || $0.hasPrefix("full") }
            }
            let before = beside()
            for device in ["/dev/null", "/dev/full"] {
                let result = try movies.run(["--db", device, "add", "Heat"])
                #expect(
                    result.status == 1
                        && result.stderr == "Error: \(notAFile(device, "a character device"))\n")
            }
            #expect(beside() == before)
            #expect(before == ["full", "null"])
        }

        @Test("companion files SQLite cannot use are named, not 'unable to open database file'")
        func companions() throws {
            try movies.succeed("add", "Heat")
            let path = movies.databasePath
            let elsewhere = try movies.folder.write("someone else's\n", to: "elsewhere")
            let opening = "The file \(path)-wal, which SQLite keeps beside the database,"

            try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: elsewhere)
            try refuseEverywhere(
                path,
                message: "\(opening) is a symbolic link, and SQLite does not follow links for its own files; "
                    + "nothing was changed. Remove the link (while no program uses the database) and try again"
            )
            try FileManager.default.removeItem(atPath: path + "-wal")

            try #require(SpecialFiles.makeFIFO(path + "-wal"))
            try refuseEverywhere(
                path,
                message:
                    "\(opening) is a FIFO (named pipe); nothing was changed. Remove it (while no program "
                    + "uses the database) and try again")
            try FileManager.default.removeItem(atPath: path + "-wal")

            #expect(try movies.succeed("list", "--format", "csv").contains("Heat"))
            #expect(fileSnapshot(elsewhere) == Data("someone else's\n".utf8))
        }

        @Test(
            "a database its owner made read-only reads, refuses writes with no -shm left; made writable, it works",
            .enabled(if: OtherUser.prefix != nil, "\(OtherUser.unavailableReason)"))
        func ownReadOnlyDatabase() throws {
            // A folder that belongs to `nobody`, with a copy of the binary it can run.
            let own = movies.folder.file("own")
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
            let binary = own + "/movies"
            try ExecutableFile.copy(from: MoviesProcess.binary, to: binary)
            let nobody = try #require(getpwnam("nobody")).pointee
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: movies.folder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
            try #require(chown(own, nobody.pw_uid, nobody.pw_gid) == 0)
            let prefix = try #require(OtherUser.prefix)
            func runAsNobody(_ arguments: [String]) throws -> ProcessResult {
                try ProcessRunner.run(
                    prefix[0], Array(prefix.dropFirst()) + [binary] + arguments,
                    environment: ["HOME": own, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            }
            let path = own + "/movies.sqlite"
            #expect(try runAsNobody(["--db", path, "add", "Heat"]).status == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            let bytes = fileSnapshot(path)
            // Only looking needs no writing: migrate --status reads it as it is, creating nothing.
            let status = try runAsNobody(["--db", path, "migrate", "--status"])
            #expect(status.status == 0 && status.stdout.contains("applied  0001_create_movies"), "\(status)")
            #expect(SpecialFiles.names(in: own) == ["movies", "movies.sqlite"])
            // Commands that only read open it read-only, as sqlite3 reads it, and change nothing.
            for arguments in [
                ["list", "--format", "csv"], ["search", "Heat"], ["stats"], ["export"], ["news", "list"],
            ] {
                let result = try runAsNobody(["--db", path] + arguments)
                #expect(result.status == 0 && !result.crashed, "\(arguments): \(result)")
                #expect(fileSnapshot(path) == bytes, "\(arguments)")
                #expect(SpecialFiles.names(in: own) == ["movies", "movies.sqlite"], "\(arguments)")
            }
            #expect(try runAsNobody(["--db", path, "list", "--format", "csv"]).stdout.contains("Heat"))
            let backup = try runAsNobody(["--db", path, "backup", own + "/copy.sqlite"])
            #expect(backup.status == 0, "\(backup)")
            #expect(fileSnapshot(path) == bytes)
            try FileManager.default.removeItem(atPath: own + "/copy.sqlite")
            // A command that writes is refused, saying why.
            let result = try runAsNobody(["--db", path, "add", "Alien"])
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(
                result.stderr
                    == "Error: The database file \(path) cannot be written (Permission denied); nothing was "
                    + "changed. Make it writable (chmod u+w) or copy it somewhere you can write\n",
                "\(result)")
            #expect(fileSnapshot(path) == bytes)
            #expect(SpecialFiles.names(in: own) == ["movies", "movies.sqlite"])
            // Made writable again, it works at once: no read-only -shm was left behind to break it.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let added = try runAsNobody(["--db", path, "add", "Alien"])
            #expect(added.status == 0, "\(added)")

            // A read-only -shm (as an earlier movies left one) is named, with what to do.
            let descriptor = creat(path + "-shm", 0o444)
            try #require(descriptor >= 0)
            close(descriptor)
            try #require(chown(path + "-shm", nobody.pw_uid, nobody.pw_gid) == 0)
            let refused = try runAsNobody(["--db", path, "add", "Blade Runner"])
            #expect(refused.status == 1, "\(refused)")
            #expect(
                refused.stderr
                    == "Error: The file \(path)-shm, which SQLite keeps beside the database, cannot be written, "
                    + "so every change would fail as read-only; nothing was changed. Make it writable "
                    + "(chmod u+w), or remove it while no program uses the database\n")
            try FileManager.default.removeItem(atPath: path + "-shm")
            #expect(try runAsNobody(["--db", path, "list", "--format", "csv"]).stdout.contains("Alien"))
        }
    }
}
