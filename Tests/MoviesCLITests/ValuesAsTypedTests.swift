import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Values as people type them and as the program prints them (issue 26, point 6).
@Suite("values as people type them", .serialized)
@MainActor
struct ValuesAsTypedTests {
    let cli = InProcessCLI()

    @Test("--stars takes the program's own stars and a decimal comma")
    func stars() async throws {
        #expect(try await cli.succeed("add", "Heat", "--stars", "★★★½") == "Added 1  Heat  good ★★★½\n")
        #expect(try await cli.succeed("add", "Alien", "--stars", "3,5") == "Added 2  Alien  good ★★★½\n")
        #expect(
            try await cli.succeed("rate", "1", "--stars", "★★★★★").hasPrefix("Rated 1  Heat  excellent ★★★★★")
        )
    }

    @Test("stars have one JSON spelling in list and stats")
    func starsInJSON() async throws {
        try await cli.succeed("add", "Heat", "--stars", "5", "--watched", "2024-01-02")
        try await cli.succeed("add", "Alien", "--stars", "3.5", "--watched", "2024-01-03")
        let list = try await cli.succeed("list", "--format", "json")
        let stats = try await cli.succeed("stats", "--format", "json")
        #expect(list.contains("\"stars\":5,") && list.contains("\"stars\":3.5,"), "\(list)")
        #expect(stats.contains("\"stars\":5,") && stats.contains("\"stars\":3.5,"), "\(stats)")
        // The key is part of the probe: a bare "5.0" also appears in timestamps such as "…:45.012Z".
        #expect(!list.contains("\"stars\":5.0") && !stats.contains("\"stars\":5.0"), "\(list)\n\(stats)")
    }

    @Test("--sort year keeps films without a year last, reversed too; pages of the reverse follow on")
    func yearlessLast() async throws {
        for (title, year) in [
            ("Heat", "1995"), ("Untitled", nil), ("Alien", "1979"), ("Later", nil), ("Ran", "1985"),
        ]
            as [(String, String?)]
        {
            try await cli.succeed(["add", title] + (year.map { ["--year", $0] } ?? []))
        }
        func titles(_ arguments: String...) async throws -> [String] {
            try await cli.succeed(["list", "--format", "tsv"] + arguments).split(separator: "\n").dropFirst()
                .map { String($0.split(separator: "\t")[1]) }
        }
        #expect(try await titles("--sort", "year") == ["Alien", "Ran", "Heat", "Untitled", "Later"])
        #expect(
            try await titles("--sort", "year", "--reverse") == ["Heat", "Ran", "Alien", "Later", "Untitled"])
        // Page by page, the reverse reads the same.
        let firstPage = try await cli.run(
            "list", "--sort", "year", "--reverse", "--limit", "3", "--format", "tsv")
        let cursor = String(firstPage.stderr.split(separator: " ").last ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(cursor == "year:1979:3", "\(firstPage.stderr)")
        #expect(try await titles("--sort", "year", "--reverse", "--after", cursor) == ["Later", "Untitled"])
        #expect(try await titles("--sort", "year", "--reverse", "--after", "year:none:4") == ["Untitled"])
    }
}
