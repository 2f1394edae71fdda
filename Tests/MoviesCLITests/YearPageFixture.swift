import Foundation
import TestSupport
import Testing

/// A small diary over two years for the tests of `movies year` and `stats --format html|svg`, and the
/// readers of what those pages hold: the figures they mark (`data-figure`), their charts' numbers, and
/// the JSON of `stats --year`.
@MainActor
enum YearPageFixture {
    /// A title made to break a page: markup, a right-to-left override, and 500 characters in all.
    static let hostileTitle: String = {
        let start = "<script>alert(1)</script>\u{202E}evil"
        return start + String(repeating: "W", count: 500 - start.count)
    }()

    /// Films and viewings in 2024 and 2025 (one rewatch, stars given then, a review, a list made in 2025,
    /// runtimes and directors for two films); with `hostile`, a film titled `hostileTitle` rated best.
    static func seed(_ cli: InProcessCLI, hostile: Bool = false) async throws {
        try await cli.succeed(
            "add", "Heat", "--year", "1995", "--letterboxd", "https://letterboxd.com/film/heat-1995/")
        try await cli.succeed("add", "Alien", "--year", "1979", "--imdb", "tt0078748")
        try await cli.succeed("add", "Ran", "--year", "1985")
        try await cli.succeed("add", "Brazil", "--year", "1985")
        try await cli.succeed("log", "Heat", "--on", "2024-06-01", "--stars", "3")
        try await cli.succeed(
            "log", "Heat", "--on", "2025-01-31", "--stars", "4.5", "--review", "Better.", "--rewatch")
        try await cli.succeed("log", "Alien", "--on", "2025-02-01", "--stars", "5")
        try await cli.succeed("log", "Alien", "--on", "2025-02-02", "--stars", "4", "--rewatch")
        try await cli.succeed("log", "Ran", "--on", "2025-02-02", "--rating", "decent")
        try await cli.succeed("log", "Brazil", "--on", "2024-06-02", "--rating", "poor")
        if hostile {
            try await cli.succeed("add", hostileTitle, "--year", "2001")
            try await cli.succeed("log", "5", "--on", "2025-07-14", "--stars", "5", "--review", "<b>bold</b>")
        }
        _ = try DirectSQL.run(
            cli.databasePath,
            """
            UPDATE movies SET runtime_minutes = 170, directors = 'Michael Mann', genres = 'Crime, Drama'
            WHERE title = 'Heat';
            UPDATE movies SET runtime_minutes = 117, directors = 'Ridley Scott', genres = 'Horror'
            WHERE title = 'Alien';
            INSERT INTO lists (name, created_at) VALUES ('Heists', '2025-03-01T10:00:00.000Z');
            """)
    }

    /// `stats ARGUMENTS --format json`, parsed.
    static func json(_ cli: InProcessCLI, _ arguments: [String]) async throws -> [String: Any] {
        let text = try await cli.succeed(["stats"] + arguments + ["--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The value at a dotted path (`longest_run.days`) of a JSON object.
    static func value(_ object: [String: Any], _ path: String) -> Any? {
        var current: Any? = object
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return current
    }

    /// Whether a value as the page writes it is the JSON's: the same number, or the same text.
    static func same(_ written: String, _ json: Any?) -> Bool {
        switch json {
        case let text as String: written == text
        case let number as NSNumber: Double(written) == number.doubleValue
        default: false
        }
    }

    /// Every match of `pattern`'s groups in `text`.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard
            let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The figures a chart draws, in order: the `class="v"` texts of the element marked `data-chart`.
    static func chartFigures(_ name: String, in page: String) -> [Int] {
        guard let start = page.range(of: "data-chart=\"\(name)\"") else { return [] }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "</svg>")?.lowerBound ?? rest.range(of: "</ol>")?.lowerBound ?? rest.endIndex
        return matches("class=\"v\"[^>]*>([0-9]+)<", in: String(rest[..<end])).compactMap { Int($0[0]) }
    }
}
