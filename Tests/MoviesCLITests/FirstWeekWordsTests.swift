import Foundation
import TestSupport
import Testing

/// Words and columns a new user meets in the first week (issue 45, point 9), in process.
@MainActor
@Suite("A first week's words and columns")
struct FirstWeekWordsTests {
    let movies = InProcessCLI()

    @Test("one star is 1 star; show's values start in one column, directed by's too")
    func showWordsAndColumns() async throws {
        try await movies.succeed("add", "Heat", "--year", "1995", "--stars", "1", "--note", "first\nsecond")
        try DirectSQL.run(movies.databasePath, "UPDATE movies SET directors = 'Michael Mann' WHERE id = 1")
        let shown = try await movies.succeed("show", "1")
        #expect(shown.contains("(1 star)") && !shown.contains("1 stars"), "\(shown)")
        // Every labelled line's value starts where the rating's does.
        let lines = shown.split(separator: "\n").map(String.init)
        let ratingLine = try #require(lines.first { $0.hasPrefix("  rating") })
        let column = ratingLine.distance(
            from: ratingLine.startIndex, to: try #require(ratingLine.range(of: "terrible")).lowerBound)
        for (label, value) in [("directed by", "Michael Mann"), ("note", "first"), ("added", "")] {
            let line = try #require(lines.first { $0.hasPrefix("  \(label) ") }, "\(label): \(shown)")
            let start = line.dropFirst(2 + label.count).prefix { $0 == " " }.count + 2 + label.count
            #expect(start == column, "\(label): \(shown)")
            #expect(line.dropFirst(start).hasPrefix(value), "\(label): \(shown)")
        }
        let second = try #require(lines.first { $0.hasSuffix("second") })
        #expect(second.count - "second".count == column, "\(shown)")
    }

    @Test("an IMDb watchlist is named so in the summary")
    func imdbWatchlist() async throws {
        let watchlist = try movies.folder.write(
            """
            Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
            1,tt0113277,2024-01-02,2024-01-02,,Heat,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,Crime,700000,1995-12-15,Michael Mann

            """, to: "export.csv")
        let imported = try await movies.succeed("import", watchlist, "--from", "imdb")
        #expect(imported.hasPrefix("Imported \(watchlist) (IMDb watchlist): 1 added"), "\(imported)")
    }

    @Test("films skipped by an import are listed in the file's line order, not by title")
    func skippedInLineOrder() async throws {
        try await movies.succeed("add", "Zodiac", "--year", "2007")
        try await movies.succeed("add", "Alien", "--year", "1979")
        let file = try movies.folder.write(
            "title,year,rating\nZodiac,2007,good\nAlien,1979,excellent\n", to: "mine.csv")
        let imported = try await movies.run("import", file, "--from", "csv", "--on-duplicate", "skip")
        #expect(imported.status == 0, "\(imported)")
        let zodiac = try #require(imported.stdout.range(of: "line 2: Zodiac (2007)"), "\(imported)")
        let alien = try #require(imported.stdout.range(of: "line 3: Alien (1979)"), "\(imported)")
        #expect(zodiac.lowerBound < alien.lowerBound, "\(imported)")
    }

    @Test("an import that changes nothing does not say again that films have no rating")
    func noRatingNotRepeated() async throws {
        let file = try movies.folder.write("title,year,rating\nHeat,1995,seen\n", to: "mine.csv")
        let first = try await movies.succeed("import", file, "--from", "csv")
        #expect(first.contains("1 watched movie has no rating"), "\(first)")
        let again = try await movies.succeed("import", file, "--from", "csv")
        #expect(again.contains("1 unchanged") && !again.contains("no rating"), "\(again)")
    }
}
