import Foundation
import TestSupport
import Testing

/// Search in every script, over viewings too, a page at a time (issue 26, points 9 and 5; issue 24.3).
@Suite("search in every script and over viewings", .offPool, .serialized)
struct SearchEverywhereTests {
    let movies = MoviesProcess()

    private func titles(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }
    }

    @Test("three or more characters inside a Chinese, Japanese, Korean or Thai title find it")
    func substringsOfUnspacedScripts() throws {
        for title in ["千と千尋の神隠し", "살인의추억", "ฉลาดเกมส์โกง", "Spirited Away", "Heat"] {
            try movies.succeed("add", title)
        }
        for (query, expected) in [
            ("神隠し", ["千と千尋の神隠し"]), ("千尋の", ["千と千尋の神隠し"]), ("인의추억", ["살인의추억"]),
            ("เกมส์", ["ฉลาดเกมส์โกง"]), ("spirit", ["Spirited Away"]),
        ] {
            let found = try movies.succeed("search", query, "--format", "tsv")
            #expect(titles(found) == expected, "\(query): \(found)")
        }
        // Two characters are too few for a trigram: only a word's start finds it then.
        let (status, _) = try movies.atTerminal(["search", "神隠", "--no-pager"])
        #expect(status == 0)
        #expect(titles(try movies.succeed("search", "千と", "--format", "tsv")) == ["千と千尋の神隠し"])
    }

    @Test("reviews and tags of viewings find their film, and the table says where")
    func viewings() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try movies.succeed("add", "Alien", "--year", "1979")
        try movies.succeed("add", "Rain Man", "--year", "1988")
        try movies.succeed("log", "1", "--on", "2024-01-02", "--review", "The coffee shop scene with De Niro")
        try movies.succeed("log", "2", "--on", "2024-01-03", "--tag", "rainy-sunday", "--tag", "cinema")
        #expect(titles(try movies.succeed("search", "coffee", "--format", "tsv")) == ["Heat"])
        #expect(titles(try movies.succeed("search", "cinema", "--format", "tsv")) == ["Alien"])
        #expect(
            Set(titles(try movies.succeed("search", "rain", "--format", "tsv"))) == ["Alien", "Rain Man"])
        let (status, screen) = try movies.atTerminal(["search", "rain", "--no-pager"])
        #expect(status == 0)
        #expect(screen.contains("FOUND IN"), "\(screen)")
        let alien = screen.split(separator: "\n").first { $0.contains("Alien") }.map(String.init) ?? ""
        #expect(alien.hasSuffix("tags"), "\(screen)")
        let rainMan = screen.split(separator: "\n").first { $0.contains("Rain Man") }.map(String.init) ?? ""
        #expect(!rainMan.hasSuffix("tags") && rainMan.hasSuffix("title"), "\(screen)")
    }

    @Test("search --limit ends a page with the command for the next; --after an id not found is refused")
    func pages() throws {
        for title in ["Heat", "Heat 2", "Heat Wave", "Heat Lightning"] { try movies.succeed("add", title) }
        let first = try movies.run("search", "heat", "--limit", "2", "--format", "tsv")
        #expect(first.status == 0)
        let firstTitles = titles(first.stdout)
        #expect(firstTitles.count == 2)
        let hint = try #require(first.stderr.split(separator: "\n").last.map(String.init))
        #expect(
            hint.hasPrefix("More movies: continue with movies search heat --format tsv --limit 2 --after "),
            "\(hint)")
        let after = String(hint.split(separator: " ").last ?? "")
        let second = try movies.run("search", "heat", "--limit", "2", "--format", "tsv", "--after", after)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
        let secondTitles = titles(second.stdout)
        #expect(Set(firstTitles + secondTitles) == ["Heat", "Heat 2", "Heat Wave", "Heat Lightning"])
        try movies.refuse(
            ["search", "alien", "--after", "1"], status: 64,
            message: "--after 1 is not among what this search finds")
    }
}
