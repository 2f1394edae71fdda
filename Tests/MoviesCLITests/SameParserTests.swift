import App
import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing
import ViewModels

@testable import MoviesCLI

/// One parser per value: the command line, the shell's command lines, the shell's add form and import
/// read a rating the same way, and the largest count pages without trapping anywhere.
@Suite("One parser per value")
@MainActor
struct SameParserTests {
    /// How people write ratings, right and wrong.
    static let spellings = [
        "good", "GOOD", " Excellent", "not-seen", "Not-Seen", "not seen", "not_seen", "notseen", "Not Seen",
        "superb", "goood", "5", "3,5", "★★½", "6", "good,excellent", "not  seen", "seen", "SEEN", "watched",
        "watchlist",
    ]

    @Test(
        "the command line, the shell's command line, its add form and import take the same rating spellings")
    func ratingSpellings() async throws {
        for spelling in Self.spellings {
            let commandLine = try await Self.viaCommandLine(spelling)
            let shell = try await Self.viaShellLine(spelling)
            let form = try await Self.viaForm(spelling)
            let imported = try await Self.viaImport(spelling)
            #expect(
                commandLine == shell && shell == form && form == imported,
                """
                \(spelling.debugDescription): command line \(String(describing: commandLine)), shell \
                \(String(describing: shell)), form \(String(describing: form)), import \(String(describing: imported))
                """)
            // A word, or stars where a rating goes (`5`): the word they stand for (issue 45).
            let typed = TypedRating(argument: spelling).map {
                $0.word ?? $0.stars.map { RatingWord($0.rating) }
            }
            #expect(commandLine == typed ?? nil, "\(spelling.debugDescription)")
        }
    }

    /// `movies add T --rating <spelling>`: the rating stored, or nil when refused.
    static func viaCommandLine(_ spelling: String) async throws -> RatingWord? {
        let cli = InProcessCLI()
        let result = try await cli.run("add", "T", "--rating", spelling)
        return try storedRating(result.status, in: cli.databasePath, refusedWith: 64, result)
    }

    /// `add T --rating '<spelling>'` typed into a piped shell.
    static func viaShellLine(_ spelling: String) async throws -> RatingWord? {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        let context = try Self.context(databasePath: path, folder: folder)
        let session = try ShellSession(
            context: context, console: ScriptedConsole(["add T --rating '\(spelling)'"], isInteractive: false)
        )
        let status = await session.run()
        return try storedRating(status, in: path, refusedWith: 64, "shell")
    }

    /// The shell's add form, answering the rating question with `spelling`.
    static func viaForm(_ spelling: String) async throws -> RatingWord? {
        let folder = TemporaryDirectory()
        let database = try AppDatabase(path: folder.file("movies.sqlite"))
        // Title, rating, then empty answers (no year, date or note) and the confirmation. A refused
        // rating is asked again, and the empty answer then takes the default.
        let console = ScriptedConsole(["T", spelling, "", "", "", ""], isInteractive: true)
        let movie = try await AddMovieForm(console: console, form: AddMovieViewModel(store: database.movies))
            .run()
        let refused = console.shown.contains("is not a rating")
        #expect(
            refused == (console.prompts.filter { $0.hasPrefix("Rating") }.count == 2),
            "\(spelling.debugDescription): \(console.shown)")
        #expect(movie != nil, "\(spelling.debugDescription): \(console.shown)")
        return refused ? nil : movie?.ratingWord
    }

    /// A file of this program's csv with `spelling` in its rating column, imported.
    static func viaImport(_ spelling: String) async throws -> RatingWord? {
        let cli = InProcessCLI()
        let quoted = "\"" + spelling.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let file = try cli.folder.write("title,rating\nT,\(quoted)\n", to: "movies.csv")
        let result = try await cli.run("import", file, "--from", "csv")
        return try storedRating(result.status, in: cli.databasePath, refusedWith: 65, result)
    }

    /// The one movie's rating after a run that ended with `status`; nil when it was `refusedWith`.
    static func storedRating(_ status: Int32, in path: String, refusedWith refusal: Int32, _ run: Any) throws
        -> RatingWord?
    {
        if status == refusal { return nil }
        #expect(status == 0, "\(run)")
        return try AppDatabase(path: path).movies.list().first?.ratingWord
    }

    /// A context as `movies shell` has, writing to /dev/null.
    static func context(databasePath: String, folder: TemporaryDirectory) throws -> CommandContext {
        let output = OutputStream(descriptor: open("/dev/null", O_WRONLY))
        let errors = OutputStream(descriptor: open("/dev/null", O_WRONLY), flushesEveryWrite: true)
        return CommandContext(
            environment: ["HOME": folder.file("home")], output: output, errors: errors, terminal: .pipes,
            databasePath: databasePath)
    }

    @Test("the largest count is taken and pages without trapping, in every command that takes one")
    func largestCount() async throws {
        let largest = String(Int.max)
        let cli = InProcessCLI()
        try await cli.succeed("add", "Heat", "--rating", "good")
        try await cli.succeed("add", "Alien")
        let list = try await cli.run("list", "--limit", largest, "--format", "csv")
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("Heat") && list.stdout.contains("Alien"))
        #expect(!list.stderr.contains("More movies"))
        for arguments in [
            ["search", "heat", "--limit", largest], ["news", "list", "--limit", largest],
            ["news", "search", "heat", "--limit", largest], ["news", "refresh", "--jobs", largest],
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let folder = TemporaryDirectory()
        let session = try ShellSession(
            context: try Self.context(databasePath: cli.databasePath, folder: folder),
            console: ScriptedConsole(
                ["list --limit \(largest)", "list --limit \(largest) --after 1"], isInteractive: false))
        #expect(await session.run() == 0)
    }
}

/// The shell's add form, in process, through a scripted console.
@Suite("The shell's add form")
@MainActor
struct AddMovieFormTests {
    @Test("each answer is asked again while it breaks its field's rule, with the rule's sentence")
    func asksAgainByField() async throws {
        let folder = TemporaryDirectory()
        let database = try AppDatabase(path: folder.file("movies.sqlite"))
        let console = ScriptedConsole(
            [
                "bell\u{7}", "Heat", "godo", "GOOD", "nineteen", "1492", " 1995 ", "someday", "2024-05-01",
                "with \u{1B}[31mred", "with Sam", "",
            ],
            isInteractive: true)
        let movie = try await AddMovieForm(console: console, form: AddMovieViewModel(store: database.movies))
            .run()
        #expect(movie?.title == "Heat" && movie?.rating == .good && movie?.year == 1995)
        #expect(movie?.watchedOn == CalendarDate(year: 2024, month: 5, day: 1) && movie?.note == "with Sam")
        let watched = "Watched (YYYY-MM-DD, today, yesterday; optional): "
        #expect(
            console.prompts == [
                "Title: ", "Title: ", "Rating [not-seen]: ", "Rating [not-seen]: ", "Year (optional): ",
                "Year (optional): ", "Year (optional): ", watched, watched, "Note (optional): ",
                "Note (optional): ", "Add Heat (1995), good, watched 2024-05-01? [Y/n] ",
            ])
        #expect(console.kinds.allSatisfy { $0 == .answer }, "answers are not commands for the history")
        for message in [
            "The title contains a control character (U+0007)", "'godo' is not a rating",
            "'nineteen' is not a year", "The year 1492 is out of range", "'someday' is not a date",
            "The note contains a control character (U+001B)",
        ] {
            #expect(console.shown.contains(message), "\(message): \(console.shown)")
        }
    }

    @Test("an empty title, quit or exit at the title, and the end of input cancel without saving")
    func cancels() async throws {
        let folder = TemporaryDirectory()
        let database = try AppDatabase(path: folder.file("movies.sqlite"))
        for answers in [
            [""], ["   "], ["quit"], ["EXIT"], ["Heat"], ["Heat", "good", "1995"], ["Heat", "", "", "", "n"],
        ] {
            let console = ScriptedConsole(answers, isInteractive: true)
            let movie = try await AddMovieForm(
                console: console, form: AddMovieViewModel(store: database.movies)
            )
            .run()
            #expect(movie == nil, "\(answers)")
            #expect(console.shown.contains("An empty title or Ctrl-D cancels"))
        }
        #expect(try database.movies.count() == 0)
        // Not seen: no day it was watched to ask for.
        let console = ScriptedConsole(["Alien", "", "", "", ""], isInteractive: true)
        let movie = try await AddMovieForm(console: console, form: AddMovieViewModel(store: database.movies))
            .run()
        #expect(movie?.rating == .notSeen && movie?.watchedOn == nil)
        #expect(!console.prompts.contains { $0.hasPrefix("Watched") })
    }
}

extension AddMovieFormTests {
    @Test("the shell's form names a film already listed that was maybe meant, as add does")
    func namesSimilarFilms() async throws {
        let cli = InProcessCLI()
        try await cli.succeed("add", "Heat", "--year", "1995", "--rating", "good")
        let folder = TemporaryDirectory()
        let printed = folder.file("output.txt")
        let output = OutputStream(descriptor: open(printed, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
        let errors = OutputStream(descriptor: open("/dev/null", O_WRONLY), flushesEveryWrite: true)
        let context = CommandContext(
            environment: ["HOME": folder.file("home")], output: output, errors: errors, terminal: .pipes,
            databasePath: cli.databasePath)
        let console = ScriptedConsole(["add", "Heat", "", "", "", "y"], isInteractive: true)
        #expect(try await ShellSession(context: context, console: console).run() == 0)
        output.flush()
        let text = try String(contentsOfFile: printed, encoding: .utf8)
        #expect(text.contains("Added 2  Heat  not-seen"), "\(text)")
        #expect(
            text.contains("Heat (1995) is already listed as id 1; give --year to tell them apart."), "\(text)"
        )
    }
}

/// A console that answers with prepared lines, then ends, and keeps what it was shown.
@MainActor
final class ScriptedConsole: Console {
    let isInteractive: Bool
    private var lines: [String]
    private(set) var shown = ""
    private(set) var prompts: [String] = []
    private(set) var kinds: [LineKind] = []

    init(_ lines: [String], isInteractive: Bool) {
        self.lines = lines
        self.isInteractive = isInteractive
    }

    func readLine(prompt: String, kind: LineKind) async -> ConsoleInput {
        prompts.append(prompt)
        kinds.append(kind)
        return lines.isEmpty ? .end : .line(lines.removeFirst())
    }

    func show(_ text: String) {
        shown += text
    }

    func close() {}
}
