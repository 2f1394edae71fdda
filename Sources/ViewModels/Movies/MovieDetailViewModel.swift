import MoviesCore
import Observation

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
            lastError = ErrorText.message(for: error)
            throw error
        }
    }

    /// Applies `changes` and keeps the stored result.
    @discardableResult
    public func edit(_ changes: MovieChanges) throws -> Movie {
        do {
            let movie = try store.edit(id: id, changes)
            self.movie = movie
            lastError = nil
            return movie
        } catch {
            lastError = ErrorText.message(for: error)
            throw error
        }
    }
}
