import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// What Tab offers in the shell (issue 45, point 3), worked out in process from the screens' trees;
/// `ShellTests` presses Tab at a real terminal.
@Suite("The shell's Tab completion")
struct ShellTabTests {
    static let listed: [String] = ["Alien", "Blade Runner", "Blade Runner 2049", "Heat"]
    static func titles(_ prefix: String) -> [String] {
        listed.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
    let movies: ShellCompleter = ShellCompleter(
        tree: ShellTrees.movies, titles: { ShellTabTests.titles($0) }, feeds: { [] })

    @Test("commands, options and the values the parser takes")
    func commandsOptionsValues() {
        #expect(movies.candidates(for: "ad") == ["add"])
        #expect(movies.candidates(for: "").contains("filter") && movies.candidates(for: "").contains("sort"))
        #expect(movies.candidates(for: "list --so") == ["--sort"])
        #expect(movies.candidates(for: "list --sort ") == ["added", "title", "rating", "year"])
        #expect(movies.candidates(for: "sort ra") == ["rating"])
        #expect(movies.candidates(for: "list --format j") == ["json"])
        #expect(movies.candidates(for: "list --rating go") == ["good"])
        #expect(movies.candidates(for: "rate Heat ex") == ["excellent"])
        #expect(movies.candidates(for: "add Heat -r ").contains("not-seen"))
        #expect(movies.candidates(for: "list --sort=ti") == ["title"])
        #expect(movies.completions(for: "list --sort=ti", wordStart: 12) == ["title"])
        #expect(movies.candidates(for: "add Heat --note ").isEmpty)
    }

    @Test("titles where a film goes, quoted when they have spaces; whatever readline takes as the word")
    func titlesWhereAFilmGoes() {
        #expect(movies.candidates(for: "show he") == ["Heat"])
        #expect(movies.candidates(for: "rate bla") == ["\"Blade Runner\"", "\"Blade Runner 2049\""])
        #expect(movies.candidates(for: "rm Heat al") == ["Alien"])
        #expect(movies.candidates(for: "edit Heat --year ").isEmpty)
        // Readline breaks words at spaces and quotes: after `"Blade R` its word is `R`.
        let line = "show \"Blade R"
        #expect(
            movies.completions(for: line, wordStart: line.utf8.count - 1) == ["Runner\"", "Runner 2049\""])
        #expect(
            movies.completions(for: "show Bl", wordStart: 5) == ["\"Blade Runner\"", "\"Blade Runner 2049\""])
        // What was typed before readline's word is matched case aside, as the titles are.
        let lowered = "show \"blade r"
        #expect(
            movies.completions(for: lowered, wordStart: lowered.utf8.count - 1) == [
                "Runner\"", "Runner 2049\"",
            ])
    }

    @Test("feeds' addresses where a feed goes, on the news screen")
    func feedsOnTheNewsScreen() {
        let news = ShellCompleter(
            tree: ShellTrees.news, titles: { _ in [] }, feeds: { ["https://example.org/feed.xml"] })
        #expect(news.candidates(for: "read --feed ") == ["https://example.org/feed.xml"])
        #expect(news.candidates(for: "st") == ["star"])
    }
}
