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
final class NewsScreen: PagedScreen {
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
            list.onNewItems = { [console, context] items in
                // Read as the items arrive: their feed may have been subscribed since the screen opened.
                let feedNames =
                    (try? context.dependencies().news).flatMap { try? NewsText.feedNames($0) } ?? [:]
                console.show(
                    items.map {
                        NewsText.newItemLine($0, feedNames: feedNames, terminal: context.terminal) + "\n"
                    }
                    .joined())
            }
            // Before the first read, so nothing committed in between is missed.
            list.startObservingChanges()
        }
        await list.loadData(isRefreshing: false)
        report(newItems: list.items)
    }

    /// Stops following changes: the shell is going back to the movie list, or ending.
    func leave() {
        list.stopObservingChanges()
        list.onNewItems = nil
    }

    // MARK: - What its commands do

    /// `list`: the items loaded so far.
    func showLoaded() {
        report(newItems: list.items)
    }

    /// `more`: the next page.
    func more() async {
        guard list.hasMoreData else {
            context.output.line("No more items.")
            return
        }
        let before = list.items.count
        await list.loadMore()
        report(newItems: Array(list.items.dropFirst(before)))
    }

    /// `refresh`: fetches the feeds; Ctrl-C stops it, keeping the feeds that arrived, and the shell goes on.
    func refresh() async {
        let progress = ProgressLine(label: "Refreshing feeds", isEnabled: context.terminal.isErrorInteractive)
        await console.runCancellingOnInterrupt { [list] in await list.loadData(isRefreshing: true) }
        progress.finish()
        if let summary = list.lastRefresh {
            context.output.line(Self.refreshLine(summary))
        }
        report(newItems: list.items)
    }

    /// `retry`, after an error: refresh if nothing is shown, else load more.
    func retry() async {
        guard case .error = list.state else {
            context.output.line("Nothing to retry.")
            return
        }
        let before = list.items.count
        await list.retry()
        report(newItems: Array(list.items.dropFirst(before == 0 ? 0 : before)))
    }

    /// `show <id>`, through the view model, so the list shown knows the item is read now.
    func show(_ id: NewsItemID) throws {
        let item = try list.setRead(id: id.rawValue, true)
        let news = try context.dependencies().news
        let feed = try item.feedID.flatMap { try news.feed(.id($0)) }
        context.output.write(
            NewsText.detail(item, feed: feed, enclosures: try news.enclosures(ofItem: item.id)))
    }

    /// `open <id>`: the browser, then the item marked read through the view model.
    func open(_ id: NewsItemID) throws {
        let item = try NewsOpenCommand.open(
            id.rawValue, news: try context.dependencies().news, environment: context.environment)
        _ = try list.setRead(id: item.id, true)
        context.output.line("Opened \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }

    /// `read`, `unread`, `star`, `unstar` of items by id, through the view model; every id is checked
    /// first, so a refusal changes nothing.
    func mark(_ ids: [NewsItemID], _ mark: NewsMark) throws {
        for id in ids where try context.dependencies().news.item(id: id.rawValue) == nil {
            throw NewsError.itemNotFound(id: id.rawValue)
        }
        for id in ids {
            let item: NewsItem
            switch mark {
            case .read(let isRead): item = try list.setRead(id: id.rawValue, isRead)
            case .starred(let isStarred): item = try list.setStarred(id: id.rawValue, isStarred)
            }
            context.output.line(
                "\(NewsText.flags(item)) \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
        }
    }

    /// After many items were marked read in the database at once, the list is read again to show it.
    func reload() async {
        await list.loadData(isRefreshing: false)
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
