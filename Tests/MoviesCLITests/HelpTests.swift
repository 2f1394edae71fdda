import Basics
import Foundation
import MoviesCore
import Testing

@testable import MoviesCLI

/// Help text, in process: the root, a command, a nested `news` subcommand, and that what help lists
/// (values, defaults) is what each option's declared type says.
@Suite("Help")
@MainActor
struct HelpTests {
    let cli = InProcessCLI()

    @Test("the root's help lists every command with its abstract; `help` prints the same")
    func root() async throws {
        let help = try await cli.run("--help")
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(
            help.stdout.hasPrefix(
                "OVERVIEW: Keep a personal movie list (and a news reading list) in one SQLite file."))
        #expect(help.stdout.contains("\nUSAGE: movies [--db <path>] [--version] <subcommand>\n"))
        #expect(help.stdout.contains("\nSUBCOMMANDS:\n  add                     Add a movie to the list.\n"))
        for command in MoviesCLI.rootSpec.subcommands {
            let row =
                "  "
                + command.name.padding(
                    toLength: MoviesCLI.helpFormatter.labelColumn - 2, withPad: " ", startingAt: 0)
            #expect(help.stdout.contains("\n" + row + command.abstract.prefix(20)), "\(command.name)")
        }
        #expect(try await cli.run("help").stdout == help.stdout)
        #expect(try await cli.run("-h").stdout == help.stdout)
    }

    @Test("help inside the shell shows examples as typed there, without movies (and the screen's group)")
    func shellExamples() throws {
        let movieScreen = HelpFormatter(root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
        let add = movieScreen.help(for: ["", "add"])
        #expect(add.contains("EXAMPLES:\n  add \"Heat\" --rating excellent --year 1995\n"), "\(add)")
        #expect(!add.contains("  movies "), "\(add)")
        let newsScreen = HelpFormatter(root: ShellTrees.news, globalOptions: ShellTrees.globalOptions)
        let read = newsScreen.help(for: ["", "read"])
        #expect(read.contains("EXAMPLES:\n  read 12 14\n") && !read.contains("movies"), "\(read)")
        let diaryScreen = HelpFormatter(root: ShellTrees.diary, globalOptions: ShellTrees.globalOptions)
        let edit = diaryScreen.help(for: ["", "edit"])
        #expect(edit.contains("  edit 31 --on 2024-03-08\n") && !edit.contains("movies"), "\(edit)")
        // On the command line, examples stay whole.
        #expect(MoviesCLI.helpFormatter.help(for: ["movies", "add"]).contains("  movies add \"Heat\""))
    }

    @Test("movies alone prints the short usage on stderr and exits 64, as git and rg do (issue 45)")
    func alone() async throws {
        let alone = try await cli.run([])
        #expect(alone.status == 64, "\(alone)")
        #expect(alone.stdout.isEmpty)
        #expect(
            alone.stderr.hasPrefix("Usage: movies [--db <path>] [--version] <subcommand>\n  Commands: add, "))
        #expect(alone.stderr.hasSuffix("  See 'movies --help' for more information.\n"), "\(alone)")
        for command in MoviesCLI.rootSpec.subcommands {
            #expect(alone.stderr.contains(command.name), "\(command.name)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "no file made")
        // A group named alone still shows its help.
        #expect(try await cli.run("news").stdout.hasPrefix("OVERVIEW: "))
    }

    @Test("a command's help: usage, arguments, options with their values and defaults, examples")
    func command() async throws {
        let help = try await cli.run("add", "--help")
        #expect(help.status == 0)
        #expect(
            help.stdout == """
                OVERVIEW: Add a movie to the list.

                Without --rating, --stars or --watched the movie goes on the watchlist
                (not-seen). A movie with the same title and year is refused, unless --imdb or
                --letterboxd tells the new one apart (two films can share both: two Cinderellas
                of 1922); one with the same title and no year (or the same letters with other
                accents) is added, and the one already listed is named.

                USAGE: movies add <title> [--rating <rating>] [--stars <stars>] [--year <year>] [--watched <date>] [--note <text>] [--imdb <id>] [--letterboxd <address>]

                ARGUMENTS:
                  <title>                 The movie's title (quote it when it has spaces).

                OPTIONS:
                  -r, --rating <rating>   How much you liked it, as a word or as stars (4.5);
                                          seen for a movie you saw without rating it. (values:
                                          not-seen, seen, terrible, poor, decent, good,
                                          excellent; default: not-seen)
                  --stars <stars>         Letterboxd-style stars, 0.5 to 5 in halves; the rating
                                          word follows from them.
                  -Y, --year <year>       The release year (1870–2100).
                  -W, --watched <date>    The day you watched it: YYYY-MM-DD, today or
                                          yesterday.
                  -N, --note <text>       A note to keep with it.
                  --imdb <id>             The film's IMDb id (tt0113277), which tells it apart
                                          from another of its title and year.
                  --letterboxd <address>  The film's Letterboxd address
                                          (https://letterboxd.com/film/heat-1995/ or
                                          https://boxd.it/2b5I).
                  --db <path>             The database file. Overrides $MOVIES_DB and the
                                          default ~/.local/share/movies/movies.sqlite.
                  -h, --help              Show help information.

                EXAMPLES:
                  movies add "Heat" --rating excellent --year 1995
                  movies add "Past Lives" --watched today --note "with Sam"
                  movies add "Aftersun" --year 2022 --stars 4.5
                  movies add "Cinderella" --year 1922 --letterboxd https://letterboxd.com/film/cinderella-1922-1/

                """)
        #expect(try await cli.run("help", "add").stdout == help.stdout)
        #expect(try await cli.run("add", "X", "--rating", "superb", "--help").stdout == help.stdout)
    }

    @Test("a nested news subcommand's help, by --help and by help")
    func nested() async throws {
        let help = try await cli.run("news", "list", "--help")
        #expect(help.status == 0)
        #expect(
            help.stdout == """
                OVERVIEW: Show news items, newest first, one page at a time.

                When more items follow, the last line on stderr tells how to get them: --after
                <cursor>. ● marks an unread item, ★ a starred one.

                USAGE: movies news list [--unread] [--starred] [--feed <feed>] [--folder <name>] [--query <name>] [--limit <n>] [--after <cursor>] [--format <format>] [--no-pager]

                OPTIONS:
                  -u, --unread            Only items not read yet.
                  -S, --starred           Only starred items.
                  -f, --feed <feed>       Only items of this feed: its id (see `news feeds`),
                                          address or title.
                  --folder <name>         Only items of the feeds in this folder (from an OPML
                                          import).
                  --query <name>          Only the items a saved search finds (see `news
                                          save-search`), as if it were a feed.
                  -l, --limit <n>         Items per page. (default: 20)
                  --after <cursor>        Continue after this point (printed at the end of the
                                          previous page).
                  --format <format>       How to print the result. (values: table, json, ndjson,
                                          csv, tsv; default: table)
                  --no-pager              Print to the terminal directly, not through $PAGER
                                          (less -FRX by default).
                  --db <path>             The database file. Overrides $MOVIES_DB and the
                                          default ~/.local/share/movies/movies.sqlite.
                  -h, --help              Show help information.

                EXAMPLES:
                  movies news list --unread
                  movies news list --format ndjson --limit 100

                """)
        #expect(try await cli.run("help", "news", "list").stdout == help.stdout)
        let group = try await cli.run("news")
        #expect(group.status == 0)
        #expect(group.stdout.hasPrefix("OVERVIEW: Keep a news reading list from RSS, Atom and JSON feeds."))
        #expect(
            group.stdout.contains("\nSUBCOMMANDS:\n  list                    Show news items, newest first"))
        #expect(try await cli.run("news", "--help").stdout == group.stdout)
    }

    @Test("every option's values and default in help are its declared type's")
    func valuesFromDeclarations() throws {
        let formatter = MoviesCLI.helpFormatter
        var checked = 0
        func visit(_ path: [CommandSpec]) {
            let command = path[path.count - 1]
            let help = formatter.help(for: path.map(\.name))
            for option in command.options {
                // Help wraps its lines; compare with the breaks and indentation taken out.
                let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if let values = option.allowedValues {
                    #expect(
                        flat.contains("values: " + values.joined(separator: ", ")),
                        "\(command.name) --\(option.name)")
                    checked += 1
                }
                if let value = option.defaultValue {
                    #expect(flat.contains("default: \(value)"), "\(command.name) --\(option.name)")
                }
            }
            for subcommand in command.subcommands {
                visit(path + [subcommand])
            }
        }
        visit([MoviesCLI.rootSpec])
        #expect(checked >= 10)
        let rating = try #require(AddCommand.spec.options.first { $0.name == "rating" })
        #expect(rating.allowedValues == RatingWord.allValueStrings)
        let sort = try #require(ListCommand.spec.options.first { $0.name == "sort" })
        #expect(sort.allowedValues == MovieSort.allCases.map(\.rawValue))
        #expect(sort.defaultValue == "added")
    }

    @Test("--version")
    func version() async throws {
        let result = try await cli.run("--version")
        #expect(result.status == 0)
        #expect(result.stdout == "movies \(MoviesCLI.version)\n")
    }
}
