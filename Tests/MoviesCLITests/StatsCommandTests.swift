import Foundation
import TestSupport
import Testing

/// `movies stats`: the chart at a terminal and on a pipe, in blocks or `#`, with or without colour, the
/// json figures, `--year`, an empty list, and the refusals.
@Suite("movies stats", .offPool)
struct StatsCommandTests {
    let movies = MoviesProcess()

    /// A small diary: three films on consecutive days across a month's end, one seen without a day.
    func addDiary() throws {
        try movies.succeed("add", "Heat", "--year", "1995", "--rating", "good", "--watched", "2025-01-31")
        try movies.succeed("rate", "1", "good", "--stars", "3.5")
        try movies.succeed(
            "add", "Alien", "--year", "1979", "--rating", "excellent", "--watched", "2025-02-01")
        try movies.succeed("add", "Ran", "--year", "1985", "--rating", "seen", "--watched", "2025-02-02")
        try movies.succeed("add", "Brazil", "--year", "1985", "--rating", "poor", "--watched", "2024-06-01")
        try movies.succeed("add", "Up", "--rating", "seen")
        try movies.succeed("add", "Tenet", "--year", "2020")
    }

    @Test("the figures of one year, in blocks on a UTF-8 terminal that fit its width, without colour")
    func atTerminal() throws {
        try addDiary()
        // The fullest bar takes what the terminal leaves after "  2025-02  " and " 2", up to 60 cells.
        for (columns, fullest): (UInt16, Int) in [(60, 47), (100, 60)] {
            let (status, screen) = try movies.atTerminal(
                ["stats", "--year", "2025"], columns: columns, environment: ["LANG": "en_US.UTF-8"])
            #expect(status == 0, "\(screen)")
            #expect(screen.contains("Viewings per month in 2025"), "\(screen)")
            #expect(screen.contains("2025-01  ████"), "\(screen)")
            #expect(screen.contains("Ratings: average 4.3★ over 2 rated films"), "\(screen)")
            #expect(screen.contains("good       "), "\(screen)")
            #expect(screen.contains("3.5★ 1"), "\(screen)")
            #expect(screen.contains("Longest run: 3 days in a row, 2025-01-31 to 2025-02-02."), "\(screen)")
            #expect(screen.contains("Total: 3 films watched in 2025, 3 viewings."), "\(screen)")
            #expect(!screen.contains("\u{1B}["), "NO_COLOR: \(screen)")
            let bar = String(repeating: "█", count: fullest)
            #expect(screen.contains("  2025-02  \(bar) 2\n"), "\(columns): \(screen)")
            let widest = screen.split(separator: "\n").map { (line: Substring) in line.count }.max() ?? 0
            #expect(widest <= Int(columns), "\(columns): \(screen)")
        }
    }

    @Test("colour at a terminal unless NO_COLOR; # where the locale is not UTF-8")
    func colourAndPlainBars() throws {
        try addDiary()
        let terminal = try PseudoTerminalProcess(
            MoviesProcess.binary, ["stats", "--year", "2025"],
            environment: movies.environment.merging(["TERM": "xterm"]) { $1 }, columns: 80)
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.output.contains("\u{1B}[32m█"), "\(terminal.output)")

        for locale in [["LANG": "C"], ["LANG": "en_US.UTF-8", "LC_ALL": "POSIX"], ["LANG": ""]] {
            let (status, screen) = try movies.atTerminal(["stats", "--year", "2025"], environment: locale)
            #expect(status == 0)
            #expect(screen.contains("2025-01  ##"), "\(locale): \(screen)")
            #expect(!screen.contains("█") && !screen.contains("★"), "\(locale): \(screen)")
            #expect(screen.contains("average 4.3 stars"), "\(locale): \(screen)")
        }
    }

    @Test("on a pipe the chart is 80 columns wide, plain, and the last twelve months end with this one")
    func onPipe() throws {
        try addDiary()
        let output = try movies.succeed("stats")
        #expect(!output.contains("\u{1B}["))
        let months = output.split(separator: "\n").filter {
            $0.hasPrefix("  20") && $0.dropFirst(9).hasPrefix("  ")
        }
        #expect(months.count == 12, "\(output)")
        #expect(
            output.contains("Total: 5 films seen, 5 viewings (1 without a day); 1 on the watchlist."),
            "\(output)"
        )
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(output)")
        let byYear = try movies.succeed("stats", "--by", "year")
        #expect(
            byYear.contains("Viewings per year\n  2024  ") && byYear.contains("\n  2025  "), "\(byYear)")
    }

    @Test("--format json gives the same figures, every key present")
    func json() throws {
        try addDiary()
        let text = try movies.succeed("stats", "--year", "2025", "--format", "json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        #expect(object["by"] as? String == "month" && object["year"] as? Int == 2025)
        let periods = try #require(object["periods"] as? [[String: Any]])
        #expect(periods.count == 12 && periods.first?["period"] as? String == "2025-01")
        #expect(periods.map { $0["viewings"] as? Int } == [1, 2] + Array(repeating: 0, count: 10))
        let ratings = try #require(object["ratings"] as? [[String: Any]])
        #expect(ratings.map { $0["rating"] as? String } == ["seen", "good", "excellent"])
        let stars = try #require(ratings[1]["stars"] as? [[String: Any]])
        #expect(stars.first?["stars"] as? Double == 3.5 && stars.first?["films"] as? Int == 1)
        #expect(object["average_stars"] as? Double == 4.25 && object["rated"] as? Int == 2)
        let decades = try #require(object["decades"] as? [[String: Any]])
        #expect(decades.map { $0["decade"] as? Int } == [1970, 1980, 1990])
        let run = try #require(object["longest_run"] as? [String: Any])
        #expect(run["days"] as? Int == 3 && run["first"] as? String == "2025-01-31")
        #expect(
            object["seen"] as? Int == 3 && object["watchlist"] is NSNull && object["undated"] as? Int == 0)

        let all = try movies.succeed("stats", "--by", "year", "--format", "json")
        let allObject = try #require(try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [String: Any])
        #expect(allObject["watchlist"] as? Int == 1 && allObject["undated"] as? Int == 1)
    }

    @Test("stars written by hand past the CHECK count as no stars: no trap, and JSON holds no inf or nan")
    func starsPastTheCheck() throws {
        for title in ["Heat", "Alien", "Ran", "Up"] { try movies.succeed("add", title, "--rating", "good") }
        try SQLiteShell.run(
            movies.databasePath,
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE movies SET stars = 1e308 WHERE id = 1; UPDATE movies SET stars = -5 WHERE id = 2;
            UPDATE movies SET stars = 9e18 WHERE id = 3; UPDATE movies SET stars = 3.5 WHERE id = 4;
            """)
        let text = try movies.run(["stats"])
        #expect(text.status == 0 && !text.crashed, "\(text)")
        #expect(text.stdout.contains("good  ") && text.stdout.contains("3.5★ 1, no stars 3"), "\(text)")
        let json = try movies.run(["stats", "--format", "json"])
        #expect(json.status == 0 && !json.crashed, "\(json)")
        #expect(!json.stdout.contains("inf") && !json.stdout.contains("nan"), "\(json)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        // 3.5, and three times good without stars (4).
        #expect(object["average_stars"] as? Double == 3.88, "\(json)")
    }

    @Test("an empty list, and a year with no film, say so")
    func empty() throws {
        try movies.succeed("migrate")  // where there is no list, stats says so (exit 1)
        #expect(
            try movies.succeed("stats")
                == "No movies yet: nothing to count. Add one with 'movies add <title>'.\n")
        try addDiary()
        #expect(try movies.succeed("stats", "--year", "2023") == "No films were watched in 2023.\n")
        let json = try movies.succeed("stats", "--year", "2023", "--format", "json")
        #expect(json.contains("\"seen\":0") && json.contains("\"longest_run\":null"), "\(json)")
    }

    @Test("refused: a year out of range, an unknown period or format; the file unchanged")
    func refusals() throws {
        try addDiary()
        try movies.refuse(
            ["stats", "--year", "1492"], status: 64,
            message: "The value '1492' is invalid for '--year <year>': expected a year from 1870 such as 2025"
        )
        try movies.refuse(
            ["stats", "--by", "week"], status: 64, message: "The value 'week' is invalid for '--by <period>'")
        try movies.refuse(
            ["stats", "--format", "csv"], status: 64,
            message: "The value 'csv' is invalid for '--format <format>'")
    }
}
