import FeedServer
import Foundation
import TestSupport
import Testing

/// Where the database goes, and what a copied binary can do on its own.
@Suite("Installation and default paths", .offPool)
struct InstallationTests {
    @Test("without --db or MOVIES_DB the file goes to ~/.local/share/movies, private")
    func defaultLocation() throws {
        let movies = MoviesProcess()
        let home = movies.folder.file("home")
        let result = try movies.run(["add", "Heat"], environment: ["MOVIES_DB": ""])
        #expect(result.status == 0, "\(result)")
        let path = home + "/.local/share/movies/movies.sqlite"
        #expect(fileExists(path))
        #expect(permissions(of: home + "/.local/share/movies") == 0o700)
        #expect(permissions(of: path) == 0o600)
    }

    @Test("XDG_DATA_HOME is honoured; --db beats MOVIES_DB")
    func precedence() throws {
        let movies = MoviesProcess()
        let data = movies.folder.file("data")
        #expect(
            try movies.run(["add", "A"], environment: ["MOVIES_DB": "", "XDG_DATA_HOME": data]).status == 0)
        #expect(fileExists(data + "/movies/movies.sqlite"))
        let explicit = movies.folder.file("explicit.sqlite")
        #expect(try movies.run(["--db", explicit, "add", "B"]).status == 0)
        #expect(try movies.run(["add", "C", "--db=\(explicit)"]).status == 0)
        #expect(try DirectSQL.run(explicit, "SELECT group_concat(title) FROM movies") == "B,C")
        #expect(!fileExists(movies.databasePath))
    }

    @Test("a movies binary copied alone to another folder creates and migrates a fresh database")
    func copiedBinaryMigrates() throws {
        let folder = TemporaryDirectory()
        let copy = folder.file("movies")
        try ExecutableFile.copy(from: MoviesProcess.binary, to: copy)
        let database = folder.file("fresh.sqlite")
        let result = try ProcessRunner.run(
            copy, ["--db", database, "migrate"], environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin"],
            currentDirectory: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Applied 0001_create_movies"))
        #expect(try DirectSQL.run(database, "SELECT count(*) FROM schema_migrations") != "0")
        #expect(try DirectSQL.integrityCheck(database) == "ok")
    }

    #if os(Linux)
        @Test("libcurl is neither linked nor loaded until a command fetches a feed")
        func libcurlLoadedOnlyToFetch() throws {
            // Loading libcurl and what it links costs every command ~11 ms of start-up.
            let ldd = try ProcessRunner.run(try #require(ProcessRunner.which("ldd")), [MoviesProcess.binary])
            #expect(ldd.status == 0, "\(ldd)")
            #expect(!ldd.stdout.contains("FoundationNetworking"), "\(ldd)")
            #expect(!ldd.stdout.contains("libcurl"), "\(ldd)")
            let movies = MoviesProcess()
            // The dynamic loader's own trace of every library it maps, dlopen() included.
            func librariesLoaded(by arguments: [String]) throws -> String {
                let trace = TemporaryDirectory()
                _ = try movies.run(
                    arguments, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": trace.file("ld")])
                return try FileManager.default.contentsOfDirectory(atPath: trace.path)
                    .map { try String(contentsOfFile: trace.file($0), encoding: .utf8) }.joined()
            }
            let adding = try librariesLoaded(by: ["add", "Heat"])
            #expect(adding.contains("libsqlite3"))
            #expect(!adding.contains("libcurl"))
            let closed = "http://127.0.0.1:\(TestHTTPServer.closedPort())/feed.xml"
            #expect(try librariesLoaded(by: ["news", "subscribe", closed]).contains("libcurl.so.4"))
        }
    #endif
}
