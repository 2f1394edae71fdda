import FeedServer
import Foundation
import TestSupport
import Testing

/// `news download` against files that change, servers that answer ranges wrongly, parts it did not
/// write, names too long for the file system and values past their options' ranges (issue 40, points 1,
/// 4, 5, 21 and 24), through the real `movies` and the local server.
@Suite("movies news download: resumes, parts and names", .offPool, .serialized)
struct NewsDownloadSafetyTests {
    let movies = MoviesProcess()
    let server: FeedServer
    /// 300 KB of an "episode", bytes that say where they are, and another version of it.
    static let episode = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 256) })
    static let newEpisode = Data((0..<250_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    /// 150 × "é": 150 characters, 300 bytes, more than a file name holds (255 bytes).
    static let longName = String(repeating: "%C3%A9", count: 150)

    init() throws {
        server = try FeedServer()
        server.set(
            "/cast.xml",
            .feed(
                """
                <rss version="2.0"><channel><title>Cast</title>
                <item><title>Episode 1</title><guid>ep1</guid>
                <enclosure url="\(server.url("/media/ep1.mp3"))" type="audio/mpeg" length="300000"/></item>
                <item><title>Long</title><guid>long</guid>
                <enclosure url="\(server.url("/media/\(Self.longName)"))" type="audio/mpeg"/></item>
                </channel></rss>
                """))
    }

    private var folder: String { movies.folder.file("downloads") }
    private var part: String { folder + "/.ep1.mp3.part" }

    private func subscribed() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try movies.succeed("news", "subscribe", server.url("/cast.xml"))
    }

    private func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// How many parts are recorded (a query that fails is a wrong count, not the end of the test).
    private func parts() -> String {
        (try? DirectSQL.run(movies.databasePath, "SELECT count(*) FROM download_parts")) ?? "no table"
    }

    @Test("a file changed on the server between two attempts is downloaded again whole, not spliced")
    func changedBetweenAttempts() throws {
        try subscribed()
        server.set("/media/ep1.mp3", .file(Self.episode, contentType: "audio/mpeg", cutAt: 100_000))
        let first = try movies.run(["news", "download", "1", "--to", folder])
        #expect(first.status == 1, "\(first)")
        #expect(try contents(part) == Self.episode.prefix(100_000))
        #expect(parts() == "1")
        server.set("/media/ep1.mp3", .file(Self.newEpisode, contentType: "audio/mpeg"))
        let second = try movies.run(["news", "download", "1", "--to", folder])
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout == "Downloaded \(folder)/ep1.mp3 (250.0 kB)\n", "\(second)")
        #expect(try contents(folder + "/ep1.mp3") == Self.newEpisode)
        let resumed = server.http.observed.requests.filter { $0.headers["range"] != nil }
        #expect(resumed.map { $0.headers["range"] } == ["bytes=100000-"])
        #expect(resumed.first?.headers["if-range"]?.isEmpty == false, "\(resumed)")
        #expect(!fileExists(part))
        #expect(parts() == "0")
    }

    @Test("a 206 that does not start where the part ends starts the file over")
    func wrongRange() throws {
        try subscribed()
        let file = Data((0..<200).map { UInt8($0) })
        server.set("/media/ep1.mp3", .file(file, contentType: "audio/mpeg", cutAt: 50))
        #expect(try movies.run(["news", "download", "1", "--to", folder]).status == 1)
        #expect(try contents(part) == file.prefix(50))
        server.set("/media/ep1.mp3", .misrangedFile(file, contentRange: "bytes 0-199/200"))
        let second = try movies.run(["news", "download", "1", "--to", folder])
        #expect(second.status == 0, "\(second)")
        #expect(try contents(folder + "/ep1.mp3") == file, "200 bytes, not 250")
        // A 206 of another whole size than the first answer gave is not taken either.
        try FileManager.default.removeItem(atPath: folder + "/ep1.mp3")
        server.set("/media/ep1.mp3", .file(file, contentType: "audio/mpeg", cutAt: 50))
        #expect(try movies.run(["news", "download", "1", "--to", folder]).status == 1)
        server.set("/media/ep1.mp3", .misrangedFile(file.prefix(150), contentRange: "bytes 50-199/250"))
        #expect(try movies.run(["news", "download", "1", "--to", folder]).status == 0)
        #expect(try contents(folder + "/ep1.mp3") == file.prefix(150))
    }

    @Test("a .part the program did not write is refused, never read, truncated or given its mode")
    func plantedParts() throws {
        try subscribed()
        server.set("/media/ep1.mp3", .file(Self.episode, contentType: "audio/mpeg"))
        let manager = FileManager.default
        // A regular file someone put there, writable by all.
        try Data("planted".utf8).write(to: URL(fileURLWithPath: part))
        #expect(chmod(part, 0o666) == 0)
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 1,
            message: "Error: \(part) was not left by an earlier download of this program "
                + "(no download of it was recorded); it is not used or changed")
        #expect(try contents(part) == Data("planted".utf8))
        #expect((try manager.attributesOfItem(atPath: part)[.posixPermissions] as? Int) == 0o666)
        try manager.removeItem(atPath: part)
        // A hard link to another file.
        let victim = movies.folder.file("victim.txt")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(link(victim, part) == 0)
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 1, message: "(it has 2 names (hard links))")
        #expect(try contents(victim) == Data("keep me".utf8))
        try manager.removeItem(atPath: part)
        // A FIFO (opening it to write would wait for a reader forever) and a symbolic link.
        #expect(mkfifo(part, 0o644) == 0)
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 1, message: "(it is not a regular file)")
        try manager.removeItem(atPath: part)
        try manager.createSymbolicLink(atPath: part, withDestinationPath: victim)
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 1, message: "(it is a symbolic link)")
        #expect(try contents(victim) == Data("keep me".utf8))
        #expect(!fileExists(folder + "/ep1.mp3"))
        // A part this program left, and then changed by someone else, is not resumed either.
        try manager.removeItem(atPath: part)
        server.set("/media/ep1.mp3", .file(Self.episode, contentType: "audio/mpeg", cutAt: 100_000))
        #expect(try movies.run(["news", "download", "1", "--to", folder]).status == 1)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: part))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.close()
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 1, message: "(it changed after the download)")
    }

    @Test("a second download of the file says one is in progress and leaves the first one's part alone")
    func concurrentDownloads() async throws {
        try subscribed()
        let gate = FeedGate()
        defer { gate.open() }
        server.set("/media/ep1.mp3", .heldFile(Self.episode, gate: gate))
        let first = try MeasuredProcess(
            MoviesProcess.binary, ["news", "download", "1", "--to", folder], environment: movies.environment)
        // The part is created and locked before the request is sent.
        #expect(await server.waitForRequests(to: "/media/ep1.mp3"))
        try movies.refuse(
            ["news", "download", "1", "--to", folder], status: 75,
            message: "Error: A download of \(folder)/ep1.mp3 is in progress already")
        gate.open()
        let ending = await first.finished()
        #expect(ending.result.status == 0, "\(ending)")
        #expect(try contents(folder + "/ep1.mp3") == Self.episode)
        #expect(server.requestCount("/media/ep1.mp3") == 1)
    }

    @Test("Ctrl-C keeps and records the part, and the next download resumes it")
    func interrupted() async throws {
        try subscribed()
        let gate = FeedGate()
        defer { gate.open() }
        server.set("/media/ep1.mp3", .stalledFile(Self.episode, after: 100_000, gate: gate))
        let watch = try FolderWatch(folder)
        let first = try MeasuredProcess(
            MoviesProcess.binary, ["news", "download", "1", "--to", folder], environment: movies.environment)
        #expect(await watch.wait { (try? contents(part).count) == 100_000 })
        first.send(SIGINT)
        let ending = await first.finished()
        gate.open()
        #expect(ending.result.signal == SIGINT, "\(ending)")
        #expect(
            ending.result.stderr.contains(
                "Interrupted: 100000 bytes are kept (run the command again to resume)"),
            "\(ending)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT size FROM download_parts") == "100000")
        server.set("/media/ep1.mp3", .file(Self.episode, contentType: "audio/mpeg"))
        let second = try movies.run(["news", "download", "1", "--to", folder])
        #expect(
            second.stdout == "Downloaded \(folder)/ep1.mp3 (300.0 kB, resumed after 100.0 kB)\n", "\(second)")
        #expect(try contents(folder + "/ep1.mp3") == Self.episode)
    }

    @Test("a name longer than the file system holds, in bytes, gives way to a short one")
    func longName() throws {
        try subscribed()
        server.set("/media/\(Self.longName)", .file(Data(count: 1_000), contentType: "audio/mpeg"))
        let result = try movies.run(["news", "download", "2", "--to", folder])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Downloaded \(folder)/item-2-1 (1.0 kB)\n", "\(result)")
    }

    @Test("a path in a message is as it was given: never capitalised")
    func pathsAsGiven() throws {
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("dl"), withIntermediateDirectories: true)
        try movies.succeed("news", "subscribe", server.url("/cast.xml"))
        server.set("/media/ep1.mp3", .file(Data(count: 1_000), contentType: "audio/mpeg"))
        let arguments = ["news", "download", "1", "--to", "dl"]
        let first = try ProcessRunner.run(
            MoviesProcess.binary, arguments, environment: movies.environment,
            currentDirectory: movies.folder.file(""))
        #expect(first.stdout == "Downloaded dl/ep1.mp3 (1.0 kB)\n", "\(first)")
        let second = try ProcessRunner.run(
            MoviesProcess.binary, arguments, environment: movies.environment,
            currentDirectory: movies.folder.file(""))
        #expect(second.status == 1)
        #expect(
            second.stderr.hasPrefix("Error: dl/ep1.mp3 exists already; it is never overwritten"), "\(second)")
    }

    @Test("a size or a timeout past its range is a usage error before anything is written, not a trap")
    func valuesPastTheirRange() throws {
        try subscribed()
        server.set("/media/ep1.mp3", .file(Data(count: 1_000), contentType: "audio/mpeg"))
        for (option, value, expected) in [
            ("--max-size", "9223372036855", "a whole number of megabytes from 1 to 1000000"),
            ("--max-size", "1000001", "a whole number of megabytes from 1 to 1000000"),
            ("--timeout", "9223372036854776", "a whole number of seconds from 1 to 2147483"),
            ("--timeout", "2147484", "a whole number of seconds from 1 to 2147483"),
        ] {
            try movies.refuse(
                ["news", "download", "1", "--to", folder, option, value], status: 64,
                message:
                    "Error: The value '\(value)' is invalid for '\(option) <\(option == "--timeout" ? "seconds" : "megabytes")>': expected \(expected)"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
        let atBounds = try movies.run(
            ["news", "download", "1", "--to", folder, "--max-size", "1000000", "--timeout", "2147483"])
        #expect(atBounds.status == 0, "\(atBounds)")
    }

    @Test("news add --published past 9999-12-31 is an argument error, and nothing is stored")
    func publishedPastTheLastYear() throws {
        try movies.succeed("news", "add", "--title", "First")
        for date in ["9999-12-31T23:59:60Z", "9999-12-31T23:59:59.9999Z", "9999-12-31T20:00:00-04:00"] {
            try movies.refuse(
                ["news", "add", "--title", "T", "--published", date], status: 64,
                message: "Error: The value '\(date)' is invalid for '--published <date>'")
        }
        try movies.succeed("news", "add", "--title", "Last", "--published", "9999-12-31T23:59:59Z")
    }
}
