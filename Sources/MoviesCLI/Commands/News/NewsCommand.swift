/// `movies news <subcommand>` (also `news <subcommand>` when the binary is invoked as `news`).
///
/// A group: the parser descends into the subcommand named, whose handler runs; `news` alone shows help.
enum NewsCommand {
    /// The news subcommands, in the order help lists them.
    static let subcommands: [any Command.Type] = [
        NewsListCommand.self, NewsSearchCommand.self, NewsShowCommand.self, NewsOpenCommand.self,
        NewsRefreshCommand.self,
        NewsSubscribeCommand.self,
        NewsUnsubscribeCommand.self, NewsFeedsCommand.self, NewsMarkCommand.Read.self,
        NewsMarkCommand.Unread.self,
        NewsMarkCommand.Star.self, NewsMarkCommand.Unstar.self, NewsPruneCommand.self, NewsAddCommand.self,
        NewsImportCommand.self,
        NewsExportOPMLCommand.self, HelpCommand.self,
    ]

    static let spec = CommandSpec(
        name: "news",
        abstract: "Keep a news reading list from RSS, Atom and JSON feeds.",
        discussion: """
            Subscribe to feeds, refresh them (several at once, with conditional GET so an unchanged feed costs \
            nothing), and read the items newest first, a page at a time.
            """,
        subcommands: subcommands.map { $0.entry },
        examples: [
            "movies news subscribe https://example.org/feed.xml",
            "movies news refresh",
            "movies news list --unread",
            "movies news show 12",
            "movies news open 12",
            "movies news read --all",
        ])
}
