import Feeds
import MoviesCore
import News

/// `movies news open`: see docs/COMMANDS.md, written from the declarations below.
struct NewsOpenCommand: SynchronousCommand {
    static let about = CommandAbout(
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
        examples: [
            "movies news open 12", "BROWSER=lynx movies news open 12",
            "BROWSER='firefox --new-tab %s:lynx' movies news open 12",
        ])

    @Argument("id", help: "The item's id, as `news list` shows it.")
    var id: NewsItemID

    func runSynchronously(in context: CommandContext) throws {
        if let screen = context.shell?.news {
            try screen.open(id)
            return
        }
        let news = try context.dependencies().news
        let item = try Self.open(id.rawValue, news: news, environment: context.environment)
        _ = try news.setRead(id: item.id, true)
        context.output.line("Opened \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }

    /// Opens the link of item `id` in the browser and returns the item; refuses an item that is not there
    /// or has no link, before the browser starts. The caller marks it read.
    @MainActor
    static func open(_ id: Int64, news: NewsRepository, environment: [String: String]) throws -> NewsItem {
        guard let item = try news.item(id: id) else { throw NewsError.itemNotFound(id: id) }
        guard let link = item.url, !link.isEmpty else {
            throw CommandFailure(
                message: "News item \(item.id) has no link to open; `news show \(item.id)` prints its text",
                exitCode: .failure)
        }
        // Links stored before only web addresses were (`file:`, `javascript:`, `-…`) stay text.
        guard WebAddress.isWeb(link) else {
            throw CommandFailure(
                message: "News item \(item.id)'s link is not an http(s) address, so it is not opened: "
                    + "\(TerminalText.singleLine(link)); `news show \(item.id)` prints it",
                exitCode: .failure)
        }
        try Browser.open(link, environment: environment)
        return item
    }
}
