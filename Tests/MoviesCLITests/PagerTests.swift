import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Long output at a terminal goes through `$PAGER`, as git's does: a fake pager, a script that records
/// its arguments, its environment and what it was given, stands in for `less`.
@Suite("The pager", .offPool)
struct PagerTests {
    let movies = MoviesProcess()
    /// Where the fake pager writes down what it received.
    var record: String { movies.folder.file("pager-input") }
    var recordedArguments: String { movies.folder.file("pager-arguments") }
    var recordedLESS: String { movies.folder.file("pager-less") }

    init() throws {
        for title in ["A", "B", "C"] {
            try movies.succeed("add", title)
        }
    }

    /// Writes an executable shell script at `path` that records what the pager receives and then runs
    /// `ending` (by default it reads everything, as a pager shown to its end does).
    private func writePager(at path: String, ending: String = "cat > \"$RECORD\"") throws {
        let script = """
            #!/bin/sh
            printf '%s\\n' "$#" "$@" > "\(recordedArguments)"
            printf '%s' "$LESS" > "\(recordedLESS)"
            RECORD="\(record)"
            \(ending)

            """
        try ExecutableFile.write(script, to: path)
    }

    private func recorded(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("at a terminal, $PAGER gets the table and then the hint, without a shell when it needs none")
    func pagerGetsTheOutput() throws {
        let pager = movies.folder.file("fake-pager")
        try writePager(at: pager)
        let (status, screen) = try movies.atTerminal(["list", "--limit", "2"], environment: ["PAGER": pager])
        #expect(status == 0)
        let input = try #require(recorded(record), "the pager was not started: \(screen)")
        // A page's columns are the list's (every one, the title as wide as the terminal leaves, up to
        // MovieTable.pagedTitleWidth), so that the next page lines up with it.
        let title = "TITLE".padding(toLength: MovieTable.pagedTitleWidth, withPad: " ", startingAt: 0)
        let cell = { (text: String) in
            text.padding(toLength: MovieTable.pagedTitleWidth, withPad: " ", startingAt: 0)
        }
        #expect(
            input == """
                  #  \(title)  YEAR  RATING     STARS  WATCHED
                  1  \(cell("A"))        not-seen
                  2  \(cell("B"))        not-seen
                More movies: continue with movies list --limit 2 --after 2

                """)
        #expect(!screen.contains("TITLE"), "the table went to the terminal too: \(screen)")
        #expect(recorded(recordedArguments) == "0\n", "no arguments were given")
        // As git does, LESS=FRX when it is not set.
        #expect(recorded(recordedLESS) == "FRX")

        // MOVIES_PAGER comes first, and a command with shell syntax runs through sh.
        try FileManager.default.removeItem(atPath: record)
        let quoted = "\(pager) --one 'two words'"
        _ = try movies.atTerminal(
            ["show", "1"], environment: ["PAGER": "/nonexistent", "MOVIES_PAGER": quoted, "LESS": "-S"])
        #expect(recorded(record)?.hasPrefix("1  A\n") == true, "\(recorded(record) ?? "nothing")")
        #expect(recorded(recordedArguments) == "2\n--one\ntwo words\n")
        #expect(recorded(recordedLESS) == "-S")
    }

    @Test("without $PAGER, less -FRX pages it")
    func defaultPager() throws {
        // A `less` of the test's own on PATH: it records what it was run with.
        let bin = movies.folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try writePager(at: bin + "/less")
        let path = bin + ":" + (movies.environment["PATH"] ?? "/usr/bin:/bin")
        let (status, screen) = try movies.atTerminal(["list"], environment: ["PATH": path])
        #expect(status == 0)
        #expect(recorded(recordedArguments) == "1\n-FRX\n", "\(screen)")
        #expect(recorded(record)?.contains("  3  C") == true)
    }

    @Test("--no-pager, PAGER= or cat, and output that is not a terminal print directly")
    func noPager() throws {
        let pager = movies.folder.file("fake-pager")
        try writePager(at: pager)
        for (arguments, environment) in [
            (["list", "--no-pager"], ["PAGER": pager]),
            (["list"], ["PAGER": ""]),
            (["list"], ["PAGER": "cat"]),
            (["list"], ["MOVIES_PAGER": "", "PAGER": pager]),
        ] {
            let (status, screen) = try movies.atTerminal(arguments, environment: environment)
            #expect(status == 0)
            #expect(screen.contains("  3  C"), "\(arguments) \(environment): \(screen)")
            #expect(recorded(record) == nil, "\(arguments) \(environment) started the pager")
        }
        let piped = try movies.run(["list"], environment: ["PAGER": pager])
        #expect(piped.stdout.contains("  3  C"))
        #expect(recorded(record) == nil, "a pipe started the pager")
    }

    @Test("list --watch never pages: it prints as changes happen, until Ctrl-C")
    func watchIsNotPaged() throws {
        let pager = movies.folder.file("fake-pager")
        try writePager(at: pager)
        var environment = movies.environment
        environment["PAGER"] = pager
        let watch = try PseudoTerminalProcess(
            MoviesProcess.binary, ["list", "--watch"], environment: environment)
        #expect(watch.waitFor("  3  C"))
        try movies.succeed("add", "D")
        #expect(watch.waitFor("+ 4 D not-seen"))
        watch.interrupt()
        #expect(watch.waitForExit() == 0)
        #expect(recorded(record) == nil)
    }

    @Test("leaving the pager early (q) is not an error, and the listing stops")
    func pagerLeftEarly() throws {
        try GeneratedMovies.insert(into: movies.databasePath, count: 20000, title: "'Movie ' || x")
        let pager = movies.folder.file("fake-pager")
        // Reads the first line, then quits, as a person pressing q in less does (exit status 0).
        try writePager(at: pager, ending: "head -n 1 > \"$RECORD\"\nexit 0")
        for format in ["table", "csv"] {
            let (status, screen) = try movies.atTerminal(
                ["list", "--format", format], environment: ["PAGER": pager])
            #expect(status == 0, "\(format): \(screen)")
            #expect(!screen.contains("Error"), "\(format): \(screen)")
            #expect(recorded(record)?.isEmpty == false)
        }
    }

    @Test(
        "a pager that fails (false, a command sh cannot read, one that is not there) fails the command",
        arguments: [
            ("false", "The pager (false) failed with exit status 1"),
            ("less '", "The pager (less ') failed with exit status 2"),
            ("no-such-pager --x 'y'", "The pager (no-such-pager --x 'y') failed with exit status 127"),
        ])
    func failingPager(command: String, message: String) throws {
        let before = fileSnapshot(movies.databasePath)
        let (status, screen) = try movies.atTerminal(["list"], environment: ["PAGER": command])
        #expect(status == 1, "\(screen)")
        #expect(screen.contains("Error: \(message), so the output may not have been shown"), "\(screen)")
        #expect(screen.contains("--no-pager"), "\(screen)")
        #expect(fileSnapshot(movies.databasePath) == before)
    }

    @Test("TERM=dumb never starts the pager (less would only warn it is not fully functional)")
    func dumbTerminal() throws {
        let pager = movies.folder.file("fake-pager")
        try writePager(at: pager)
        let (status, screen) = try movies.atTerminal(["list"], environment: ["PAGER": pager, "TERM": "dumb"])
        #expect(status == 0)
        #expect(screen.contains("  3  C"), "\(screen)")
        #expect(recorded(record) == nil, "TERM=dumb started the pager")
    }

    @Test("a pager that cannot be started leaves the output on the terminal")
    func missingPager() throws {
        let (status, screen) = try movies.atTerminal(["list"], environment: ["PAGER": "/nonexistent/pager"])
        #expect(status == 0)
        #expect(screen.contains("  3  C"), "\(screen)")
    }
}
