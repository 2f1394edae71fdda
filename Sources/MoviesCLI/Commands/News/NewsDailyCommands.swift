import Feeds
import FoundationEssentials
import MoviesCore
import News

/// `movies news open <id>`
enum NewsOpenCommand: Command {
    static let id = Argument<NewsItemID>("id", help: "The item's id, as `news list` shows it.")

    static let spec = CommandSpec(
        name: "open",
        abstract: "Open an item's link in the web browser, and mark it read.",
        discussion: """
            Only an http(s) link is opened; other links stay text for `news show`. The browser is \
            $BROWSER when set: browser commands separated by colons, tried in turn until one succeeds, each \
            a program with its own words, where %s stands for the address (%% for a %) and the address is \
            added last when there is no %s. Else xdg-open (open on macOS). The address is given as an \
            argument of its own, never through a shell. The item is marked read once the browser has \
            opened it.
            """,
        arguments: [id.spec],
        examples: [
            "movies news open 12", "BROWSER=lynx movies news open 12",
            "BROWSER='firefox --new-tab %s:lynx' movies news open 12",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let news = try context.dependencies().news
        let item = try open(id.rawValue, news: news, environment: context.environment)
        _ = try news.setRead(id: item.id, true)
        context.output.line("Opened #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }

    /// Opens the link of item `id` in the browser and returns the item; refuses an item that is not there
    /// or has no link, before the browser starts. The caller marks it read.
    @MainActor
    static func open(_ id: Int64, news: NewsRepository, environment: [String: String]) throws -> NewsItem {
        guard let item = try news.item(id: id) else { throw NewsError.itemNotFound(id: id) }
        guard let link = item.url, !link.isEmpty else {
            throw CommandFailure(
                message: "News item #\(item.id) has no link to open; `news show \(item.id)` prints its text",
                exitCode: .failure)
        }
        // Links stored before only web addresses were (`file:`, `javascript:`, `-…`) stay text.
        guard WebAddress.isWeb(link) else {
            throw CommandFailure(
                message: "News item #\(item.id)'s link is not an http(s) address, so it is not opened: "
                    + "\(TerminalText.singleLine(link)); `news show \(item.id)` prints it",
                exitCode: .failure)
        }
        try Browser.open(link, environment: environment)
        return item
    }
}

/// `movies news prune --older-than AGE`
enum NewsPruneCommand: Command {
    static let olderThan = Option<ItemAge>(
        "older-than", valueName: "age", help: "Remove read, unstarred items published longer ago than this.",
        isRequired: true)

    static let spec = CommandSpec(
        name: "prune",
        abstract: "Remove old items that are read and not starred.",
        discussion: """
            Items published longer ago than --older-than (90d, 12w) go when they are read and not starred; \
            unread and starred ones stay, however old. A feed's pruned items are remembered, so a refresh \
            does not bring them back while the feed still lists them.
            """,
        options: [olderThan.spec],
        examples: ["movies news prune --older-than 90d"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let age = arguments[olderThan] else { return }
        let now = Date()
        let removed = try context.dependencies().news.prune(
            publishedBefore: now.addingTimeInterval(-age.seconds), now: now)
        context.output.line(
            "Removed \(removed) read item\(removed == 1 ? "" : "s") older than \(age.days) day"
                + (age.days == 1 ? "" : "s") + ".")
    }
}
