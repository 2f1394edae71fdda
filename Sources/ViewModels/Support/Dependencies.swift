import Foundation
import MoviesCore

/// Everything a screen's view model may need, built once and handed to whoever builds view models.
///
/// View models never reach for globals or build each other; a coordinator builds each one from this
/// value, so a test can run any screen against a temporary database and a fixed clock.
public struct Dependencies: Sendable {
    /// The movie list.
    public var movies: MovieStore
    /// The current time; tests fix it.
    public var now: @Sendable () -> Date

    /// Dependencies over `database`, with the system clock unless told otherwise.
    public init(database: AppDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.movies = database.movies
        self.now = now
    }
}
