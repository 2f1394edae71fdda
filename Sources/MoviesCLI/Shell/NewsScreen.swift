import MoviesCore
import News
import ViewModels

/// The shell's news screen: the news list a page at a time, over `NewsListViewModel`.
///
/// `list` shows the items loaded so far, `more` the next page, `refresh` fetches the feeds (Ctrl-C stops
/// it, keeping what arrived), `retry` follows a failure, `show <id>` shows an item in full and `open <id>` opens its link in the
/// browser (both mark it read). At a terminal the list
/// follows changes made anywhere (another `movies`, `sqlite3`), and items that arrive are printed above
/// the prompt, as the movie list's change feed is.
@MainActor
final class NewsScreen {
    /// This screen's commands; `feeds` runs through its handler, `help` and `quit` are the shell's.
    enum Own: String, CaseIterable {
        case list, more, refresh, retry, show, open, read, unread, star, unstar, movies
    }

    static let more = CommandSpec(name: Own.more.rawValue, abstract: "Load and show the next page of items.")
    static let refresh = CommandSpec(
        name: Own.refresh.rawValue,
        abstract: "Fetch the subscribed feeds (Ctrl-C stops, keeping what arrived), then show the first page."
    )
    static let retry = CommandSpec(
        name: Own.retry.rawValue, abstract: "After an error: refresh if nothing is shown, else load more.")
    static let itemID = Argument<NewsItemID>("id", help: "The item's id.")
    static let show = CommandSpec(
        name: Own.show.rawValue, abstract: "Show an item in full and mark it read.", arguments: [itemID.spec])
    static let open = CommandSpec(
        name: Own.open.rawValue,
        abstract: "Open an item's link in the web browser ($BROWSER) and mark it read.",
        arguments: [itemID.spec])
    static let list = CommandSpec(name: Own.list.rawValue, abstract: "Show the items loaded so far.")
    static let movies = CommandSpec(name: Own.movies.rawValue, abstract: "Go back to the movie list.")

    /// The commands of this screen.
    static let root = CommandSpec(
        name: "",
        abstract: "The news screen of the movies shell.",
        subcommands: [
            list, more, refresh, retry, show, open,
            // The marks through this screen's list view model, so the list shown knows of them.
            NewsMarkCommand.Read.spec, NewsMarkCommand.Unread.spec, NewsMarkCommand.Star.spec,
            NewsMarkCommand.Unstar.spec,
            NewsFeedsCommand.entry, movies, ShellCommands.help, ShellCommands.quit,
        ])

    let list: NewsListViewModel
    private let context: CommandContext
    private let console: any Console

    init(dependencies: Dependencies, context: CommandContext, console: any Console) {
        list = NewsListViewModel(dependencies: dependencies)
        self.context = context
        self.console = console
    }

    /// Shows the first stored page (without fetching) and, at a terminal, starts following changes.
    func enter() async {
        if console.isInteractive {
            let terminal = context.terminal
            list.onNewItems = { [console] items in
                console.show(items.map { NewsText.newItemLine($0, terminal: terminal) + "\n" }.joined())
            }
            // Before the first read, so nothing committed in between is missed.
            list.startObservingChanges()
        }
        await list.loadData(isRefreshing: false)
        report(newItems: list.items)
    }

    /// This screen's own command that `word` names.
    func command(named word: String) -> Own? {
        Self.root.subcommand(named: word).flatMap { Own(rawValue: $0.name) }
    }

    /// Stops following changes: the shell is going back to the movie list, or ending.
    func leave() {
        list.stopObservingChanges()
        list.onNewItems = nil
    }

    /// Runs one parsed command of this screen.
    func run(_ arguments: ParsedArguments) async throws {
        if let command = arguments.command.handler {
            try await command.run(arguments, in: context)
            return
        }
        guard let own = Own(rawValue: arguments.command.name) else { return }
        switch own {
        case .list:
            report(newItems: list.items)
        case .more:
            guard list.hasMoreData else {
                context.output.line("No more items.")
                return
            }
            let before = list.items.count
            await list.loadMore()
            report(newItems: Array(list.items.dropFirst(before)))
        case .refresh:
            let progress = ProgressLine(
                label: "Refreshing feeds", isEnabled: context.terminal.isErrorInteractive)
            // Ctrl-C stops the refresh, keeping the feeds that arrived, and the shell goes on.
            await console.runCancellingOnInterrupt { [list] in await list.loadData(isRefreshing: true) }
            progress.finish()
            if let summary = list.lastRefresh {
                context.output.line(Self.refreshLine(summary))
            }
            report(newItems: list.items)
        case .retry:
            guard case .error = list.state else {
                context.output.line("Nothing to retry.")
                return
            }
            let before = list.items.count
            await list.retry()
            report(newItems: Array(list.items.dropFirst(before == 0 ? 0 : before)))
        case .show:
            // Through the view model, so the list shown knows the item is read now.
            guard let id = arguments[Self.itemID] else { return }
            let item = try list.setRead(id: id.rawValue, true)
            let news = try context.dependencies().news
            let feed = try item.feedID.flatMap { try news.feed(reference: String($0)) }
            context.output.write(
                NewsText.detail(item, feed: feed, enclosures: try news.enclosures(ofItem: item.id)))
        case .open:
            guard let id = arguments[Self.itemID] else { return }
            let item = try NewsOpenCommand.open(
                id.rawValue, news: try context.dependencies().news, environment: context.environment)
            _ = try list.setRead(id: item.id, true)
            context.output.line("Opened #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
        case .read where try NewsMarkCommand.Read.scope(arguments, in: context) != nil:
            // Many items at once: marked in the database, then the list read again to show it.
            try await NewsMarkCommand.Read.run(arguments, in: context)
            await list.loadData(isRefreshing: false)
        case .read, .unread, .star, .unstar:
            let ids = arguments.all(NewsMarkCommand.ids).map(\.rawValue)
            for id in ids where try context.dependencies().news.item(id: id) == nil {
                throw NewsError.itemNotFound(id: id)
            }
            for id in ids {
                let item: NewsItem
                switch own {
                case .read: item = try list.setRead(id: id, true)
                case .unread: item = try list.setRead(id: id, false)
                case .star: item = try list.setStarred(id: id, true)
                default: item = try list.setStarred(id: id, false)
                }
                context.output.line(
                    "\(NewsText.flags(item)) #\(item.id)  \(TerminalText.truncated(item.title, to: 72))")
            }
        case .movies:
            // Handled by the session before parsing; with extra words it is refused by the parser.
            break
        }
    }

    /// `4 new, 0 failed.`, or for a refresh stopped by Ctrl-C,
    /// `Refresh interrupted: 2 of 6 feeds refreshed, 4 new.`
    private static func refreshLine(_ summary: NewsRefresher.Summary) -> String {
        guard summary.wasInterrupted else {
            return "\(summary.newItemCount) new, \(summary.failures.count) failed."
        }
        let total = summary.outcomes.count + summary.unfinished.count
        return
            "Refresh interrupted: \(summary.refreshed.count) of \(RefreshReport.counted(total, "feed")) refreshed, "
            + "\(summary.newItemCount) new."
    }

    /// Prints `newItems` and what the list's state says (an error, the end of the list).
    private func report(newItems: [NewsItem]) {
        if !newItems.isEmpty {
            let feedNames = (try? context.dependencies().news).flatMap { try? NewsText.feedNames($0) } ?? [:]
            context.output.write(NewsText.table(newItems, feedNames: feedNames, terminal: context.terminal))
        }
        switch list.state {
        case .error(let message):
            context.output.flush()
            context.errors.line("Error: \(message) (type retry to try again)")
        case .empty:
            context.output.line("No news items. Type refresh to fetch the subscribed feeds.")
        case .noMoreData where newItems.isEmpty:
            context.output.line("No more items.")
        case .loaded:
            context.output.line(context.terminal.dim("(more: type more)"))
        default:
            break
        }
    }
}
