import Foundation
import Interchange
import MoviesCore
import ViewModels

/// `movies news list [--unread] [--starred] [--feed ID] [--limit N] [--after CURSOR] [--format F]`
enum NewsListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Show news items, newest first, one page at a time.",
        discussion: """
            When more items follow, the last line on stderr tells how to get them: \
            --after <cursor>. ● marks an unread item, ★ a starred one.
            """,
        options: [
            OptionSpec(name: "unread", short: "u", kind: .flag, help: "Only items not read yet."),
            OptionSpec(name: "starred", short: "s", kind: .flag, help: "Only starred items."),
            OptionSpec(
                name: "feed", short: "f", kind: .value(name: "id"),
                help: "Only items of this feed (see `news feeds`)."),
            OptionSpec(
                name: "limit", short: "l", kind: .value(name: "n"), help: "Items per page.",
                defaultValue: "20"),
            OptionSpec(
                name: "after", kind: .value(name: "cursor"),
                help: "Continue after this point (printed at the end of the previous page)."),
            .format(),
        ],
        examples: ["movies news list --unread", "movies news list --format ndjson --limit 100"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let limit =
            try arguments.converted(
                "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
                ValueParsing.positiveCount) ?? 20
        let after = try arguments.converted(
            "after", display: "'--after <cursor>'", expected: "a cursor printed by a previous page",
            NewsCursor.init)
        let dependencies = try context.dependencies()
        var filter = NewsQuery(unreadOnly: arguments.flag("unread"), starredOnly: arguments.flag("starred"))
        if let reference = arguments.string("feed") {
            guard let feed = try dependencies.news.feed(reference: reference) else {
                throw NewsError.feedNotFound(reference)
            }
            filter.feedID = feed.id
        }
        // One more than the page tells whether another page follows.
        filter.after = after
        filter.limit = limit + 1
        var items = try await dependencies.news.page(filter)
        let hasMore = items.count > limit
        if hasMore {
            items.removeLast(items.count - limit)
        }
        try NewsRendering.writeItems(items, format: arguments.string("format") ?? "table", context: context)
        if hasMore, let last = items.last {
            context.errors.line("More items: continue with --after \(NewsCursor(after: last))")
        }
    }
}

/// `movies news show <id>`
enum NewsShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a news item in full, and mark it read.",
        arguments: [ArgumentSpec(name: "id", help: "The item's id, as `news list` shows it.")],
        options: [.format()])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard
            let id = try arguments.converted(
                "id", display: "'<id>'", expected: "an item id such as 12", ValueParsing.movieID)
        else { return }
        let news = try context.dependencies().news
        let item = try news.setRead(id: id, true)
        let format = arguments.string("format") ?? "table"
        if let recordFormat = RecordFormat(rawValue: format) {
            let writer = RecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, fields: NewsRecords.itemFields,
                sink: context.output)
            try writer.begin()
            try writer.write(NewsRecords.values(of: item))
            try writer.end()
        } else {
            let feed = try item.feedID.flatMap { try news.feed(reference: String($0)) }
            context.output.write(NewsText.detail(item, feed: feed))
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

    static func spec(_ name: String, _ abstract: String) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract,
            arguments: [ArgumentSpec(name: "id", help: "The items' ids.", isRepeating: true)])
    }

    @MainActor
    static func run(_ mark: Mark, _ arguments: ParsedArguments, in context: CommandContext) throws {
        var ids: [Int64] = []
        for text in arguments.strings("id") {
            guard let id = ValueParsing.movieID(text) else {
                throw arguments.usageError(
                    "The value '\(text)' is invalid for '<id>': expected an item id such as 12")
            }
            ids.append(id)
        }
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

    enum Read: Command {
        static let spec = NewsMarkCommand.spec("read", "Mark items read.")
        static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
            try NewsMarkCommand.run(.read(true), arguments, in: context)
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
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a news item by hand (a link to read later, a note).",
        options: [
            OptionSpec(
                name: "title", short: "t", kind: .value(name: "title"), help: "The item's title (required)."),
            OptionSpec(name: "summary", kind: .value(name: "text"), help: "Its text."),
            OptionSpec(name: "source", kind: .value(name: "name"), help: "Who wrote or published it."),
            OptionSpec(name: "url", kind: .value(name: "url"), help: "Where to read it."),
            OptionSpec(name: "image-url", kind: .value(name: "url"), help: "An image for it."),
            OptionSpec(
                name: "published", kind: .value(name: "date"),
                help: "When it was published: YYYY-MM-DD, an ISO-8601 time, or an RFC 822 date. Default: now."
            ),
        ],
        examples: ["movies news add --title \"Read later\" --url https://example.org/article"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let title = arguments.string("title") else {
            throw arguments.usageError("Missing expected option '--title <title>'")
        }
        let published = try arguments.converted(
            "published", display: "'--published <date>'",
            expected: "a date such as 2026-11-30 or 2026-11-30T10:00:00Z",
            ValueParsing.instant)
        let item = try context.dependencies().news.add(
            NewsItemDraft(
                title: title, summary: arguments.string("summary"), source: arguments.string("source"),
                url: arguments.string("url"), imageURL: arguments.string("image-url"), publishedAt: published)
        )
        context.output.line("Added #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }
}

/// Prints news items in the format asked for.
@MainActor
enum NewsRendering {
    static func writeItems(_ items: [NewsItem], format: String, context: CommandContext) throws {
        if let recordFormat = RecordFormat(rawValue: format) {
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
            context.hint(
                "No news items. Subscribe with: movies news subscribe <url>, then: movies news refresh")
            return
        }
        context.output.write(NewsText.table(items, terminal: context.terminal))
    }
}
