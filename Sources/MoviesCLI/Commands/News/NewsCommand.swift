/// `movies news <subcommand>` (also `news <subcommand>` when the binary is invoked as `news`).
///
/// A group: the parser descends into the subcommand named, whose handler runs; `news` alone shows help.
/// Its subcommands are the registry's `.news` commands.
enum NewsCommand: CommandGroup {
    static let name = "news"

    static var spec: CommandSpec {
        CommandSpec(
            name: name,
            abstract: "Keep a news reading list from RSS, Atom and JSON feeds.",
            discussion: """
                Subscribe to feeds, refresh them (several at once, with conditional GET so an unchanged feed \
                costs nothing), and read the items newest first, a page at a time.
                """,
            subcommands: .registry(.news),
            examples: [
                "movies news subscribe https://example.org/feed.xml",
                "movies news refresh",
                "movies news list --unread",
                "movies news show 12",
                "movies news open 12",
                "movies news read --all",
            ])
    }
}
