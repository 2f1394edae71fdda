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

    @Test("stars go where a rating word goes: rate, log --rating, edit --rating, add --rating (issue 45)")
    func starsWhereARatingGoes() async throws {
        try await cli.succeed("add", "Heat", "--rating", "excellent")
        for typed in ["3.5", "3,5", "3½", "★★★½", " 3.5 "] {
            try await cli.succeed("rate", "1", "excellent")
            let rated = try await cli.succeed("rate", "1", typed)
            #expect(rated.hasPrefix("Rated 1  Heat  good ★★★½"), "\(typed): \(rated)")
        }
        let logged = try await cli.succeed("log", "1", "--rating", "4.5", "--on", "2024-03-09")
        #expect(logged.contains("★★★★½"), "\(logged)")
        #expect(try await cli.succeed("edit", "1", "--rating", "2").contains("poor ★★"))
        #expect(try await cli.succeed("add", "Alien", "--rating", "½").contains("Added 2  Alien  terrible ½"))
        // A word still reads as a word, and the stars given twice must agree.
        #expect(
            try await cli.succeed("rate", "1", "good", "--stars", "4").hasPrefix("Rated 1  Heat  good ★★★★"))
        #expect(
            try await cli.succeed("rate", "1", "3", "--stars", "3").hasPrefix("Rated 1  Heat  decent ★★★"))
        try await cli.refuse(
            ["rate", "1", "3.5", "--stars", "4"], status: 64,
            message: "The rating 3.5 and --stars 4 give two different ratings: give one of them")
        try await cli.refuse(
            ["log", "1", "--rating", "4.5", "--stars", "2"], status: 64,
            message: "--rating 4.5 and --stars 2 give two different ratings")
        // What is neither says that stars go too.
        for bad in ["superb", "6", "3.25", "★★★★★★"] {
            try await cli.refuse(
                ["rate", "1", bad], status: 64,
                message:
                    "'decent', 'good' and 'excellent', or stars from 0.5 to 5 in halves, such as 3.5, 3½ or ★★★½."
            )
        }
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
