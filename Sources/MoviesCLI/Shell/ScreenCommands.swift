import MoviesCore

// The shell's own commands: they set what its screens show, move between them, and leave. They are in
// the registry like every other command (`CommandRegistry`), in the shell's places only, so the shell
// parses, helps and completes them as it does the others. Each runs on `CommandContext.shell`, which the
// shell sets for every command it runs.

/// `filter [--rating R ...] [--text WORDS] [--clear]` on the movie screen.
struct FilterCommand: Command {
    static let about = CommandAbout(
        name: "filter",
        abstract: "Show or set which movies `list` shows.",
        discussion: "With no options, shows the current filter.",
        examples: ["filter --rating good,excellent", "filter --text heat", "filter --clear"])

    @Option(.ratingFilter) var ratings: [RatingWord]
    /// No letter of its own: `-t` is `--title` everywhere else (and still works here).
    @Option(
        "text", valueName: "words", help: "Only movies whose title or note contains this text.",
        hiddenSpellings: ["-t"])
    var text: String?
    @Flag("clear", help: "Show every movie again.")
    var clear: Bool

    func run(in context: CommandContext) async throws {
        let list = try context.inShell().movieScreen.list
        if clear {
            list.ratingFilter = []
            list.textFilter = ""
        }
        if !ratings.isEmpty { list.ratingFilter = Set(ratings) }
        if let text { list.textFilter = text }
        context.output.line(try context.inShell().movieScreen.filterDescription)
    }
}

/// `sort [<order>] [--reverse]` on the movie screen.
struct SortCommand: Command {
    static let about = CommandAbout(
        name: "sort", abstract: "Show or set the order `list` uses.",
        examples: ["sort rating", "sort title --reverse"])

    @Argument("order", help: "The order.")
    var order: MovieSort?
    @Flag("reverse", help: "Reverse the order.")
    var reverse: Bool

    func run(in context: CommandContext) async throws {
        let screen = try context.inShell().movieScreen
        if let order {
            screen.list.sort = order
            screen.list.isReversed = reverse
        }
        context.output.line(screen.sortDescription)
    }
}

/// `news` on the movie screen: the news screen.
struct NewsScreenCommand: Command {
    static let about = CommandAbout(
        name: "news", abstract: "Switch to the news list: more, refresh, retry, open <id>; movies comes back."
    )

    func run(in context: CommandContext) async throws {
        try await context.inShell().enterNews()
    }
}

/// `movies` on the news and diary screens: back to the movie list.
struct MoviesScreenCommand: Command {
    static let about = CommandAbout(name: "movies", abstract: "Go back to the movie list.")

    func run(in context: CommandContext) async throws {
        try context.inShell().leaveScreen()
        context.output.line("Back to the movie list.")
    }
}

/// `clear`: a fresh screen, as the terminal's own clear gives it.
struct ClearCommand: Command {
    static let about = CommandAbout(name: "clear", abstract: "Clear the terminal.")

    func run(in context: CommandContext) async throws {
        // Cursor home and erase the screen: what `clear` prints on every terminal movies draws on.
        if context.terminal.isOutputInteractive { context.output.write("\u{1B}[H\u{1B}[2J") }
    }
}

/// `help [<command> ...]` in the shell: the current screen's commands, or one command's help.
struct ShellHelpCommand: Command {
    static let about = CommandAbout(name: "help", abstract: "Show the shell's commands, or help for one.")

    @Argument("command", help: "The command to explain.", completion: .commandName)
    var names: [String] = []

    func run(in context: CommandContext) async throws {
        try context.inShell().showHelp(names)
    }
}

/// `quit` (or `exit`): leaves the shell; the session ends when it sees it.
struct QuitCommand: Command {
    static let about = CommandAbout(
        name: "quit", abstract: "Leave the shell (also exit, or Ctrl-D).", aliases: ["exit"])

    func run(in context: CommandContext) async throws {
        try context.inShell().quit()
    }
}

/// A screen of the shell that shows a list a page at a time (news, the diary): what `list`, `more`,
/// `refresh` and `retry` act on, whichever screen is current.
@MainActor
protocol PagedScreen: AnyObject {
    /// `list`: the entries loaded so far.
    func showLoaded()
    /// `more`: the next page.
    func more() async
    /// `refresh`: the news screen fetches its feeds; the diary reads its pages again.
    func refresh() async
    /// `retry`, after an error.
    func retry() async
}

/// `list` on a paged screen: what is loaded so far.
struct ScreenListCommand: Command {
    static let about = CommandAbout(name: "list", abstract: "Show what is loaded so far.")

    func run(in context: CommandContext) async throws {
        try context.inShell().pagedScreen().showLoaded()
    }
}

/// `more` on a paged screen.
struct ScreenMoreCommand: Command {
    static let about = CommandAbout(name: "more", abstract: "Load and show the next page.")

    func run(in context: CommandContext) async throws {
        try await context.inShell().pagedScreen().more()
    }
}

/// `refresh` on a paged screen.
struct ScreenRefreshCommand: Command {
    static let about = CommandAbout(
        name: "refresh",
        abstract:
            "News: fetch the subscribed feeds (Ctrl-C stops, keeping what arrived), then show the first page; "
            + "the diary: read it again.")

    func run(in context: CommandContext) async throws {
        try await context.inShell().pagedScreen().refresh()
    }
}

/// `retry` on a paged screen.
struct ScreenRetryCommand: Command {
    static let about = CommandAbout(
        name: "retry", abstract: "After an error: refresh if nothing is shown, else load more.")

    func run(in context: CommandContext) async throws {
        try await context.inShell().pagedScreen().retry()
    }
}

/// `diary` on the movie screen: the diary screen, with the filters `movies diary` takes.
struct DiaryScreenCommand: Command {
    static let about = CommandAbout(
        name: "diary",
        abstract:
            "Switch to the diary: list, more, refresh, log, edit <viewing>, rm <viewing>; movies comes back.",
        examples: ["diary", "diary --year 2024 --tag cinema"])

    @Option(.diaryYear) var year: ReleaseYear?
    @Option(.diaryMonth) var month: DiaryMonth?
    @Option(.diaryTag) var tag: String?

    func validate() throws(CommandLineRule) {
        try DiaryFilterOptions.check(year: year, month: month)
    }

    func run(in context: CommandContext) async throws {
        try await context.inShell().enterDiary(DiaryFilterOptions.query(year: year, month: month, tag: tag))
    }
}
