import Basics
import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Usage errors as a structured type: each kind carries what it refuses and the command path of the
/// usage footer, renders the sentence tests and scripts know, and exits 64.
@Suite("Usage errors")
struct UsageErrorTests {
    @Test(
        "each kind of refusal, its command path and its sentence",
        arguments: [
            (
                ["list", "--ratng", "good"], UsageError.Kind.unknownOption("--ratng", suggestion: "rating"),
                ["movies", "list"], "Unknown option '--ratng'. Did you mean '--rating'?"
            ),
            (
                ["add", "X", "-q"], .unknownOption("-q", suggestion: nil), ["movies", "add"],
                "Unknown option '-q'"
            ),
            (
                ["list", "--reverse=yes"], .unexpectedValue(option: "--reverse"), ["movies", "list"],
                "The option '--reverse' does not take a value"
            ),
            (
                ["add", "Alien", "--year"], .missingValue(option: "--year <year>"), ["movies", "add"],
                "Missing value for '--year <year>'"
            ),
            (
                ["news", "prune"], .missingOption(option: "--older-than <age>"),
                ["movies", "news", "prune"], "Missing expected option '--older-than <age>'"
            ),
            (
                ["add", "X", "--year", "nineteen"],
                .invalidValue(
                    "nineteen", name: "--year <year>", allowed: [], expected: "a year such as 1995"),
                ["movies", "add"],
                "The value 'nineteen' is invalid for '--year <year>': expected a year such as 1995"
            ),
            (
                ["lst"], .unknownCommand("lst", suggestion: "list"), ["movies"],
                "Unknown command 'lst'. Did you mean 'list'?"
            ),
            (
                ["frobnicate"], .unknownCommand("frobnicate", suggestion: nil), ["movies"],
                "Unknown command 'frobnicate'"
            ),
            (
                ["news", "lst"], .unknownCommand("lst", suggestion: "list"), ["movies", "news"],
                "Unknown command 'lst'. Did you mean 'list'?"
            ),
            (
                ["add", "Alien", "Extra"], .unexpectedArgument("Extra"), ["movies", "add"],
                "Unexpected argument 'Extra'"
            ),
            (["add"], .missingArgument("<title>"), ["movies", "add"], "Missing expected argument '<title>'"),
            (
                ["rm"], .missingArgument("<movie> ..."), ["movies", "rm"],
                "Missing expected argument '<movie> ...'"
            ),
            // `watched`, the former name, is `log`.
            (
                ["watched"], .missingArgument("<movie>"), ["movies", "log"],
                "Missing expected argument '<movie>'"
            ),
        ])
    func kinds(arguments: [String], kind: UsageError.Kind, path: [String], message: String) throws {
        let error = try usageError(arguments)
        #expect(error.kind == kind)
        #expect(error.commandPath == path)
        #expect(error.message == message)
        #expect(error.exitCode == .usage)
    }

    @Test("a refusal prints its sentence, the command's usage and where to read more; nothing on stdout")
    @MainActor
    func printed() async throws {
        let cli = InProcessCLI()
        let result = try await cli.run("add", "X", "--rating", "godo")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                Error: The value 'godo' is invalid for '--rating <rating>'. Did you mean 'good'? Please provide \
                one of 'not-seen', 'seen', 'terrible', 'poor', 'decent', 'good' and 'excellent', or stars from \
                0.5 to 5 in halves, such as 3.5, 3½ or ★★★½.
                Usage: movies add <title> [--rating <rating>] [--stars <stars>] [--year <year>] [--watched <date>] [--note <text>] [--imdb <id>] [--letterboxd <address>]
                  See 'movies add --help' for more information.

                """)
        let nested = try await cli.run("news", "lst")
        #expect(nested.status == 64)
        #expect(
            nested.stderr.hasPrefix("Error: Unknown command 'lst'. Did you mean 'list'?\nUsage: movies news ")
        )
        #expect(nested.stderr.hasSuffix("  See 'movies news --help' for more information.\n"))
        #expect(!fileExists(cli.databasePath), "a usage error must not create the database")
    }

    @Test("a command's own rules are usage errors too, with the command's usage")
    @MainActor
    func commandRules() async throws {
        let cli = InProcessCLI()
        for (arguments, message) in [
            (
                ["list", "--watch", "--format", "csv"],
                "--watch prints changes as table lines or as ndjson, not as csv"
            ),
            (
                ["list", "--watch", "--limit", "5"],
                "--watch follows the whole list; it cannot be combined with --limit or --after"
            ),
            (
                ["edit", "1"],
                "Nothing to change: give at least one of --title, --rating, --stars, --year, --watched, --note,"
                    + " --imdb, --letterboxd"
            ),
            (["help", "lits"], "Unknown command 'lits'. Did you mean 'list'?"),
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("Error: \(message)\nUsage: movies \(arguments[0])"), "\(result)")
        }
    }

    @Test("a quoted control character is shown, not sent to the terminal")
    @MainActor
    func sanitized() async throws {
        let result = try await InProcessCLI().run("list", "--format", "json\u{1B}[2J")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The value 'json^[[2J' is invalid for '--format <format>'."))
        #expect(!result.stderr.contains("\u{1B}"))
    }
}
