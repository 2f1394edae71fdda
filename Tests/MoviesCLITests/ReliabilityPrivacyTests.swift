import FeedServer
import Foundation
import News
import TestSupport
import Testing

/// Scenario 8: files and privacy. The list and its reading history are personal: the folder is 0700 and
/// every file 0600 whatever the umask, a session writes nothing outside the data folder and the files it
/// was asked to write, and feeds are fetched over HTTP(S) only, redirects included.
extension Reliability {
    @Suite("Reliability: files and privacy", .serialized)
    struct ReliabilityPrivacyTests {
        let folder = TemporaryDirectory()
        var home: String { folder.file("home") }
        var work: String { folder.file("work") }
        var temporary: String { folder.file("tmp") }
        var dataFolder: String { home + "/.local/share/movies" }
        var database: String { dataFolder + "/movies.sqlite" }

        init() throws {
            for path in [home, work, temporary] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
        }

        /// The environment of a person: no MOVIES_DB, so the default place under HOME is used; a private
        /// TMPDIR, to see that temporary files are cleaned up.
        var environment: [String: String] {
            [
                "HOME": home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "LANG": "C.UTF-8", "TMPDIR": temporary, "TZ": "UTC",
            ]
        }

        /// Runs movies in the working folder with a permissive umask (000), so any mode that relied on the
        /// umask would show.
        @discardableResult
        private func movies(_ arguments: String..., input: String? = nil) throws -> ProcessResult {
            let result = try ProcessRunner.run(
                "/bin/sh", ["-c", "umask 000 && exec \"$0\" \"$@\"", MoviesProcess.binary] + arguments,
                input: input,
                environment: environment, currentDirectory: work)
            #expect(result.status == 0 && !result.crashed, "\(arguments): \(result)")
            return result
        }

        private func expectPrivate(
            _ path: String, _ mode: Int, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(permissions(of: path) == mode, "\(path)", sourceLocation: sourceLocation)
        }

        @Test("a session writes only its data folder and the files it was asked to, all private")
        func sessionFootprint() async throws {
            let server = try FeedServer()
            defer { server.stop() }
            server.set(
                "/feed.xml", .feed(FeedXML.rss(title: "Feed", items: FeedXML.numberedItems(5, prefix: "f"))))
            try OwnCSV.write(count: 50, prefix: "Imported", to: work + "/in.csv")
            let before = (FolderSnapshot(home), FolderSnapshot(work), FolderSnapshot(temporary))

            try movies("add", "Heat", "--year", "1995", "--rating", "excellent")
            try movies("list")
            try movies("import", "in.csv")
            try movies("export", "--format", "json", "-o", "out.json")
            try movies("news", "subscribe", server.url("/feed.xml"))
            try movies("news", "refresh")
            try movies("news", "show", "1")
            try movies("shell", input: "add Alien --year 1979\nlist\nnews\nlist\n")

            // While a reader keeps the file open, the -wal and -shm files exist: private too.
            let watch = try BackgroundProcess(
                "/bin/sh", ["-c", "umask 000 && exec \"$0\" list --watch", MoviesProcess.binary],
                environment: environment, currentDirectory: work)
            // Its list printed, it is past installing its Ctrl-C handler.
            #expect(await watch.waitForOutput("TITLE"))
            var environmentWithTerm = environment
            environmentWithTerm["TERM"] = "xterm"
            let shell = try PseudoTerminalProcess(
                "/bin/sh", ["-c", "umask 000 && exec \"$0\" shell", MoviesProcess.binary],
                environment: environmentWithTerm)
            #expect(shell.waitFor("movies> "))
            shell.type("add Dune --year 2021\n")
            #expect(shell.waitFor("Added "))
            // The watcher's connection (open since it printed its list) keeps them there.
            #expect(fileExists(database + "-wal") && fileExists(database + "-shm"))
            expectPrivate(database + "-wal", 0o600)
            expectPrivate(database + "-shm", 0o600)
            shell.type("quit\n")
            #expect(shell.waitForExit() == 0)
            watch.send(SIGINT)
            #expect(await watch.finished().status == 0)

            expectPrivate(dataFolder, 0o700)
            expectPrivate(home + "/.local/share", 0o700)
            expectPrivate(home + "/.local", 0o700)
            expectPrivate(database, 0o600)
            if fileExists(database + "-history") {
                expectPrivate(database + "-history", 0o600)
            } else {
                ReliabilityScale.report(
                    "no shell history written (neither readline nor libedit is installed)")
            }

            // Nothing else changed: HOME only under the data folder, the working folder only by out.json,
            // the temporary folder not at all (the export's temporary file was renamed into place).
            let dataPrefix = ".local/share/movies"
            let homeChanges = FolderSnapshot(home).changes(since: before.0).filter {
                $0 != ".local" && $0 != ".local/share" && $0 != dataPrefix && !$0.hasPrefix(dataPrefix + "/")
            }
            // (Feeds are fetched through libcurl, not URLSession, whose configuration created empty cache and
            // cookie folders in HOME: ~/.cache/org.swift.foundation.URLCache/... and ~/.local/share/<binary>.)
            #expect(homeChanges.isEmpty, "written in HOME: \(homeChanges)")
            #expect(FolderSnapshot(work).changes(since: before.1) == ["out.json"])
            expectPrivate(work + "/out.json", 0o600)
            #expect(FolderSnapshot(temporary).changes(since: before.2).isEmpty)
            let dataFiles = try FileManager.default.contentsOfDirectory(atPath: dataFolder).sorted()
            #expect(
                Set(dataFiles).isSubset(of: [
                    "movies.sqlite", "movies.sqlite-history", "movies.sqlite-wal", "movies.sqlite-shm",
                ]), "\(dataFiles)")
        }

        @Test(
            "`news subscribe` of an address that redirects to file:// (or another scheme) is refused, stores nothing"
        )
        func redirectsToOtherSchemes() throws {
            let server = try TestHTTPServer { request in
                switch request.path {
                case "/to-file": .send(status: 302, headers: ["Location": "file:///etc/passwd"])
                case "/to-ftp": .send(status: 301, headers: ["Location": "ftp://127.0.0.1/feed.xml"])
                case "/to-data": .send(status: 307, headers: ["Location": "data:text/xml,<rss/>"])
                case "/to-feed": .send(status: 302, headers: ["Location": "/feed.xml"])
                default:
                    .send(
                        status: 200, headers: ["Content-Type": "application/rss+xml"],
                        body: Data(
                            FeedXML.rss(title: "Real", items: FeedXML.numberedItems(2, prefix: "r")).utf8))
                }
            }
            defer { server.stop() }
            let movies = MoviesProcess()
            try movies.succeed("migrate")
            for (path, scheme) in [("/to-file", "file"), ("/to-ftp", "ftp"), ("/to-data", "data")] {
                let result = try movies.refuse(
                    ["news", "subscribe", server.url(path).absoluteString], status: 1,
                    message: "redirect to a non-HTTP URL refused (\(scheme):)")
                #expect(!result.stderr.contains("root:"), "the file's contents must never show")
                #expect(!result.crashed)
            }
            #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM feeds") == "0")
            #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM news_items") == "0")
            // An ordinary redirect to HTTP is followed.
            #expect(
                try movies.succeed("news", "subscribe", server.url("/to-feed").absoluteString).contains(
                    "Real"))
        }
    }
}
