import MoviesCore

/// The commands the shell understands: the one-shot commands that make sense inside it (same syntax,
/// same output) plus the shell's own `list`, `filter`, `sort`, `news`, `help`, `quit` and `exit`.
enum ShellCommands {
    /// The shell's own commands on the movie screen, which the session runs itself; the one-shot
    /// commands run through their handlers.
    enum Own: String, CaseIterable {
        /// `list`, with the filter and sort set by `filter` and `sort` unless its options say otherwise.
        case list
        case filter
        case sort
        case news
        case help
        case quit
    }

    /// The options every command of the shell takes: `--help` (`--db` is the shell's, given once).
    static let globalOptions = [CommonOptions.help.spec]

    /// No letter of its own: `-t` is `--title` everywhere else (and still works here).
    static let text = Option<String>(
        "text", valueName: "words", help: "Only movies whose title or note contains this text.",
        hiddenSpellings: ["-t"])
    static let clear = Flag("clear", help: "Show every movie again.")

    static let filter = CommandSpec(
        name: Own.filter.rawValue,
        abstract: "Show or set which movies `list` shows.",
        discussion: "With no options, shows the current filter.",
        options: [CommonOptions.ratingFilter.spec, text.spec, clear.spec],
        examples: ["filter --rating good,excellent", "filter --text heat", "filter --clear"])

    static let order = Argument<MovieSort>("order", help: "The order.", isOptional: true)
    static let reverse = Flag("reverse", help: "Reverse the order.")

    static let sort = CommandSpec(
        name: Own.sort.rawValue,
        abstract: "Show or set the order `list` uses.",
        arguments: [order.spec],
        options: [reverse.spec],
        examples: ["sort rating", "sort title --reverse"])

    static let help = CommandSpec(
        name: Own.help.rawValue, abstract: "Show the shell's commands, or help for one.",
        arguments: [
            Argument<String>("command", help: "The command to explain.", isOptional: true, isRepeating: true)
                .spec
        ])

    static let quit = CommandSpec(
        name: Own.quit.rawValue, abstract: "Leave the shell (also exit, or Ctrl-D).", aliases: ["exit"])

    static let news = CommandSpec(
        name: Own.news.rawValue,
        abstract: "Switch to the news list: more, refresh, retry, open <id>; movies comes back.")

    /// `list` as the command line has it, without its handler: the session runs it with its filter.
    static let list: CommandSpec = {
        var spec = ListCommand.spec
        spec.name = Own.list.rawValue
        return spec
    }()

    /// The one-shot commands available in the shell, run by their handlers.
    static let movieCommands: [CommandSpec] = [
        AddCommand.entry, ShowCommand.entry, RateCommand.entry, WatchedCommand.entry, UnwatchCommand.entry,
        EditCommand.entry, RemoveCommand.entry,
    ]

    static let root = CommandSpec(
        name: "",
        abstract: "The movies shell: type a command, or help <command> for its options.",
        discussion: """
            Quoting works as in a shell: "two words", 'single quotes', back\\ slash. Changes to the list made \
            anywhere (this shell, another movies, sqlite3) are printed as they happen: + added, ~ changed, \
            - removed.
            """,
        subcommands: [list] + movieCommands + [filter, sort, news, help, quit])
}
