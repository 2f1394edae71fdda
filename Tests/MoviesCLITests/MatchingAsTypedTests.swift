import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Titles and directors found as people type them (issue 45, point 6): a word of a director's name,
/// a title's word without its inner punctuation, accents and case folded, all in the index.
@Suite("matching as people type", .serialized)
@MainActor
struct MatchingAsTypedTests {
    let cli = InProcessCLI()

    init() async throws {
        for title in ["WALL·E", "E.T. the Extra-Terrestrial", "Amélie", "Heat", "Spider-Man", "Mannheim"] {
            try await cli.succeed("add", title)
        }
        // The catalog or an IMDb import writes directors; by hand here, as an outside writer would.
        try DirectSQL.run(
            cli.databasePath,
            """
            UPDATE movies SET directors = 'Michael Mann' WHERE title = 'Heat';
            UPDATE movies SET directors = 'Jean-Pierre Jeunet' WHERE title = 'Amélie';
            UPDATE movies SET directors = 'Joel Coen, Ethan Coen' WHERE title = 'Spider-Man';
            UPDATE movies SET directors = 'Hans Mannheimer' WHERE title = 'Mannheim';
            """)
    }

    func titles(_ arguments: String...) async throws -> [String] {
        let csv = try await cli.succeed(arguments + ["--format", "csv"])
        return csv.split(separator: "\n").dropFirst().map { line in
            String(line.split(separator: ",", omittingEmptySubsequences: false)[1])
        }
    }

    @Test("search finds a title by its words written without their inner punctuation or accents")
    func titleWords() async throws {
        #expect(try await titles("search", "walle") == ["WALL·E"])
        #expect(try await titles("search", "wall-e") == ["WALL·E"])
        #expect(try await titles("search", "et") == ["E.T. the Extra-Terrestrial"])
        #expect(try await titles("search", "extraterrestrial") == ["E.T. the Extra-Terrestrial"])
        #expect(try await titles("search", "amelie") == ["Amélie"])
        #expect(try await titles("search", "spiderman") == ["Spider-Man"])
        // Found in the title, not the note, though the title's folded words are a column of their own.
        try await cli.succeed("add", "Robots", "--note", "walle fans will like it")
        let explained = try await cli.succeed("search", "walle").split(separator: "\n")
        #expect(explained.contains { $0.contains("WALL·E") && $0.hasSuffix("title") }, "\(explained)")
        #expect(explained.contains { $0.contains("Robots") && $0.hasSuffix("note") }, "\(explained)")
    }

    @Test("list --director finds a film by a word of a director's name, in any case, accents folded")
    func director() async throws {
        #expect(try await titles("list", "--director", "mann") == ["Heat"])
        #expect(try await titles("list", "--director", "MÄNN") == ["Heat"])
        #expect(try await titles("list", "--director", "michael mann") == ["Heat"])
        #expect(try await titles("list", "--director", "jean pierre") == ["Amélie"])
        #expect(try await titles("list", "--director", "ethan") == ["Spider-Man"])
        #expect(try await titles("list", "--director", "mann michael").isEmpty)
    }

    @Test("a director with no words is refused before the file is touched")
    func directorWithoutWords() async throws {
        try await cli.refuse(
            ["list", "--director", ",."], status: 64, message: "Nothing to search for in ',.'")
    }
}
