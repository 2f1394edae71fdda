import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import TestSupport
import Testing

/// Scenario 6: hostile input (see `HostileInput/README.md`). Each case is refused (message, exit code,
/// unchanged file) or stored verbatim, never a crash; stored text never reaches the terminal raw.
extension Reliability {
    @Suite("Reliability: hostile input")
    struct ReliabilityHostileInputTests {
        // MARK: - The corpus

        /// A command-line argument: text, or a long run of one character (with a prefix).
        enum Argument: Decodable {
            case text(String)
            case run(prefix: String, character: String, count: Int)

            init(from decoder: any Decoder) throws {
                if let text = try? decoder.singleValueContainer().decode(String.self) {
                    self = .text(text)
                    return
                }
                let object = try decoder.container(keyedBy: Keys.self)
                self = .run(
                    prefix: try object.decodeIfPresent(String.self, forKey: .prefix) ?? "",
                    character: try object.decode(String.self, forKey: .repeat),
                    count: try object.decode(Int.self, forKey: .count))
            }

            enum Keys: String, CodingKey {
                case prefix, `repeat`, count
            }

            var value: String {
                switch self {
                case .text(let text): text
                case .run(let prefix, let character, let count):
                    prefix + String(repeating: character, count: count)
                }
            }
        }

        struct CommandCase: Decodable {
            let name: String
            let arguments: [Argument]
            let status: Int32?
            let message: String?
            let stores: Argument?
        }

        struct ShellCase: Decodable {
            let name: String
            let input: String
            let status: Int32
            let message: String
        }

        struct FileCase: Decodable {
            let file: String
            let status: Int32?
            let message: String?
            let stores: [String]?
            let titles: [String]?
            /// The items' stored links (`news_items.url`, "-" for none), for feeds.
            let links: [String]?
        }

        struct Corpus: Decodable {
            let commands: [CommandCase]
            let shell: [ShellCase]
            let imports: [FileCase]
            let feeds: [FileCase]
        }

        /// The length of the gigantic line: 30 MB at full counts.
        static let giant = ReliabilityScale.count(ci: 3 << 20, full: 30 << 20)

        static let folder = Bundle.module.url(forResource: "HostileInput", withExtension: nil)

        static func load() throws -> Corpus {
            let folder = try #require(folder, "the HostileInput resources are missing")
            return try JSONDecoder().decode(
                Corpus.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json")))
        }

        static func path(_ file: String) -> String {
            folder?.appendingPathComponent(file).path ?? file
        }

        // MARK: - Checks

        private func expectNoCrash(
            _ result: ProcessResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(!result.crashed, "\(name): \(result)", sourceLocation: sourceLocation)
        }

        /// The stored values of `column`, oldest first, as hex of their UTF-8, and the expected ones.
        private func expectStored(
            _ expected: [String], column: String = "title", table: String = "movies",
            in movies: MoviesProcess,
            _ name: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let stored = try DirectSQL.run(
                movies.databasePath,
                "SELECT group_concat(hex(value), ' ') FROM (SELECT \(column) AS value FROM \(table) ORDER BY id)"
            )
            // Titles are stored as typed, composed (NFC): a decomposed accent comes back composed.
            let texts = column == "title" && table == "movies" ? expected.map(TitleKeys.stored) : expected
            let wanted = texts.map { Data($0.utf8).map { String(format: "%02X", $0) }.joined() }
            #expect(stored == wanted.joined(separator: " "), "\(name)", sourceLocation: sourceLocation)
        }

        private func expectSafe(
            _ result: ProcessResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let unsafe = TerminalSafety.unsafeCharacters(in: result.stdout + result.stderr)
            #expect(
                unsafe.isEmpty, "\(name) printed \(unsafe.prefix(5)): \(result)",
                sourceLocation: sourceLocation)
        }

        /// Runs each command line, which must succeed and print nothing unsafe: what was stored reads back.
        private func expectSafeReads(
            _ commands: [[String]], in movies: MoviesProcess, _ name: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            for arguments in commands {
                let result = try movies.run(arguments)
                #expect(result.status == 0, "\(name) \(arguments): \(result)", sourceLocation: sourceLocation)
                expectSafe(result, "\(name) \(arguments)", sourceLocation: sourceLocation)
            }
        }

        // MARK: - Cases

        @Test("bad command lines are refused or stored verbatim, never a crash")
        func commandLines() throws {
            let corpus = try Self.load()
            #expect(
                corpus.commands.count + corpus.shell.count + corpus.imports.count + corpus.feeds.count >= 50)
            let movies = MoviesProcess()
            try movies.succeed("add", "Seed")
            var stored: [String] = ["Seed"]
            for testCase in corpus.commands {
                let arguments = testCase.arguments.map(\.value)
                if let status = testCase.status, let message = testCase.message {
                    let result = try movies.refuse(arguments, status: status, message: message)
                    expectNoCrash(result, testCase.name)
                    expectSafe(result, testCase.name)
                } else if let title = testCase.stores?.value {
                    let result = try movies.run(arguments)
                    #expect(result.status == 0, "\(testCase.name): \(result)")
                    expectNoCrash(result, testCase.name)
                    stored.append(title)
                    try expectStored(stored, in: movies, testCase.name)
                } else {
                    Issue.record("\(testCase.name): neither refused nor stored")
                }
            }
            // Everything stored reads back for people without a raw control character.
            try expectSafeReads(
                [["list"], ["list", "--sort", "title"], ["show", "3"], ["search", "Robert"]], in: movies, "")
        }

        @Test("bad shell scripts are refused line by line, never a crash")
        func shellScripts() throws {
            let movies = MoviesProcess()
            try movies.succeed("add", "Seed")
            for testCase in try Self.load().shell {
                let result = try movies.refuse(
                    ["shell"], status: testCase.status, message: testCase.message, input: testCase.input)
                expectNoCrash(result, testCase.name)
                expectSafe(result, testCase.name)
            }
        }

        @Test("hostile import files are refused whole or stored verbatim")
        func importFiles() throws {
            try importFiles(try Self.load().imports.filter { !Self.isZip($0.file) })
        }

        /// The zips apart, since libzip is loaded to read them: a machine without it skips these alone.
        @Test("hostile zips are refused whole or stored verbatim", .requires(.libzip))
        func importZips() throws {
            let zips = try Self.load().imports.filter { Self.isZip($0.file) }
            #expect(!zips.isEmpty)
            try importFiles(zips)
        }

        private static func isZip(_ file: String) -> Bool { file.hasSuffix(".zip") }

        private func importFiles(_ cases: [FileCase]) throws {
            for testCase in cases {
                let movies = MoviesProcess()
                try movies.succeed("add", "Already there")
                let path = Self.path(testCase.file)
                if let status = testCase.status, let message = testCase.message {
                    let result = try movies.refuse(["import", path], status: status, message: message)
                    expectNoCrash(result, testCase.file)
                    expectSafe(result, testCase.file)
                } else {
                    let result = try movies.run(["import", path])
                    #expect(result.status == 0, "\(testCase.file): \(result)")
                    expectNoCrash(result, testCase.file)
                    try expectStored(["Already there"] + (testCase.stores ?? []), in: movies, testCase.file)
                    for arguments in [["list"], ["show", "2"]] where testCase.stores?.isEmpty == false {
                        expectSafe(try movies.run(arguments), "\(testCase.file) \(arguments)")
                    }
                }
            }
        }

        @Test("hostile feeds, from a file or over HTTP: refused, or parsed without escapes or entities")
        func feeds() throws {
            let corpus = try Self.load()
            let server = try TestHTTPServer { request in
                let name = String(request.path.dropFirst())
                guard let body = fileSnapshot(Self.path("feeds/" + name)) else { return .send(status: 404) }
                return .send(status: 200, headers: ["Content-Type": "application/rss+xml"], body: body)
            }
            defer { server.stop() }
            for testCase in corpus.feeds {
                let path = Self.path(testCase.file)
                let fromFile = MoviesProcess()
                let overHTTP = MoviesProcess()
                let url = server.url("/" + (testCase.file as NSString).lastPathComponent).absoluteString
                let isOPML = testCase.file.hasSuffix(".opml")
                if let status = testCase.status, let message = testCase.message {
                    expectNoCrash(
                        try fromFile.refuse(["news", "import", path], status: status, message: message),
                        testCase.file)
                    if !isOPML {
                        let result = try overHTTP.run(["news", "subscribe", url])
                        #expect(
                            result.status != 0 && result.stderr.hasPrefix("Error: "),
                            "\(testCase.file): \(result)")
                        expectNoCrash(result, testCase.file)
                        // Refused where there was no list: it takes back the list it had created.
                        #expect(fileSnapshot(overHTTP.databasePath) == nil, "\(testCase.file)")
                    }
                    continue
                }
                let imported = try fromFile.run(["news", "import", path])
                #expect(imported.status == 0, "\(testCase.file): \(imported)")
                expectNoCrash(imported, testCase.file)
                let subscribed = try overHTTP.run(["news", "subscribe", url])
                #expect(subscribed.status == 0, "\(testCase.file): \(subscribed)")
                expectNoCrash(subscribed, testCase.file)
                for movies in [fromFile, overHTTP] {
                    try expectStored(testCase.titles ?? [], table: "news_items", in: movies, testCase.file)
                    if let links = testCase.links {
                        try expectStored(
                            links, column: "ifnull(url, '-')", table: "news_items", in: movies, testCase.file)
                    }
                }
                try expectSafeReads(
                    [["news", "list"], ["news", "show", "1"], ["news", "feeds"]], in: overHTTP, testCase.file)
            }
        }

        @Test("generated binary input: NUL bytes, invalid UTF-8, Latin-1, a gigantic line, an oversized feed")
        func binaryInput() throws {
            let movies = MoviesProcess()
            try movies.succeed("add", "Seed")
            let header = Data(
                "id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri\n"
                    .utf8)
            let files: [(String, Data, String)] = [
                (
                    "nul.csv", header + Data(",nul".utf8) + Data([0]) + Data("title,1995,good,,,,,,,\n".utf8),
                    "a NUL byte"
                ),
                (
                    // UTF-8 (é) and then bytes of another encoding: which one is meant cannot be told.
                    "invalid.csv",
                    header + Data(",bad é ".utf8) + Data([0xFF, 0xFE]) + Data(",1995,good,,,,,,,\n".utf8),
                    "partly UTF-8 and partly in another encoding"
                ),
                (
                    // Windows-1252 bytes where it leaves nothing (0x8D): Mac OS Roman, as Excel for Mac saves.
                    "macroman.csv",
                    header + Data(",caf".utf8) + Data([0x8E, 0x8D]) + Data(",1995,good,,,,,,,\n".utf8),
                    "iconv -f MACINTOSH -t UTF-8"
                ),
                (
                    "giant-field.csv",
                    header + Data(",".utf8) + Data(repeating: UInt8(ascii: "x"), count: Self.giant),
                    "a field is longer than 1 MiB"
                ),
                (
                    "giant-line.csv", Data(repeating: UInt8(ascii: "x"), count: Self.giant),
                    "is not a header of a format"
                ),
            ]
            for (name, bytes, message) in files {
                let path = movies.folder.file(name)
                _ = FileManager.default.createFile(atPath: path, contents: bytes)
                let result = try movies.refuse(["import", path], status: 65, message: message)
                expectNoCrash(result, name)
                expectSafe(result, name)
                try? FileManager.default.removeItem(atPath: path)
            }
            // Latin-1 (Windows-1252) is clear, so it is read: café, not caf\u{FFFD}, and the report says how.
            let latin1 = movies.folder.file("latin1.csv")
            _ = FileManager.default.createFile(
                atPath: latin1,
                contents: header + Data(",caf".utf8) + Data([0xE9]) + Data(",1995,good,,,,,,,\n".utf8))
            let read = try movies.run(["import", latin1])
            #expect(read.status == 0 && read.stdout.contains("was read as Windows-1252"), "\(read)")
            try expectStored(["Seed", "café"], in: movies, "latin1.csv")
            try movies.succeed("rm", "2")

            // An argument that is not UTF-8 (only a shell can pass one) and shell lines with NUL or bad bytes.
            let before = fileSnapshot(movies.databasePath)
            let argument = try ProcessRunner.run(
                "/bin/sh",
                ["-c", "exec \"$0\" add \"$(printf 'bad \\377\\376 title')\"", MoviesProcess.binary],
                environment: movies.environment)
            #expect(argument.status == 64 && argument.stderr.contains("is not valid UTF-8"), "\(argument)")
            expectNoCrash(argument, "argument")
            let script = try ProcessRunner.run(
                "/bin/sh",
                ["-c", "printf 'add \"bad \\377 line\"\\n' | exec \"$0\" shell", MoviesProcess.binary],
                environment: movies.environment)
            #expect(
                script.status == 64 && script.stderr.contains("Error: line 1: The line is not valid UTF-8"),
                "\(script)")
            expectNoCrash(script, "shell line")
            #expect(fileSnapshot(movies.databasePath) == before)

            // Feeds with NUL bytes and invalid UTF-8, and one past the 10 MB cap.
            let nulFeed =
                Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Bin".utf8)
                + Data([0, 0xFF, 0xC0])
                + Data("</title><item><title>A\u{0}B</title><guid>1</guid></item></channel></rss>".utf8)
            let server = try TestHTTPServer { request in
                switch request.path {
                case "/binary.xml": .send(status: 200, body: nulFeed)
                default: .stream(total: 12 << 20, chunkSize: 64 << 10, declareLength: true)
                }
            }
            defer { server.stop() }
            for path in ["/binary.xml", "/huge.xml"] {
                let fresh = MoviesProcess()
                let result = try fresh.run(["news", "subscribe", server.url(path).absoluteString])
                expectNoCrash(result, path)
                expectSafe(result, path)
                if result.status == 0 {
                    expectSafe(try fresh.run(["news", "list"]), path)
                } else {
                    #expect(result.stderr.hasPrefix("Error: ") && result.stdout.isEmpty, "\(path): \(result)")
                    // Refused where there was no list: it takes back the list it had created.
                    #expect(fileSnapshot(fresh.databasePath) == nil, "\(path)")
                }
            }
        }

        @Test("control characters written with sqlite3 or news add never reach the terminal raw")
        func storedEscapesStayVisible() throws {
            let movies = MoviesProcess()
            try movies.succeed("add", "Seed")
            let payload =
                "evil' || char(27) || '[2J' || char(27) || ']0;pwned' || char(7) || ' ' || char(155) || '31m"
            try DirectSQL.run(
                movies.databasePath,
                "INSERT INTO movies (title, note) VALUES ('Title \(payload)', 'Note \(payload)' || char(10) || 'line 2')"
            )
            try movies.succeed(
                "news", "add", "--title", "Plain title", "--summary", "Summary \u{1B}[31mred\u{9B}1m")
            try DirectSQL.run(
                movies.databasePath,
                "INSERT INTO news_items (guid, title, summary, published_at) "
                    + "VALUES ('raw', 'Raw \(payload)', 'Raw summary \(payload)', '2026-11-30T10:00:00.000Z')"
            )
            for arguments in [
                ["list"], ["list", "--sort", "title", "--reverse"], ["show", "2"], ["search", "evil"],
                ["news", "list"], ["news", "show", "1"], ["news", "show", "2"],
                ["news", "search", "summary"],
                ["news", "search", "raw"],
            ] {
                let result = try movies.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result)")
                expectSafe(result, "\(arguments)")
            }
            // JSON escapes them; the machine formats keep them exactly, for programs, not terminals.
            #expect(try movies.succeed("show", "2", "--format", "json").contains("\\u001b[2J"))

            // The shell's change feed, at a terminal.
            let shell = try movies.startShellAtTerminal()
            try DirectSQL.run(movies.databasePath, "INSERT INTO movies (title) VALUES ('Feed \(payload)')")
            #expect(shell.waitFor("+ 3 Feed evil^[[2J^[]0;pwned^G <U+9B>31m"), "\(shell.output)")
            let feed = shell.output
            for raw in ["\u{1B}[2J", "\u{1B}]0;pwned", "\u{07}", "\u{9B}"] {
                #expect(!feed.contains(raw), "the change feed printed \(raw.unicodeScalars.map(\.value)) raw")
            }
            shell.type("quit\n")
            #expect(shell.waitForExit() == 0)
        }
    }
}
