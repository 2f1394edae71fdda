import Basics
import Foundation
import MoviesCore
import Testing

@testable import MoviesCLI

/// The argument parser over the real command tree, in process: typed values, defaults, and the values
/// each type refuses.
@Suite("Parsing: typed values")
struct ParsingTests {
    @Test("options and arguments hand back typed values")
    func typedValues() throws {
        let parsedAdd = try parsed(
            "add", "Heat", "--rating", "GOOD", "-Y", "1995", "--watched=2024-03-09", "--note", "-5 stars")
        #expect(parsedAdd.commandPath == ["movies", "add"])
        #expect(parsedAdd.command.handler == AddCommand.self)
        let add = try command(
            AddCommand.self, "add", "Heat", "--rating", "GOOD", "-Y", "1995", "--watched=2024-03-09",
            "--note",
            "-5 stars")
        #expect(add.title == "Heat")
        #expect(add.rating == .word(.good))
        #expect(add.year?.value == 1995)
        #expect(add.watched == CalendarDate(year: 2024, month: 3, day: 9))
        #expect(add.note == "-5 stars")

        let list = try command(
            ListCommand.self, "list", "--sort", "Title", "--reverse", "-l", "5", "--after",
            "title:Heat%202:7",
            "--format", "csv")
        #expect(list.sort == .title)
        #expect(list.reverse)
        #expect(list.limit?.value == 5)
        #expect(list.after == MovieCursor("title:Heat%202:7"))
        #expect(list.after?.key == .title("heat 2"), "cursors are case-folded, as the sort keys they hold")
        #expect(list.format == .csv)

        let export = try command(
            ExportCommand.self, "export", "--format", "letterboxd-watchlist", "-o", "out.csv")
        #expect(export.format == .letterboxdWatchlist)
        #expect(export.output == "out.csv")
        let importing = try command(
            ImportCommand.self, "import", "f.csv", "--from", "IMDb", "--on-duplicate", "update", "-n")
        #expect(importing.format == .imdb)
        #expect(importing.onDuplicate == .update)
        #expect(importing.dryRun)
        #expect(try command(CompletionsCommand.self, "completions", "zsh").shell == .zsh)
        #expect(
            CommonOptions.databasePath(in: try parsed("--db", "/tmp/x.sqlite", "list")) == "/tmp/x.sqlite")
    }

    @Test("a value not given is its declared default; an option that may be left out is nil")
    func defaults() throws {
        let list = try command(ListCommand.self, "list")
        #expect(list.sort == nil)
        #expect(try command(ListCommand.self, "list", "-s", "year").sort == .year)
        #expect(list.format == .table)
        #expect(list.limit == nil)
        #expect(!list.reverse)
        #expect(try command(AddCommand.self, "add", "Heat").rating == nil)
        #expect(try command(NewsListCommand.self, "news", "list").limit.value == 20)
        #expect(try command(NewsRefreshCommand.self, "news", "refresh").jobs.value == 8)
        #expect(try command(ExportCommand.self, "export").format == .csv)
        #expect(try command(ImportCommand.self, "import", "f.csv").onDuplicate == nil)
    }

    @Test("a repeating enumerated option takes repeats and comma-separated lists")
    func repeating() throws {
        let list = try command(
            ListCommand.self, "list", "--rating", "good,excellent", "-r", "POOR", "--rating=not seen")
        #expect(list.ratings == [.good, .excellent, .poor, .notSeen])
        #expect(try command(RemoveCommand.self, "rm", "3", "#4", "5").movies == [.id(3), .id(4), .id(5)])
        #expect(try command(NewsStarCommand.self, "news", "star", "1", "#2").ids.map(\.rawValue) == [1, 2])
    }

    @Test("ids are 12 or #12, positive, up to Int64.max")
    func ids() throws {
        #expect(try command(ShowCommand.self, "show", "#12").movie == .id(12))
        #expect(try command(ShowCommand.self, "show", "9223372036854775807").movie == .id(Int64.max))
        // Where a film goes, what is not an id is a title (`FilmReference`); where only an id goes, it is
        // refused.
        #expect(try command(ShowCommand.self, "show", "abc").movie == .title("abc", year: nil))
        for bad in ["0", "-1", "#", "abc", "9223372036854775808", "1.5", "#-3", ""] {
            #expect(
                try usageError(["search", "heat", "--after", bad]).kind
                    == .invalidValue(
                        bad, name: "--after <id>", allowed: [], expected: "a movie id such as 12"))
        }
        #expect(
            try usageError(["news", "show", "x"]).message
                == "The value 'x' is invalid for '<id>': expected an item id such as 12")
    }

    @Test("edit: an empty value clears a field, anything else must parse as the field's type")
    func clearing() throws {
        let cleared = try command(EditCommand.self, "edit", "1", "--year", "", "--watched", "", "--note", "")
        #expect(cleared.year == .clear)
        #expect(cleared.watched == .clear)
        #expect(cleared.note == .clear)
        let set = try command(
            EditCommand.self, "edit", "1", "--year", " 1999 ", "--watched", "2024-01-02", "--note", "n")
        #expect(set.year == .set(ReleaseYear(argument: "1999")!))
        #expect(set.watched == .set(CalendarDate(year: 2024, month: 1, day: 2)!))
        #expect(set.note == .set("n"))
        #expect(
            try usageError(["edit", "1", "--year", " "]).message
                == "The value ' ' is invalid for '--year <year>': expected a year such as 1995")
    }

    @Test("dates: YYYY-MM-DD, or today and yesterday in the local time zone; nothing else")
    func dates() throws {
        let noon = Calendar.current.date(from: DateComponents(year: 2026, month: 3, day: 1, hour: 12))!
        #expect(CalendarDate(typed: "Today", now: noon) == CalendarDate(year: 2026, month: 3, day: 1))
        #expect(CalendarDate(typed: "yesterday", now: noon) == CalendarDate(year: 2026, month: 2, day: 28))
        #expect(
            CalendarDate(typed: "2024-02-29", now: noon) == CalendarDate(year: 2024, month: 2, day: 29))
        for bad in ["2024-02-30", "2023-02-29", "30/01/2024", "2024-1-1", "soon", "", "9999999999-01-01"] {
            let error = try usageError(["add", "Alien", "--watched", bad])
            #expect(
                error.message
                    == "The value '\(bad)' is invalid for '--watched <date>': "
                    + "expected a date as YYYY-MM-DD (or today, yesterday)")
        }
        #expect(
            try usageError(["news", "add", "--title", "T", "--published", "soon"]).message
                == "The value 'soon' is invalid for '--published <date>': "
                + "expected a date such as 2026-11-30 or 2026-11-30T10:00:00Z")
    }

    @Test("counts: positive whole numbers up to Int.max; zero, negatives and overflow are refused")
    func counts() throws {
        let largest = try command(ListCommand.self, "list", "--limit", "9223372036854775807").limit
        #expect(largest?.value == Int.max)
        #expect(largest?.withLookahead == Int.max)
        #expect(Count(argument: "20")?.withLookahead == 21)
        for bad in ["0", "-5", "abc", "99999999999999999999", "1e3", "", "+"] {
            for command in [
                ["list", "--limit"], ["search", "x", "--limit"], ["news", "refresh", "--jobs"],
            ] {
                let error = try usageError(command + [bad])
                #expect(
                    error.kind
                        == .invalidValue(
                            bad, name: command.last! + " <n>", allowed: [],
                            expected: "a positive whole number, at most 9223372036854775807"),
                    "\(command) \(bad)")
            }
        }
    }

    @Test("an invalid rating lists the six words and suggests the closest")
    func invalidRating() throws {
        let error = try usageError(["add", "X", "--rating", "godo"])
        #expect(
            error.kind
                == .invalidValue(
                    "godo", name: "--rating <rating>", allowed: RatingWord.words,
                    expected: TypedRating.expectedDescription, others: TypedRating.otherValuesDescription))
        let starsToo = ", or stars from 0.5 to 5 in halves, such as 3.5, 3½ or ★★★½."
        #expect(
            error.message
                == "The value 'godo' is invalid for '--rating <rating>'. Did you mean 'good'? Please provide one "
                + "of 'not-seen', 'seen', 'terrible', 'poor', 'decent', 'good' and 'excellent'" + starsToo)
        #expect(
            try usageError(["rate", "1", "superb"]).message
                == "The value 'superb' is invalid for '<rating>'. Please provide one of 'not-seen', 'seen', "
                + "'terrible', 'poor', 'decent', 'good' and 'excellent'" + starsToo)
        #expect(
            try usageError(["list", "--rating", "good,superb"]).kind
                == .invalidValue(
                    "superb", name: "--rating <rating>", allowed: RatingWord.words,
                    expected: RatingWord.expectedDescription))
        #expect(try usageError(["list", "--sort", "titel"]).message.contains("Did you mean 'title'?"))
    }

    @Test("--help means help even after a bad value or a missing one")
    func helpWins() throws {
        for arguments in [["add", "X", "--rating", "superb", "--help"], ["add", "-h", "--year"]] {
            guard case .help(let path) = try parse(arguments) else {
                Issue.record("\(arguments) did not ask for help")
                continue
            }
            #expect(path == ["movies", "add"])
        }
    }

    @Test("every word help and completions offer is one the parser accepts")
    func offeredWordsParse() {
        var checked = 0
        func visit(_ command: CommandSpec) {
            for option in command.options {
                for word in option.allowedValues ?? [] {
                    #expect(option.valueType?.parse(word) != nil, "\(command.name) --\(option.name) \(word)")
                    checked += 1
                }
            }
            for argument in command.arguments {
                for word in argument.allowedValues ?? [] {
                    #expect(
                        argument.valueType.parse(word) != nil, "\(command.name) <\(argument.name)> \(word)")
                    checked += 1
                }
            }
            command.subcommands.forEach(visit)
        }
        visit(MoviesCLI.rootSpec)
        visit(ShellTrees.movies)
        visit(ShellTrees.news)
        #expect(checked > 20)
    }
}
