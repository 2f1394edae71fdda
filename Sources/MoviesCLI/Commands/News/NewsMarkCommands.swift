import MoviesCore
import News

/// What a mark command does to each item it is given.
enum NewsMark: Sendable {
    case read(Bool)
    case starred(Bool)

    /// Marks each of `ids`, after checking that every one is there (a refusal changes nothing), and
    /// prints each item as it is now; on the shell's news screen through its view model, so the list
    /// shown knows.
    @MainActor
    func apply(to ids: [NewsItemID], in context: CommandContext) throws {
        if let screen = context.shell?.news {
            try screen.mark(ids, self)
            return
        }
        let news = try context.dependencies().news
        for id in ids where try news.item(id: id.rawValue) == nil {
            throw NewsError.itemNotFound(id: id.rawValue)
        }
        for id in ids {
            let item: NewsItem
            switch self {
            case .read(let isRead): item = try news.setRead(id: id.rawValue, isRead)
            case .starred(let isStarred): item = try news.setStarred(id: id.rawValue, isStarred)
            }
            context.output.line(
                "\(NewsText.flags(item)) \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
        }
    }
}

/// `movies news read`: see docs/COMMANDS.md, written from the declarations below.
struct NewsReadCommand: Command {
    static let about = CommandAbout(
        name: "read",
        abstract: "Mark items read: those given, or all, a feed's, or everything up to an item.",
        examples: ["movies news read 12 14", "movies news read --feed 2", "movies news read --before 40"])

    /// The items, when no option says which.
    @Argument("id", help: "The items' ids.")
    var ids: [NewsItemID] = []
    @Flag("all", help: "Mark every item read.")
    var all: Bool
    @Option(
        "feed", short: "f", valueName: "feed",
        help: "Mark every item of this feed read: its id (see `news feeds`), address or title.")
    var feed: FeedReference?
    @Option(
        "before", valueName: "id", help: "Mark this item and every older one read (in `news list` order).")
    var before: NewsItemID?

    /// Items given two ways, or none at all, are refused.
    func validate() throws(CommandLineRule) {
        let ways = [all, feed != nil, before != nil, !ids.isEmpty].count(where: { $0 })
        if ways > 1 { throw CommandLineRule("Give item ids, --all, --feed or --before, only one of them") }
        if ways == 0 { throw CommandLineRule("Say which items: their ids, --all, --feed ID or --before ID") }
    }

    func run(in context: CommandContext) async throws {
        guard let scope = try scope(in: context) else {
            try NewsMark.read(true).apply(to: ids, in: context)
            return
        }
        let count = try context.dependencies().news.markRead(scope)
        context.output.line("Marked \(count) item\(count == 1 ? "" : "s") read.")
        // Many items at once are marked in the database; the shell's list is read again to show it.
        await context.shell?.news?.reload()
    }

    /// What `--all`, `--feed` or `--before` asks for; nil when items are given by id.
    @MainActor
    func scope(in context: CommandContext) throws -> NewsRepository.ReadScope? {
        if all { return .all }
        if let reference = feed {
            guard let found = try context.dependencies().news.feed(reference) else {
                throw NewsError.feedNotFound(reference.description)
            }
            return .feed(found.id)
        }
        return before.map { .upTo(itemID: $0.rawValue) }
    }
}

/// `movies news unread`: see docs/COMMANDS.md, written from the declarations below.
struct NewsUnreadCommand: Command {
    static let about = CommandAbout(name: "unread", abstract: "Mark items unread.")
    @Argument("id", help: "The items' ids.") var ids: [NewsItemID]
    func run(in context: CommandContext) async throws { try NewsMark.read(false).apply(to: ids, in: context) }
}

/// `movies news star`: see docs/COMMANDS.md, written from the declarations below.
struct NewsStarCommand: Command {
    static let about = CommandAbout(name: "star", abstract: "Star items, to keep them.")
    @Argument("id", help: "The items' ids.") var ids: [NewsItemID]
    func run(in context: CommandContext) async throws {
        try NewsMark.starred(true).apply(to: ids, in: context)
    }
}

/// `movies news unstar`: see docs/COMMANDS.md, written from the declarations below.
struct NewsUnstarCommand: Command {
    static let about = CommandAbout(name: "unstar", abstract: "Remove the star from items.")
    @Argument("id", help: "The items' ids.") var ids: [NewsItemID]
    func run(in context: CommandContext) async throws {
        try NewsMark.starred(false).apply(to: ids, in: context)
    }
}
