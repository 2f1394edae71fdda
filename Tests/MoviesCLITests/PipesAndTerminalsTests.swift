import Foundation
import TestSupport
import Testing

/// A closed pipe, a narrow terminal, paging, `--` and hints that keep `--db` (issue 26, point 4).
@Suite("pipes, narrow terminals, pages and hints", .offPool, .serialized)
struct PipesAndTerminalsTests {
    let movies = MoviesProcess()

    /// Adds `count` movies with long titles, some rated with stars and watched, in one statement.
    private func fill(_ count: Int) throws {
        try movies.succeed("add", "Seed")
        try DirectSQL.run(
            movies.databasePath,
            """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO movies (title, year, rating) SELECT 'A film with a rather long title, number ' || i,
            1950 + i % 70, 'good' FROM n
            """)
    }

    @Test("a reader that closes the pipe early is not an error: exit 0, not 141 (SIGPIPE)")
    func closedPipe() throws {
        try fill(3000)  // far more than a pipe's 64 KiB buffer, which a reader that never reads fills
        for format in ["table", "csv"] {
            // `true` never reads: once the buffer is full, the next write finds the pipe closed.
            let result = try ProcessRunner.run(
                "/bin/sh",
                [
                    "-c", "{ \"$0\" \"$@\"; echo \"status $?\" >&2; } | true", MoviesProcess.binary,
                    "list", "--format", format,
                ], environment: movies.environment)
            #expect(result.stderr == "status 0\n", "\(format): \(result)")
        }
    }

    @Test("40 columns: every row of list, search and help fits; columns give way, titles are cut")
    func narrowTerminal() throws {
        try movies.succeed(
            "add", "The Assassination of Jesse James by the Coward Robert Ford", "--year", "2007", "--stars",
            "4.5",
            "--watched", "2024-01-02")
        try movies.succeed("add", "千と千尋の神隠し", "--year", "2001", "--rating", "excellent")
        let commands = [
            ["list", "--no-pager"], ["list", "--limit", "1", "--no-pager"], ["search", "the", "--no-pager"],
            ["help", "list"], ["list", "--help"],
        ]
        for arguments in commands {
            let (status, screen) = try movies.atTerminal(arguments, columns: 40)
            #expect(status == 0, "\(arguments): \(screen)")
            // Commands to paste (the help's examples, the next page's command) are kept whole.
            for line in screen.split(separator: "\n")
            where !line.hasPrefix("  movies ") && !line.hasPrefix("More ") {
                #expect(terminalWidth(line) <= 40, "\(arguments): '\(line)' in\n\(screen)")
            }
            if arguments == ["list", "--no-pager"] {
                #expect(screen.contains("TITLE"), "\(screen)")
                // The columns it can spare give way before the title is cut short (issue 45): WATCHED,
                // STARS and YEAR, then the title is cut with …; RATING stays.
                #expect(screen.contains("The Assassination of J"), "\(screen)")
                #expect(screen.contains("…") && screen.contains("RATING"), "\(screen)")
                for gone in ["WATCHED", "STARS", "YEAR", "2007"] {
                    #expect(!screen.contains(gone), "\(gone) gives way: \(screen)")
                }
            }
        }
    }

    @Test("paging: every page has the same columns, at the same places")
    func pagesKeepTheirColumns() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try movies.succeed("add", "Alien", "--year", "1979", "--stars", "4", "--watched", "2024-01-02")
        let first = try movies.succeed("list", "--limit", "1")
        let second = try movies.succeed("list", "--limit", "1", "--after", "1")
        let header = { (page: String) in page.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(header(first) == header(second), "\(first)\n\(second)")
        #expect(header(first).contains("STARS") && header(first).contains("WATCHED"), "\(first)")
        // At a terminal the title keeps one width too.
        let (_, one) = try movies.atTerminal(["list", "--limit", "1", "--no-pager"], columns: 100)
        let (_, two) = try movies.atTerminal(
            ["list", "--limit", "1", "--after", "1", "--no-pager"], columns: 100)
        let yearColumn = { (screen: String) in
            screen.split(separator: "\n").first { $0.contains("YEAR") }.map {
                String($0).range(of: "YEAR")?.lowerBound.utf16Offset(in: String($0))
            } ?? nil
        }
        #expect(yearColumn(one) != nil && yearColumn(one) == yearColumn(two), "\(one)\n\(two)")
    }

    @Test("`--` ends the options, not the command words: movies --db x -- list lists")
    func doubleDash() throws {
        let other = movies.folder.file("x.sqlite")
        try movies.succeed("--db", other, "add", "Heat")
        let listed = try movies.succeed("--db", other, "--", "list", "--format", "tsv")
        #expect(listed.contains("Heat"), "\(listed)")
    }

    @Test("a hint names the file the command read: --db is carried into the command it suggests")
    func hintsKeepTheDatabase() throws {
        let other = movies.folder.file("my list.sqlite")
        try movies.succeed("--db", other, "migrate")
        let (_, screen) = try movies.atTerminal(["--db", other, "list"])
        #expect(
            screen.contains("Add one with: movies --db '\(other)' add \"Title\" --rating good"), "\(screen)")
        let (_, diary) = try movies.atTerminal(["--db", other, "diary"])
        #expect(
            diary.contains("Log one with: movies --db '\(other)' log <movie> --on <YYYY-MM-DD>"), "\(diary)")
        let (_, seen) = try movies.atTerminal(["--db", other, "list", "--seen"])
        #expect(seen.contains("movies --db '\(other)' log <movie>"), "\(seen)")
    }

    /// Cells a line takes: East Asian wide characters count two.
    private func terminalWidth(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            width
                + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                    || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                    || (0xFF00...0xFF60).contains(scalar.value) ? 2 : 1)
        }
    }
}
