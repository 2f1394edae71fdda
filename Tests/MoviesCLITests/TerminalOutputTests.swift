import Foundation
import TestSupport
import Testing

extension MoviesProcess {
    /// Runs `movies arguments` on a pseudo-terminal `columns` wide (stdin, stdout and stderr all the
    /// terminal), and returns its exit status and the screen: what it printed, in the order the
    /// terminal showed it, with the terminal's line ends as `\n`. Colour is off (`NO_COLOR`).
    func atTerminal(
        _ arguments: [String], columns: UInt16 = 120, environment overrides: [String: String] = [:]
    ) throws -> (status: Int32?, screen: String) {
        var environment = environment
        environment["NO_COLOR"] = "1"
        for (key, value) in overrides {
            environment[key] = value
        }
        let terminal = try PseudoTerminalProcess(
            Self.binary, arguments, environment: environment, columns: columns)
        let status = terminal.waitForExit()
        return (status, terminal.output.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}

/// Cells a line takes on a terminal, for the test's own text: CJK ideographs and kana are two cells wide.
func terminalWidth(_ line: some StringProtocol) -> Int {
    line.unicodeScalars.reduce(0) { width, scalar in
        width + ((0x3000...0x9FFF).contains(scalar.value) ? 2 : 1)
    }
}

/// What a person sees at a terminal, and what a program reads from a pipe: the table fits the
/// terminal while values stay whole on a pipe, the next-page hint comes after the page, an empty
/// search says nothing matched.
@Suite("Output at a terminal and on a pipe", .offPool)
struct TerminalOutputTests {
    let movies = MoviesProcess()

    @Test("at a terminal, the next-page hint comes after the table")
    func hintAfterTable() throws {
        for title in ["A", "B", "C"] {
            try movies.succeed("add", title)
        }
        let (status, screen) = try movies.atTerminal(["list", "--limit", "2"], environment: ["PAGER": "cat"])
        #expect(status == 0)
        let lastRow = try #require(screen.range(of: "  2  B"), "\(screen)")
        let hint = try #require(
            screen.range(of: "More movies: continue with movies list --limit 2 --after 2"), "\(screen)")
        #expect(hint.lowerBound > lastRow.upperBound, "\(screen)")

        try movies.succeed("news", "add", "--title", "One", "--published", "2026-11-30T10:00:00Z")
        try movies.succeed("news", "add", "--title", "Two", "--published", "2026-11-29T10:00:00Z")
        let news = try movies.atTerminal(["news", "list", "--limit", "1"], environment: ["PAGER": "cat"])
            .screen
        let item = try #require(news.range(of: "One"), "\(news)")
        let newsHint = try #require(
            news.range(
                of: "More items: continue with movies news list --limit 1 --after 2026-11-30T10:00:00.000Z/1"),
            "\(news)")
        #expect(newsHint.lowerBound > item.upperBound, "\(news)")
    }

    @Test("at a terminal, a long title is cut with … to the terminal's width; on a pipe it is whole")
    func tableFitsTerminal() throws {
        let long = String(repeating: "Long title ", count: 14) + "the end"  // 161 characters
        try movies.succeed("add", long, "--year", "1999")
        try movies.succeed("add", "千と千尋の神隠し", "--year", "2001", "--watched", "2024-03-09")
        try movies.succeed("add", "Heat", "--year", "1995")

        for (columns, environment) in [(60, [:]), (120, ["COLUMNS": "50"])] as [(UInt16, [String: String])] {
            let limit = environment["COLUMNS"].flatMap { Int($0) } ?? Int(columns)
            let (status, screen) = try movies.atTerminal(
                ["list", "--no-pager"], columns: columns, environment: environment)
            #expect(status == 0)
            let lines = screen.split(separator: "\n")
            #expect(lines.count == 4, "\(screen)")
            for line in lines {
                #expect(terminalWidth(line) <= limit, "\(line) is wider than \(limit)")
            }
            #expect(lines.contains { $0.contains("Long title Long") && $0.contains("…") }, "\(screen)")
            // Only the widest text column is cut: the other columns stay whole, or give way (WATCHED
            // first) where the title would be cut below `Table.keptWidth`.
            #expect(screen.contains("千と千尋の神隠し"), "\(screen)")
            #expect(screen.contains("not-seen"), "\(screen)")
            #expect(screen.contains("2024-03-09") == (limit >= 60), "\(limit): \(screen)")
        }

        let piped = try movies.run("list")
        #expect(piped.stdout.contains(long + "  1999"))
        #expect(!piped.stdout.contains("…"))
        let machine = try movies.run(["list"], environment: ["COLUMNS": "40"])
        #expect(machine.stdout == piped.stdout, "COLUMNS is for a terminal, not a pipe")
    }

    @Test("news list: at a terminal its table fits the width; on a pipe sources and titles are whole")
    func newsTableFitsTerminal() throws {
        let title = "A headline that goes on " + String(repeating: "and on ", count: 12) + "to the end"
        let source = "The Very Long Name of a Publication Somewhere"
        try movies.succeed("news", "add", "--title", title, "--source", source)
        let (status, screen) = try movies.atTerminal(["news", "list", "--no-pager"], columns: 70)
        #expect(status == 0)
        for line in screen.split(separator: "\n") {
            #expect(terminalWidth(line) <= 70, "\(line)")
        }
        #expect(screen.contains("…"))
        let piped = try movies.succeed("news", "list")
        #expect(piped.contains(source + "  " + title), "\(piped)")
        let feeds = try movies.atTerminal(["news", "feeds", "--no-pager"], columns: 70)
        #expect(feeds.status == 0)
    }

    @Test("a search with no hits says the words matched nothing; an empty filter says so too")
    func nothingMatched() throws {
        try movies.succeed("add", "Alien", "--rating", "good")
        let search = try movies.atTerminal(["search", "heat", "--no-pager"]).screen
        #expect(search.contains("No movies match the words 'heat'."), "\(search)")
        #expect(!search.contains("Add one with"), "\(search)")
        let rated = try movies.atTerminal(["search", "heat", "--rating", "poor"]).screen
        #expect(rated.contains("No movies rated poor match the words 'heat'."), "\(rated)")
        let news = try movies.atTerminal(["news", "search", "heat"]).screen
        #expect(news.contains("No news items match the words 'heat'."), "\(news)")
        let filtered = try movies.atTerminal(["list", "--rating", "poor,decent"]).screen
        #expect(filtered.contains("No movies rated poor or decent."), "\(filtered)")
        let unread = try movies.atTerminal(["news", "list", "--unread"]).screen
        #expect(unread.contains("No unread items."), "\(unread)")
        // A program reading a pipe gets no hint at all.
        let piped = try movies.run("search", "heat")
        #expect(piped.status == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty, "\(piped)")
    }
}
