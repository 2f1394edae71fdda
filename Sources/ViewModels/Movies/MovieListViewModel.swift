import MoviesCore
import Observation
import UserFacing

/// The movie list screen: the movies a filter and sort select, kept current by the store.
///
/// The list never needs to be told about a change: it observes the store, which reports every commit
/// to the `movies` table, whether made through another view model, another connection, or another
/// process. `onChanges` hears what changed between two versions, for a change feed.
@MainActor
@Observable
public final class MovieListViewModel {
    /// Where the list is in its life.
    public enum LoadState: Sendable, Hashable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    // MARK: - State

    /// The movies shown, in order.
    public private(set) var movies: [Movie] = []
    public private(set) var state: LoadState = .idle
    /// The last error, as a sentence a person can read; cleared by the next success.
    public private(set) var lastError: String?

    /// Only movies with these words (`not-seen`, `seen`, a rating); empty means all.
    public var ratingFilter: Set<RatingWord> = [] {
        didSet { queryDidChange() }
    }
    /// Only the seen movies, or only the watchlist; nil means both.
    public var watchStateFilter: WatchState? {
        didSet { queryDidChange() }
    }
    /// Only movies matching these words; empty means all.
    public var textFilter: String = "" {
        didSet { queryDidChange() }
    }
    /// Only films with a viewing tagged so; nil means all.
    public var tagFilter: String? {
        didSet { queryDidChange() }
    }
    public var sort: MovieSort = .added {
        didSet { queryDidChange() }
    }
    public var isReversed = false {
        didSet { queryDidChange() }
    }
    /// At most this many movies (a page); nil means all.
    public var limit: Int? {
        didSet { queryDidChange() }
    }
    /// Start after this point: the cursor of the last movie of the previous page (see `nextPage`).
    public var after: MovieCursor? {
        didSet { queryDidChange() }
    }

    /// Called on the main actor with what changed each time the store delivers a different list
    /// (not for the first list, nor after the filter or sort changed).
    @ObservationIgnored public var onChanges: (@MainActor ([MovieChange]) -> Void)?

    /// The query the filter and sort describe.
    public var query: MovieQuery {
        MovieQuery(
            ratings: ratingFilter, watchState: watchStateFilter, text: textFilter.isEmpty ? nil : textFilter,
            tag: tagFilter, sort: sort, reversed: isReversed, limit: limit, after: after)
    }

    /// The cursor that continues the list after `movie`, the last one of a page, in the current order.
    public func cursor(after movie: Movie) -> MovieCursor {
        MovieCursor(after: movie, sort: sort)
    }

    /// True when the list is loaded and nothing matches.
    public var isEmpty: Bool { state == .loaded && movies.isEmpty }

    @ObservationIgnored private let store: MovieStore
    @ObservationIgnored private var observation: Task<Void, Never>?
    /// Whether the next delivered list continues the current one (and so is diffed for `onChanges`).
    @ObservationIgnored private var continuesCurrentList = false
    /// The highest id in the database when the current list was read (nil before the first reading).
    @ObservationIgnored private var highestID: Int64?

    /// A list over `store`; call `load()` for one reading or `startObserving()` to stay current.
    public init(store: MovieStore) {
        self.store = store
    }

    isolated deinit {
        observation?.cancel()
    }

    // MARK: - Loading

    /// Reads the list once, now.
    public func load() throws {
        state = .loading
        do {
            let reading = try store.listWithHighestID(query)
            apply(reading.movies, isContinuation: false, highestID: reading.highestID)
        } catch {
            fail(error)
            throw error
        }
    }

    /// Reads the list's movies one at a time without keeping them (`movies` is left as it is): for
    /// output that streams a list of any length in the memory of one movie.
    public func forEachMovie(_ body: (Movie) throws -> Void) throws {
        try perform { try store.forEachMovie(query, body) }
    }

    /// Reads the list twice from one snapshot, one movie at a time, without keeping them: `first` sees
    /// every movie, then `second` the same ones again (a table measures its columns, then prints).
    public func forEachMovieTwice(first: (Movie) throws -> Void, second: (Movie) throws -> Void) throws {
        try perform { try store.forEachMovieTwice(query, first: first, second: second) }
    }

    /// Starts following the store: the current list first, then a new one after each change.
    public func startObserving() {
        observation?.cancel()
        if state == .idle {
            state = .loading
        }
        continuesCurrentList = state == .loaded
        let values = store.observeWithHighestID(query)
        observation = Task { [weak self] in
            do {
                for try await reading in values {
                    // A list read for a query that has since changed can arrive after the change
                    // cancelled this task (it was on its way), and even after the new query's list:
                    // shown, it would stay until the next change. Cancellation and this check both
                    // happen on the main actor, so nothing stale gets through.
                    guard let self, !Task.isCancelled else { return }
                    self.apply(
                        reading.movies, isContinuation: self.continuesCurrentList,
                        highestID: reading.highestID)
                    self.continuesCurrentList = true
                }
            } catch is CancellationError {
            } catch {
                self?.fail(error)
            }
        }
    }

    /// Stops following the store.
    public func stopObserving() {
        observation?.cancel()
        observation = nil
    }

    // MARK: - Actions

    /// Rates a movie with a word, or stars (the word follows from them); the list updates through the
    /// store's notification.
    @discardableResult
    public func rate(id: Int64, _ word: RatingWord?, stars: StarRating? = nil) throws
        -> (before: Movie, after: Movie)
    {
        try perform { try store.rate(id: id, word, stars: stars) }
    }

    /// Removes a movie; the list updates through the store's notification.
    @discardableResult
    public func remove(id: Int64) throws -> Movie {
        try perform { try store.remove(ids: [id]) }[0]
    }

    /// Removes several movies at once, all or nothing.
    @discardableResult
    public func remove(ids: [Int64]) throws -> [Movie] {
        try perform { try store.remove(ids: ids) }
    }

    // MARK: - Private

    private func perform<T>(_ action: () throws -> T) throws -> T {
        do {
            let result = try action()
            lastError = nil
            return result
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }

    private func apply(_ newMovies: [Movie], isContinuation: Bool, highestID newHighestID: Int64) {
        let old = movies
        let highestIDBefore = highestID
        movies = newMovies
        state = .loaded
        lastError = nil
        highestID = newHighestID
        if isContinuation, let onChanges {
            let changes = MovieChange.differences(
                from: old, to: newMovies, highestIDBefore: highestIDBefore ?? 0)
            if !changes.isEmpty {
                onChanges(changes)
            }
        }
    }

    private func fail(_ error: any Error) {
        let message = userFacingMessage(for: error)
        state = .failed(message)
        lastError = message
    }

    private func queryDidChange() {
        guard observation != nil else { return }
        // A new query is a new list, not a change to the old one.
        state = .loading
        startObserving()
    }
}
