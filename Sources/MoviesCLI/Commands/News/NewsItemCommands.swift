import FoundationEssentials
import Interchange
import MoviesCore
import News
import ViewModels

/// `movies news list [--unread] [--starred] [--feed ID] [--folder NAME] [--limit N] [--after CURSOR] [--format F]`
enum NewsListCommand: Command {
    static let unread = Flag("unread", short: "u", help: "Only items not read yet.")
    /// `-S`: `-s` is `--sort` everywhere else; `-s` still works here, for scripts.
    static let starred = Flag("starred", short: "S", help: "Only starred items.", hiddenSpellings: ["-s"])
    static let feed = Option<String>(
        "feed", short: "f", valueName: "id", help: "Only items of this feed (see `news feeds`).")
    static let folder = Option<String>(
        "folder", valueName: "name", help: "Only items of the feeds in this folder (from an OPML import).")
    static let limit = Option<Count>(
        "limit", short: "l", valueName: "n", help: "Items per page.", default: Count(20))
    static let after = Option<NewsCursor>(
        "after", valueName: "cursor",
        help: "Continue after this point (printed at the end of the previous page).")

    static let spec = CommandSpec(
        name: "list",
        abstract: "Show news items, newest first, one page at a time.",
        discussion: """
            When more items follow, the last line on stderr tells how to get them: --after <cursor>. \
            ● marks an unread item, ★ a starred one.
            """,
        options: [
            unread.spec, starred.spec, feed.spec, folder.spec, limit.spec, after.spec,
            CommonOptions.format.spec,
            Pager.disableFlag.spec,
        ],
        examples: ["movies news list --unread", "movies news list --format ndjson --limit 100"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let limit = arguments[Self.limit] ?? Count(20)
        let dependencies = try context.dependencies()
        var filter = NewsQuery(unreadOnly: arguments[unread], starredOnly: arguments[starred])
        if let reference = arguments[feed] {
            guard let feed = try dependencies.news.feed(reference: reference) else {
                throw NewsError.feedNotFound(reference)
            }
            filter.feedID = feed.id
        }
        filter.folder = arguments[folder]
        // One more than the page tells whether another page follows.
        filter.after = arguments[after]
        filter.limit = limit.withLookahead
        var items = try await dependencies.news.page(filter)
        let hasMore = items.count > limit.value
        if hasMore {
            items.removeLast(items.count - limit.value)
        }
        let format = arguments.outputFormat
        try NewsRendering.writeItems(
            items, format: format, context: context, emptyHint: emptyHint(arguments, filter: filter))
        if hasMore, let last = items.last {
            var words = ["movies"] + NextPageHint.databaseWords(context) + ["news", "list"]
            if filter.unreadOnly { words.append("--unread") }
            if filter.starredOnly { words.append("--starred") }
            if let reference = arguments[feed] { words += ["--feed", reference] }
            if let name = arguments[folder] { words += ["--folder", name] }
            if format != .table { words += ["--format", format.rawValue] }
            words += ["--limit", String(limit.value), "--after", NewsCursor(after: last).description]
            context.output.flush()
            context.errors.line(NextPageHint.line("items", command: words))
        }
    }

    /// What an empty page says to a person, after what was asked.
    private static func emptyHint(_ arguments: ParsedArguments, filter: NewsQuery) -> String {
        if filter.after != nil { return "No more items after this point." }
        var kinds: [String] = []
        if filter.unreadOnly { kinds.append("unread") }
        if filter.starredOnly { kinds.append("starred") }
        if !kinds.isEmpty || filter.feedID != nil || filter.folder != nil {
            return "No \(kinds.joined(separator: ", "))\(kinds.isEmpty ? "" : " ")items"
                + (filter.feedID.map { " from feed #\($0)" } ?? "")
                + (filter.folder.map { " in folder " + TerminalText.singleLine($0) } ?? "") + "."
        }
        return "No news items. Subscribe with: movies news subscribe <url>, then: movies news refresh"
    }
}

/// `movies news show <id>`
enum NewsShowCommand: Command {
    static let id = Argument<NewsItemID>("id", help: "The item's id, as `news list` shows it.")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a news item in full (its fullest text, links and enclosures), and mark it read.",
        arguments: [id.spec],
        options: [CommonOptions.format.spec, Pager.disableFlag.spec])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let news = try context.dependencies().news
        let item = try news.setRead(id: id.rawValue, true)
        context.startPager()
        if let recordFormat = arguments.outputFormat.recordFormat {
            let writer = RecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, fields: NewsRecords.itemFields,
                sink: context.output)
            try writer.begin()
            try writer.write(NewsRecords.values(of: item))
            try writer.end()
        } else {
            let feed = try item.feedID.flatMap { try news.feed(reference: String($0)) }
            context.output.write(
                NewsText.detail(item, feed: feed, enclosures: try news.enclosures(ofItem: item.id)))
        }
    }
}

/// `movies news read|unread|star|unstar <id>...`
enum NewsMarkCommand {
    /// What a mark command does to each item.
    enum Mark {
        case read(Bool)
        case starred(Bool)
    }

    /// `<id> ...`: the items to mark.
    static let ids = Argument<NewsItemID>("id", help: "The items' ids.", isRepeating: true)

    static func spec(_ name: String, _ abstract: String) -> CommandSpec {
        CommandSpec(name: name, abstract: abstract, arguments: [ids.spec])
    }

    @MainActor
    static func run(_ mark: Mark, _ arguments: ParsedArguments, in context: CommandContext) throws {
        let ids = arguments.all(Self.ids).map(\.rawValue)
        let news = try context.dependencies().news
        // Check every id first: a refusal changes nothing.
        for id in ids where try news.item(id: id) == nil {
            throw NewsError.itemNotFound(id: id)
        }
        for id in ids {
            let item: NewsItem
            switch mark {
            case .read(let isRead): item = try news.setRead(id: id, isRead)
            case .starred(let isStarred): item = try news.setStarred(id: id, isStarred)
            }
            context.output.line(
                "\(NewsText.flags(item)) #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
        }
    }

    enum Unread: Command {
        static let spec = NewsMarkCommand.spec("unread", "Mark items unread.")
        static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
            try NewsMarkCommand.run(.read(false), arguments, in: context)
        }
    }

    enum Star: Command {
        static let spec = NewsMarkCommand.spec("star", "Star items, to keep them.")
        static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
            try NewsMarkCommand.run(.starred(true), arguments, in: context)
        }
    }

    enum Unstar: Command {
        static let spec = NewsMarkCommand.spec("unstar", "Remove the star from items.")
        static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
            try NewsMarkCommand.run(.starred(false), arguments, in: context)
        }
    }
}

/// `movies news add --title T [--summary S] [--source S] [--url U] [--image-url U] [--published DATE]`
enum NewsAddCommand: Command {
    static let title = Option<String>(
        "title", short: "t", valueName: "title", help: "The item's title (required).", isRequired: true)
    static let summary = Option<String>("summary", valueName: "text", help: "Its text.")
    static let source = Option<String>("source", valueName: "name", help: "Who wrote or published it.")
    static let url = Option<String>("url", valueName: "url", help: "Where to read it.")
    static let imageURL = Option<String>("image-url", valueName: "url", help: "An image for it.")
    static let published = Option<PublicationDate>(
        "published", valueName: "date",
        help: "When it was published: YYYY-MM-DD, an ISO-8601 time, or an RFC 822 date. Default: now.")

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a news item by hand (a link to read later, a note).",
        options: [title.spec, summary.spec, source.spec, url.spec, imageURL.spec, published.spec],
        examples: ["movies news add --title \"Read later\" --url https://example.org/article"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let title = arguments[Self.title] else { return }
        let item = try context.dependencies().news.add(
            NewsItemDraft(
                title: title, summary: arguments[summary], source: arguments[source], url: arguments[url],
                imageURL: arguments[imageURL], publishedAt: arguments[published]?.date))
        context.output.line("Added #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
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
            for item in items {
                try writer.write(NewsRecords.values(of: item))
            }
            try writer.end()
            return
        }
        guard !items.isEmpty else {
            context.hint(emptyHint)
            return
        }
        context.startPager()
        let feedNames = try NewsText.feedNames(context.dependencies().news)
        context.output.write(NewsText.table(items, feedNames: feedNames, terminal: context.terminal))
    }
}
