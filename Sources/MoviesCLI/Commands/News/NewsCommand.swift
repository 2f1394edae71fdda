/// `movies news <subcommand>` (also `news <subcommand>` when the binary is invoked as `news`).
enum NewsCommand: Command {
    /// The news subcommands, in the order help lists them.
    static let subcommands: [any Command.Type] = [
        NewsListCommand.self, NewsSearchCommand.self, NewsShowCommand.self, NewsRefreshCommand.self,
        NewsSubscribeCommand.self,
        NewsUnsubscribeCommand.self, NewsFeedsCommand.self, NewsMarkCommand.Read.self,
        NewsMarkCommand.Unread.self,
        NewsMarkCommand.Star.self, NewsMarkCommand.Unstar.self, NewsAddCommand.self, NewsImportCommand.self,
        NewsExportOPMLCommand.self,
    ]

    static let spec = CommandSpec(
        name: "news",
        abstract: "Keep a news reading list from RSS and Atom feeds.",
        discussion: """
            Subscribe to feeds, refresh them (several at once, with conditional GET so an unchanged feed costs \
            nothing), and read the items newest first, a page at a time.
            """,
        subcommands: subcommands.map { $0.spec },
        examples: [
            "movies news subscribe https://example.org/feed.xml",
            "movies news refresh",
            "movies news list --unread",
            "movies news show 12",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard arguments.commandPath.count >= 3,
            let command = subcommands.first(where: { $0.spec.name == arguments.commandPath[2] })
        else { return }
        try await command.run(arguments, in: context)
    }
}
