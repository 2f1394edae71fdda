import MoviesCore

/// The commands the shell understands: the one-shot commands that make sense inside it (same syntax,
/// same output) plus the shell's own `filter`, `sort`, `help`, `quit` and `exit`.
enum ShellCommands {
    static let filter = CommandSpec(
        name: "filter",
        abstract: "Show or set which movies `list` shows.",
        discussion: "With no options, shows the current filter.",
        options: [
            .ratingFilter,
            OptionSpec(
                name: "text", short: "t", kind: .value(name: "words"),
                help: "Only movies whose title or note contains this text."),
            OptionSpec(name: "clear", kind: .flag, help: "Show every movie again."),
        ],
        examples: ["filter --rating good,excellent", "filter --text heat", "filter --clear"])

    static let sort = CommandSpec(
        name: "sort",
        abstract: "Show or set the order `list` uses.",
        arguments: [
            ArgumentSpec(
                name: "order", help: "The order.", isOptional: true,
                allowedValues: MovieSort.allCases.map(\.rawValue))
        ],
        options: [OptionSpec(name: "reverse", kind: .flag, help: "Reverse the order.")],
        examples: ["sort rating", "sort title --reverse"])

    static let help = CommandSpec(
        name: "help", abstract: "Show the shell's commands, or help for one.",
        arguments: [
            ArgumentSpec(
                name: "command", help: "The command to explain.", isOptional: true, isRepeating: true)
        ])

    static let quit = CommandSpec(
        name: "quit", abstract: "Leave the shell (also exit, or Ctrl-D).", aliases: ["exit"])

    static let news = CommandSpec(
        name: "news", abstract: "Switch to the news list: more, refresh, retry, open <id>; movies comes back."
    )

    /// The one-shot commands available in the shell.
    static let movieCommands: [any Command.Type] = [
        ListCommand.self, AddCommand.self, ShowCommand.self, RateCommand.self, EditCommand.self,
        RemoveCommand.self,
    ]

    static let root = CommandSpec(
        name: "",
        abstract: "The movies shell: type a command, or help <command> for its options.",
        discussion: """
            Quoting works as in a shell: "two words", 'single quotes', back\\ slash. Changes to the list made \
            anywhere (this shell, another movies, sqlite3) are printed as they happen: + added, ~ changed, \
            - removed.
            """,
        subcommands: movieCommands.map { $0.spec } + [filter, sort, news, help, quit])
}
