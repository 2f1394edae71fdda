import MoviesCore
import Observation
import UserFacing

/// The diary screen: viewings newest first (the undated last), a page at a time, kept current by the
/// store.
///
/// - `loadData()`: reads the first page; `refresh()` reads again as many entries as are shown (the
///   diary is local, so a refresh has nothing to fetch: it re-reads, keeping the position). Both are
///   ignored while another request is in flight.
/// - `loadMore()`: appends the next page by key (`DiaryCursor`); ignored while a request is in flight or
///   when there is no more; entries are deduplicated by id; each read takes one entry more than it
///   shows, so the last page is known as the last.
/// - `retry()`: after an error, loads the first page when nothing is shown, else the next page.
/// - With `startObservingChanges()`, a commit by anyone to the viewings or the films re-reads the pages
///   shown, keeping the position; `onNewEntries` hears the viewings logged since (not older ones that
///   move into the pages shown when one is removed).
/// - `log`, `edit` and `remove` write through the store; the list follows through the change signal.
@MainActor
@Observable
public final class DiaryViewModel {
    public private(set) var entries: [DiaryEntry] = []
    public private(set) var state: ListState = .idle
    /// False once a read found nothing after the entries shown.
    public private(set) var hasMoreData = true
    /// A re-read after a change is running; it never holds up a person's request.
    public private(set) var isReloading = false
    /// Entries per page.
    public let pageSize: Int
    /// Which viewings to show (a year, a month, a tag, one film); set it, then `loadData`.
    public var filter = DiaryQuery() {
        didSet {
            if changeObservation != nil && filter != oldValue { startObservingChanges() }
        }
    }
    /// Called on the main actor after a change made elsewhere brought entries not shown before.
    @ObservationIgnored public var onNewEntries: (@MainActor ([DiaryEntry]) -> Void)?

    @ObservationIgnored private let store: MovieStore
    @ObservationIgnored private var isRequestInFlight = false
    /// Counts the requests begun, so a re-read can tell that one began while it read.
    @ObservationIgnored private var requestGeneration = 0
    @ObservationIgnored private var needsReload = false
    @ObservationIgnored private var changeObservation: Task<Void, Never>?

    /// A diary over the dependencies' movie store.
    public init(dependencies: Dependencies, pageSize: Int = 20) {
        precondition(pageSize > 0, "a diary page holds at least one entry (pageSize was \(pageSize))")
        self.store = dependencies.movies
        self.pageSize = pageSize
    }

    isolated deinit {
        changeObservation?.cancel()
    }

    /// Where the next page starts: after the last entry shown.
    public var nextCursor: DiaryCursor? {
        guard hasMoreData, let last = entries.last else { return nil }
        return DiaryCursor(after: last.viewing)
    }

    // MARK: - Loading

    /// Reads the first page. Ignored while another request is in flight.
    public func loadData() async {
        await read(limit: pageSize)
    }

    /// Reads again as many entries as are shown (whole pages), keeping the position.
    public func refresh() async {
        await read(limit: shownWindow)
    }

    /// Appends the next page. Ignored while a request is in flight or when there is no more.
    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        guard begin(.loadingMore) else { return }
        defer { end() }
        do {
            let page = try await fetch(after: cursor, limit: pageSize)
            let shown = Set(entries.map(\.id))
            entries += page.entries.filter { !shown.contains($0.id) }
            hasMoreData = page.hasMore
            state = settledState
        } catch {
            state = .error(userFacingMessage(for: error))
        }
    }

    /// After an error: the first page when nothing is shown, the next when there is one, else the
    /// entries shown read again. Does nothing otherwise.
    public func retry() async {
        guard case .error = state else { return }
        if entries.isEmpty {
            await loadData()
        } else if nextCursor != nil {
            await loadMore()
        } else {
            await refresh()
        }
    }

    // MARK: - Following changes

    /// Re-reads the pages shown after every commit to what the diary reads, from anyone.
    public func startObservingChanges() {
        changeObservation?.cancel()
        let changes = store.diaryChanges(of: filter)
        changeObservation = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                await self.reloadShownPages()
            }
        }
    }

    public func stopObservingChanges() {
        changeObservation?.cancel()
        changeObservation = nil
    }

    // MARK: - Actions

    /// Logs a viewing of a film (see `MovieStore.log`).
    @discardableResult
    public func log(movieID: Int64, _ viewing: ValidViewingDraft) throws -> MovieStore.Logged {
        try store.log(movieID: movieID, viewing)
    }

    /// Changes a viewing (see `MovieStore.editViewing`).
    @discardableResult
    public func edit(id: Int64, _ changes: ViewingChanges) throws -> (before: Viewing, after: Viewing) {
        try store.editViewing(id: id, changes)
    }

    /// Removes viewings, all or nothing (see `MovieStore.removeViewings`).
    @discardableResult
    public func remove(ids: [Int64]) throws -> [Viewing] {
        try store.removeViewings(ids: ids)
    }

    // MARK: - Private

    private var settledState: ListState {
        if entries.isEmpty { return .empty }
        return hasMoreData ? .loaded : .noMoreData
    }

    private func begin(_ newState: ListState) -> Bool {
        guard !isRequestInFlight else { return false }
        isRequestInFlight = true
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

    /// Whole pages covering the entries shown.
    private var shownWindow: Int { max(1, (entries.count + pageSize - 1) / pageSize) * pageSize }

    private func read(limit: Int) async {
        guard begin(.loading) else { return }
        defer { end() }
        do {
            let page = try await fetch(after: nil, limit: limit)
            entries = page.entries
            hasMoreData = page.hasMore
            state = settledState
        } catch {
            state = .error(userFacingMessage(for: error))
        }
    }

    /// At most `limit` entries after `cursor`, and whether more follow: one more is read to know, so a
    /// page that ends the diary says so (not only a short one).
    private func fetch(after cursor: DiaryCursor?, limit: Int) async throws -> (
        entries: [DiaryEntry], hasMore: Bool
    ) {
        var query = filter
        query.after = cursor
        query.limit = limit + 1
        let read = try await store.diaryPage(query)
        return (Array(read.prefix(limit)), read.count > limit)
    }

    /// Re-reads as many entries as are shown (whole pages). While a request or another re-read runs, it
    /// is only noted, and done once they end.
    private func reloadShownPages() async {
        guard state != .idle else { return }
        guard !isRequestInFlight && !isReloading else {
            needsReload = true
            return
        }
        isReloading = true
        let generation = requestGeneration
        let window = shownWindow
        let result: Result<(entries: [DiaryEntry], hasMore: Bool), any Error>
        do {
            result = .success(try await fetch(after: nil, limit: window))
        } catch {
            result = .failure(error)
        }
        isReloading = false
        if generation == requestGeneration {
            switch result {
            case .success(let read):
                // Logged since (ids are never reused, so a higher id is a newer row), not an older
                // viewing that moved into the window when one shown was removed.
                let newest = entries.map(\.id).max() ?? 0
                let new = read.entries.filter { $0.id > newest }
                entries = read.entries
                hasMoreData = read.hasMore
                // A read that worked says the diary is readable again.
                state = settledState
                if !new.isEmpty { onNewEntries?(new) }
            case .failure(let error):
                state = .error(userFacingMessage(for: error))
            }
        }
        if needsReload && !isRequestInFlight {
            needsReload = false
            Task { await reloadShownPages() }
        }
    }
}
