import FoundationEssentials
import Interchange
import MoviesCore
import News

/// `movies news list`: see docs/COMMANDS.md, written from the declarations below.
struct NewsListCommand: Command {
    static let about = CommandAbout(
        name: "list",
        abstract: "Show news items, newest first, one page at a time.",
        discussion: """
            When more items follow, the last line on stderr tells how to get them: --after <cursor>. \
            ● marks an unread item, ★ a starred one.
            """,
        examples: ["movies news list --unread", "movies news list --format ndjson --limit 100"])

    @Flag("unread", short: "u", help: "Only items not read yet.")
    var unread: Bool
    /// `-S`: `-s` is `--sort` everywhere else; `-s` still works here, for scripts.
    @Flag("starred", short: "S", help: "Only starred items.", retiredLetters: ["s"])
    var starred: Bool
    @Option(
        "feed", short: "f", valueName: "feed",
        help: "Only items of this feed: its id (see `news feeds`), address or title.")
    var feed: FeedReference?
    @Option(
        "folder", valueName: "name", help: "Only items of the feeds in this folder (from an OPML import).")
    var folder: String?
    @Option(
        "query", valueName: "name",
        help: "Only the items a saved search finds (see `news save-search`), as if it were a feed.")
    var query: String?
    @Option("limit", short: "l", valueName: "n", help: "Items per page.")
    var limit: Count = Count(20)
    @Option(
        "after", valueName: "cursor",
        help: "Continue after this point (printed at the end of the previous page).")
    var after: NewsCursor?
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func run(in context: CommandContext) async throws {
        let dependencies = try context.readingDependencies()
        var filter = NewsQuery(unreadOnly: unread, starredOnly: starred)
        if let reference = feed {
            guard let feed = try dependencies.news.feed(reference) else {
                throw NewsError.feedNotFound(reference.description)
            }
            filter.feedID = feed.id
        }
        if let folder, try !dependencies.news.hasFolder(folder) {
            throw NewsError.folderNotFound(folder)
        }
        filter.folder = folder
        if let query {
            filter = try dependencies.news.savedSearch(named: query).query(filter)
        }
        // One more than the page tells whether another page follows.
        filter.after = after
        filter.limit = limit.withLookahead
        var items = try await dependencies.news.page(filter)
        let hasMore = items.count > limit.value
        if hasMore {
            items.removeLast(items.count - limit.value)
        }
        try NewsRendering.writeItems(items, format: format, context: context, emptyHint: emptyHint(filter))
        if hasMore, let last = items.last {
            var words = ["movies"] + NextPageHint.databaseWords(context) + ["news", "list"]
            if filter.unreadOnly { words.append("--unread") }
            if filter.starredOnly { words.append("--starred") }
            if let feed { words += ["--feed", feed.description] }
            if let folder { words += ["--folder", folder] }
            if let query { words += ["--query", query] }
            if format != .table { words += ["--format", format.rawValue] }
            words += ["--limit", String(limit.value), "--after", NewsCursor(after: last).description]
            context.output.flush()
            context.errors.line(NextPageHint.line("items", command: words))
        }
    }

    /// What an empty page says to a person, after what was asked.
    private func emptyHint(_ filter: NewsQuery) -> String {
        if filter.after != nil { return "No more items after this point." }
        var kinds: [String] = []
        if filter.unreadOnly { kinds.append("unread") }
        if filter.starredOnly { kinds.append("starred") }
        if let query {
            return
                "The saved search \(TerminalText.singleLine(query)) finds no\(filter.unreadOnly ? " unread" : "") items."
        }
        if !kinds.isEmpty || filter.feedID != nil || filter.folder != nil {
            return "No \(kinds.joined(separator: ", "))\(kinds.isEmpty ? "" : " ")items"
                + (filter.feedID.map { " from feed \($0)" } ?? "")
                + (filter.folder.map { " in folder " + TerminalText.singleLine($0) } ?? "") + "."
        }
        return "No news items. Subscribe with: movies news subscribe <url>, then: movies news refresh"
    }
}

/// Prints news items in the format asked for.
@MainActor
enum NewsRendering {
    static func writeItems(
        _ items: [NewsItem], format: OutputFormat, context: CommandContext, emptyHint: String
    ) throws {
        if let recordFormat = format.recordFormat {
            context.startPager()
            let writer = RecordWriter(
                format: recordFormat, fields: NewsRecords.itemFields, sink: context.output)
            try writer.begin()
            let news = try context.readingDependencies().news
            let feedNames = try NewsText.feedNames(news, titlesOnly: true)
            for item in items {
                try writer.write(
                    NewsRecords.values(
                        of: item, feedTitle: item.feedID.flatMap { feedNames[$0] },
                        enclosures: try news.enclosures(ofItem: item.id)))
            }
            try writer.end()
            return
        }
        guard !items.isEmpty else {
            context.hint(emptyHint)
            return
        }
        context.startPager()
        let feedNames = try NewsText.feedNames(context.readingDependencies().news)
        context.output.write(NewsText.table(items, feedNames: feedNames, terminal: context.terminal))
    }
}
