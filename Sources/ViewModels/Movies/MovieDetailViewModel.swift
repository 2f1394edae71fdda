import Basics
import MoviesCore
import Observation
import UserFacing

/// One movie's details with its viewings, and the edits that can be made to it.
@MainActor
@Observable
public final class MovieDetailViewModel {
    /// The movie's id.
    public let id: Int64
    /// The movie, once loaded; nil when there is no such movie.
    public private(set) var movie: Movie?
    /// Its viewings, newest first (the undated last).
    public private(set) var viewings: [Viewing] = []
    /// The last error, as a sentence.
    public private(set) var lastError: String?

    @ObservationIgnored private let store: MovieStore

    /// A detail screen for the movie `id`; call `load()`.
    public init(id: Int64, store: MovieStore) {
        self.id = id
        self.store = store
    }

    /// Reads the movie and its viewings; throws `MovieError.notFound` when there is none.
    public func load() throws {
        do {
            guard let movie = try store.movie(id: id) else { throw MovieError.notFound(id: id) }
            self.movie = movie
            viewings = try store.viewings(ofMovie: id)
            lastError = nil
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }

    /// Applies `changes` and keeps the stored result; returns the movie before and after (the same
    /// when nothing changed).
    @discardableResult
    public func edit(_ changes: MovieChanges) throws -> (before: Movie, after: Movie) {
        try perform { try store.edit(id: id, changes) }
    }

    /// Logs a viewing (see `MovieStore.log`): dated, rated, reviewed and tagged as `draft` says.
    @discardableResult
    public func log(_ draft: ValidViewingDraft) throws -> MovieStore.Logged {
        do {
            let logged = try store.log(movieID: id, draft)
            movie = logged.after
            viewings = try store.viewings(ofMovie: id)
            lastError = nil
            return logged
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }

    /// Puts the movie back on the watchlist (its rating and viewings go; refused when a viewing holds a
    /// review or tags).
    @discardableResult
    public func unwatch() throws -> (before: Movie, after: Movie) {
        try perform { try store.unwatch(id: id) }
    }

    private func perform(_ action: () throws -> (before: Movie, after: Movie)) throws
        -> (before: Movie, after: Movie)
    {
        do {
            let change = try action()
            movie = change.after
            viewings = try store.viewings(ofMovie: id)
            lastError = nil
            return change
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }
}
