import FoundationEssentials
import MoviesCore
import News
import Observation
import UserFacing

/// The news list screen: pages of items newest first, refresh from the feeds, load more, retry.
///
/// - `loadData(isRefreshing:)`: a refresh fetches the subscribed feeds, then reloads the first page;
///   a first load reads the first page. Cancelling the calling task ends a refresh early, keeping the
///   feeds that arrived (`lastRefresh` then says which were not refreshed).
/// - `loadMore()`: appends the next page by key; ignored while a request is in flight or when there is
///   no more data; items are deduplicated by id; a page shorter than `pageSize` means no more data.
/// - `retry()`: after an error, refreshes when the list is empty, else loads more.
/// - A failed refresh keeps the items already shown and sets `.error`.
/// - With `startObservingChanges()`, a change by anyone to what the filter selects re-reads the pages
///   shown, and `onNewItems` hears the items that were not shown before.
@MainActor
@Observable
public final class NewsListViewModel {
    public private(set) var items: [NewsItem] = []
    public private(set) var state: ListState = .idle
    /// False once a page came back shorter than `pageSize`.
    public private(set) var hasMoreData = true
    /// What the last refresh did, feed by feed.
    public private(set) var lastRefresh: NewsRefresher.Summary?
    /// How many page reads and refreshes this list has started; the in-flight guard keeps it honest.
    public private(set) var requestCount = 0
    /// Items per page.
    public let pageSize: Int
    /// Which items to show (unread, starred, one feed, text); set it, then `loadData`.
    public var filter = NewsQuery() {
        didSet {
            // A filter that reads other tables (text search reads the full-text index) needs other signals.
            if changeObservation != nil && filter != oldValue { startObservingChanges() }
        }
    }
    /// Called on the main actor after a change made elsewhere brought items the list did not show
    /// before (newest first), for a change feed.
    @ObservationIgnored public var onNewItems: (@MainActor ([NewsItem]) -> Void)?

    @ObservationIgnored private let repository: NewsRepository
    @ObservationIgnored private let refresher: NewsRefresher
    /// A person's request (load, refresh, more, retry) is running; a second one is ignored.
    @ObservationIgnored private var isRequestInFlight = false
    /// A re-read after a change is running (a view may show that the list is being brought up to date).
    /// It never holds up a person's request: one that starts meanwhile wins, and the re-read's result is
    /// dropped (see `requestGeneration`).
    public private(set) var isReloading = false
    /// Counts the requests begun, so a re-read can tell that one began while it read.
    @ObservationIgnored private var requestGeneration = 0
    @ObservationIgnored private var needsReload = false
    @ObservationIgnored private var changeObservation: Task<Void, Never>?

    /// A list over the dependencies' news repository and refresher.
    public init(dependencies: Dependencies, pageSize: Int = 20) {
        precondition(pageSize > 0, "a news page holds at least one item (pageSize was \(pageSize))")
        self.repository = dependencies.news
        self.refresher = dependencies.newsRefresher
        self.pageSize = pageSize
    }

    isolated deinit {
        changeObservation?.cancel()
    }

    // MARK: - Loading

    /// Reads the first page; with `isRefreshing`, fetches the subscribed feeds first. Ignored while
    /// another request is in flight.
    public func loadData(isRefreshing: Bool) async {
        guard begin(.loading) else { return }
        defer { end() }
        do {
            if isRefreshing {
                // Cancelling the task that called this stops the refresh with what arrived stored, and the
                // first page is read all the same.
                let summary = try await refresher.refresh()
                lastRefresh = summary
                if summary.allFailed {
                    let first = summary.failures[0]
                    throw RefreshFailedError(
                        message: "No feed could be refreshed (\(first.feed.displayName): \(first.message))")
                }
            }
            let page = try await fetch(after: nil, limit: pageSize)
            items = page
            hasMoreData = page.count == pageSize
            state = settledState
        } catch {
            state = .error(userFacingMessage(for: error))
        }
    }

    /// Appends the next page. Ignored while a request is in flight or when there is no more data.
    public func loadMore() async {
        guard hasMoreData, let last = items.last else { return }
        guard begin(.loadingMore) else { return }
        defer { end() }
        do {
            let page = try await fetch(after: NewsCursor(after: last), limit: pageSize)
            let shown = Set(items.map(\.id))
            items += page.filter { !shown.contains($0.id) }
            hasMoreData = page.count == pageSize
            state = settledState
        } catch {
            state = .error(userFacingMessage(for: error))
        }
    }

    /// After an error: refreshes when nothing is shown, else loads more. Does nothing otherwise.
    public func retry() async {
        guard case .error = state else { return }
        if items.isEmpty {
            await loadData(isRefreshing: true)
        } else {
            await loadMore()
        }
    }

    // MARK: - Following changes

    /// Re-reads the pages shown whenever what the filter selects changes (a refresh elsewhere, `sqlite3`,
    /// another list).
    public func startObservingChanges() {
        changeObservation?.cancel()
        let changes = repository.changes(of: filter)
        changeObservation = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                await self.reloadShownPages()
            }
        }
    }

    /// Stops following changes.
    public func stopObservingChanges() {
        changeObservation?.cancel()
        changeObservation = nil
    }

    // MARK: - Actions

    /// Marks an item read or unread; the list follows through the change notification (or at once, for
    /// the copy shown).
    @discardableResult
    public func setRead(id: Int64, _ isRead: Bool) throws -> NewsItem {
        let item = try repository.setRead(id: id, isRead)
        replace(item)
        return item
    }

    /// Stars or unstars an item.
    @discardableResult
    public func setStarred(id: Int64, _ isStarred: Bool) throws -> NewsItem {
        let item = try repository.setStarred(id: id, isStarred)
        replace(item)
        return item
    }

    // MARK: - Private

    private var settledState: ListState {
        if items.isEmpty { return .empty }
        return hasMoreData ? .loaded : .noMoreData
    }

    /// Claims the in-flight slot; false when a request already holds it. A re-read after a change does
    /// not hold it: a refresh typed while the list re-reads itself must not be dropped.
    private func begin(_ newState: ListState) -> Bool {
        guard !isRequestInFlight else { return false }
        isRequestInFlight = true
        requestCount += 1
        requestGeneration += 1
        state = newState
        return true
    }

    private func end() {
        isRequestInFlight = false
        if needsReload {
            needsReload = false
            Task { await reloadShownPages() }
        }
    }

    /// Reads one page off the main actor (and off the cooperative pool: see `NewsRepository.page`).
    private func fetch(after cursor: NewsCursor?, limit: Int) async throws -> [NewsItem] {
        var query = filter
        query.after = cursor
        query.limit = limit
        return try await repository.page(query)
    }

    /// Re-reads as many items as are shown (whole pages), keeping the position in the list. While a
    /// request or another re-read runs, it is only noted, and done once they end.
    private func reloadShownPages() async {
        guard state != .idle else { return }
        guard !isRequestInFlight && !isReloading else {
            needsReload = true
            return
        }
        isReloading = true
        let generation = requestGeneration
        let pages = max(1, (items.count + pageSize - 1) / pageSize)
        let result: Result<[NewsItem], any Error>
        do {
            result = .success(try await fetch(after: nil, limit: pages * pageSize))
        } catch {
            result = .failure(error)
        }
        isReloading = false
        // A request that began meanwhile has read (or will read) newer rows and sets the list itself.
        if generation == requestGeneration {
            switch result {
            case .success(let window):
                let shown = Set(items.map(\.id))
                let new = window.filter { !shown.contains($0.id) }
                items = window
                hasMoreData = window.count == pages * pageSize
                if case .error = state {} else { state = settledState }
                if !new.isEmpty { onNewItems?(new) }
            case .failure(let error):
                state = .error(userFacingMessage(for: error))
            }
        }
        if needsReload && !isRequestInFlight {
            needsReload = false
            Task { await reloadShownPages() }
        }
    }

    private func replace(_ item: NewsItem) {
        if let index = items.firstIndex(where: { $0.id == item.id }) {
            items[index] = item
        }
    }
}

/// Every subscribed feed failed to refresh.
struct RefreshFailedError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
