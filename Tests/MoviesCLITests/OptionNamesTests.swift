import Basics
import Foundation
import MoviesCore
import Testing

@testable import MoviesCLI

/// Option letters and names across the command tree, help at every level (and through the `news`
/// symlink), and the usage errors that say what to type.
@Suite("Option names, help at every level, usage")
@MainActor
struct OptionNamesTests {
    let cli = InProcessCLI()

    /// Every command of the program and of the shell's two screens, with the options it takes.
    static var everyCommand: [(name: String, options: [OptionSpec])] {
        var commands: [(String, [OptionSpec])] = []
        func visit(_ command: CommandSpec, path: String, globals: [OptionSpec]) {
            commands.append((path, command.options + globals))
            for subcommand in command.subcommands {
                visit(subcommand, path: path + " " + subcommand.name, globals: globals)
            }
        }
        visit(MoviesCLI.rootSpec, path: "movies", globals: MoviesCLI.globalOptions)
        visit(ShellTrees.movies, path: "shell", globals: ShellTrees.globalOptions)
        visit(ShellTrees.news, path: "shell news", globals: ShellTrees.globalOptions)
        return commands
    }

    @Test("one letter means one option wherever it is accepted, hidden options and spellings included")
    func oneLetterOneOption() {
        var meanings: [Character: Set<String>] = [:]
        for (_, options) in Self.everyCommand {
            for option in options {
                let letters = option.allSpellings.filter { $0.count == 2 && !$0.hasPrefix("--") }.map(\.last)
                for case let letter? in [option.short] + letters {
                    meanings[letter, default: []].insert(option.name)
                }
            }
        }
        #expect(meanings.count > 10)
        for (letter, names) in meanings {
            #expect(names.count == 1, "-\(letter) means \(names.sorted())")
        }
        #expect(meanings["w"] == ["watch"] && meanings["n"] == ["dry-run"] && meanings["s"] == ["sort"])
        #expect(meanings["W"] == ["watched"] && meanings["N"] == ["note"] && meanings["S"] == ["starred"])
        #expect(meanings["t"] == ["title"] && meanings["y"] == ["yes"] && meanings["Y"] == ["year"])
    }

    @Test("an option that has a letter has the same one in every command that takes it")
    func oneOptionOneLetter() {
        var letters: [String: Set<String>] = [:]
        for (command, options) in Self.everyCommand {
            for option in options where !option.isHidden {
                letters[option.name, default: []].insert(option.short.map { "-\($0)" } ?? "none (\(command))")
            }
        }
        for (name, given) in letters where given.contains(where: { $0.count == 2 }) {
            #expect(given.count == 1, "--\(name): \(given.sorted())")
        }
    }

    @Test("within one command every spelling, former ones included, names one option")
    func spellingsUnambiguous() {
        for (command, options) in Self.everyCommand {
            let spellings = options.flatMap(\.allSpellings)
            #expect(Set(spellings).count == spellings.count, "\(command): \(spellings.sorted())")
        }
    }

    @Test("former long spellings still work; a retired letter is refused, naming the option it was")
    func formerSpellings() async throws {
        let add = try command(
            AddCommand.self, "add", "Heat", "-W", "2024-03-09", "-N", "with Sam", "-Y", "1995")
        #expect(add.watched == CalendarDate(year: 2024, month: 3, day: 9))
        #expect(add.note == "with Sam")
        #expect(try command(ExportCommand.self, "export", "--to", "json").format == .json)
        #expect(try command(ExportCommand.self, "export", "--to=ndjson").format == .ndjson)
        #expect(try command(NewsListCommand.self, "news", "list", "-S").starred)
        #expect(try command(RemoveCommand.self, "rm", "3", "-n").dryRun)

        for (words, letter, suggestion) in [
            (["add", "Heat", "-y", "1995"], "-y", "--year"),
            (["add", "Heat", "-w", "2024-03-09"], "-w", "--watched"),
            (["edit", "1", "-n", "x"], "-n", "--note"), (["export", "-t", "tsv"], "-t", "--format"),
            (["news", "list", "-s"], "-s", "--starred"),
        ] {
            let refused = try await cli.run(words)
            #expect(refused.status == 64)
            #expect(
                refused.stderr.contains("Unknown option '\(letter)'. Did you mean '\(suggestion)'?"),
                "\(words): \(refused.stderr)")
        }
        #expect(throws: (any Error).self) {
            try ShellCommandsParsing.command(FilterCommand.self, ["filter", "-t", "heat"])
        }

        let help = try await cli.succeed("add", "--help")
        #expect(!help.contains("-w,") && !help.contains("-n,") && help.contains("-W, --watched"))
        #expect(!(try await cli.succeed("export", "--help")).contains("--to"))
        let typo = try await cli.run("export", "--tp", "json")
        #expect(typo.stderr.contains("Unknown option '--tp'"))
        #expect(!typo.stderr.contains("'--to'"), "a former name is never suggested")
    }

    @Test("export takes --format like every command that prints records")
    func exportFormat() async throws {
        try await cli.succeed("add", "Heat", "--year", "1995")
        let json = try await cli.succeed("export", "--format", "json")
        #expect(json.hasPrefix("[") && json.contains("\"title\":\"Heat\""))
        #expect(try await cli.succeed("export", "--to", "json") == json)
        let refused = try await cli.run("export", "--format", "table")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("The value 'table' is invalid for '--format <format>'"))
    }

    @Test("help works at every level, and through the news symlink in news's own words")
    func helpAtEveryLevel() async throws {
        let list = try await cli.succeed("news", "list", "--help")
        #expect(list.contains("USAGE: movies news list [--unread]"))
        #expect(try await cli.succeed("news", "help", "list") == list)
        #expect(try await cli.succeed("help", "news", "list") == list)
        #expect(try await cli.succeed("news", "help") == (try await cli.succeed("news", "--help")))

        let viaSymlink = try await cli.run(["list", "--help"], program: "news")
        #expect(viaSymlink.status == 0)
        #expect(viaSymlink.stdout.contains("USAGE: news list [--unread]"))
        #expect(viaSymlink.stdout.contains("--format <format>"))
        #expect(try await cli.run(["help", "list"], program: "news").stdout == viaSymlink.stdout)
        let group = try await cli.run(["--help"], program: "news")
        #expect(group.stdout.contains("USAGE: news [--db <path>] [--version] <subcommand>"))
        #expect(group.stdout.contains("See 'news help <subcommand>' for detailed help."))
        #expect(try await cli.run(["help"], program: "news").stdout == group.stdout)

        let unknown = try await cli.run(["help", "lits"], program: "news")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Error: Unknown command 'lits'. Did you mean 'list'?"))
        #expect(unknown.stderr.contains("Usage: news help [<command> ...]"))
        let error = try await cli.run(["prune"], program: "news")
        #expect(error.stderr.contains("Usage: news prune --older-than <age>"))
        #expect(error.stderr.contains("See 'news prune --help'"))
    }

    @Test("a required option is shown without brackets")
    func requiredOption() async throws {
        let help = try await cli.succeed("news", "prune", "--help")
        #expect(help.contains("USAGE: movies news prune --older-than <age>\n"))
        // Optional ones are in brackets.
        let add = try await cli.succeed("news", "add", "--help")
        #expect(add.contains("USAGE: movies news add [<url>] [--title <title>] [--summary <text>]"))
    }

    @Test("arguments in the wrong order are named in their order, with the line that works")
    func argumentOrder() async throws {
        try await cli.succeed("add", "Heat")
        let swapped = try await cli.run("rate", "good", "3")
        #expect(swapped.status == 64)
        #expect(
            swapped.stderr == """
                Error: The arguments are in the wrong order: <movie> then <rating>. Did you mean 'movies rate 3 good'?
                Usage: movies rate <movie> [<rating>] [--stars <stars>]
                  See 'movies rate --help' for more information.

                """)
        let bad = try await cli.run("rate", "1", "superb")
        #expect(bad.stderr.contains("The value 'superb' is invalid for '<rating>'"))
        #expect(!bad.stderr.contains("wrong order"))
        // A title where the film goes, and no other order that reads with an id: a bad rating, not a
        // wrong order (and not the film "superb" rated 1 star).
        let neither = try await cli.run("rate", "good", "superb")
        #expect(neither.stderr.contains("The value 'superb' is invalid for '<rating>'"), "\(neither)")
        #expect(!neither.stderr.contains("wrong order"))
        let titled = try await cli.run("rate", "Heat", "3")
        #expect(titled.status == 0 && titled.stdout.hasPrefix("Rated 1  Heat  decent ★★★"), "\(titled)")
    }
}

/// Parsing a line of the shell's movie screen.
enum ShellCommandsParsing {
    static func command<C: Command>(_: C.Type, _ words: [String]) throws -> C {
        let result = try ArgumentParser(root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
            .parse(words)
        guard case .run(let arguments) = result, arguments.command.handler == C.self else {
            throw ParseFailure()
        }
        return DeclarationSession.read(C.self, from: arguments)
    }
}
