import Basics
import MoviesCore
import Observation
import UserFacing

/// One movie's details, and the edits that can be made to it.
@MainActor
@Observable
public final class MovieDetailViewModel {
    /// The movie's id.
    public let id: Int64
    /// The movie, once loaded; nil when there is no such movie.
    public private(set) var movie: Movie?
    /// The last error, as a sentence.
    public private(set) var lastError: String?

    @ObservationIgnored private let store: MovieStore

    /// A detail screen for the movie `id`; call `load()`.
    public init(id: Int64, store: MovieStore) {
        self.id = id
        self.store = store
    }

    /// Reads the movie; throws `MovieError.notFound` when there is none.
    public func load() throws {
        do {
            guard let movie = try store.movie(id: id) else { throw MovieError.notFound(id: id) }
            self.movie = movie
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

    /// Logs a viewing on `date` (or undated): seen, counted once more, the latest date kept.
    @discardableResult
    public func markWatched(on date: CalendarDate?) throws -> (before: Movie, after: Movie) {
        try perform { try store.markWatched(id: id, on: date) }
    }

    /// Puts the movie back on the watchlist (its rating, watched date and count go).
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
            lastError = nil
            return change
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }
}
