import App
import MoviesCore
import TestSupport

/// A migrated database in a temporary folder, as every store, import and view-model test starts with.
public struct TestDatabase: Sendable {
    /// The temporary folder; removed when the last copy of this value goes.
    public let folder = TemporaryDirectory()
    /// The database, opened and migrated.
    public let app: AppDatabase
    /// The database file.
    public var path: String { folder.file("movies.sqlite") }
    /// The movie list.
    public var store: MovieStore { app.movies }

    /// Creates and migrates `movies.sqlite` in a new temporary folder.
    public init() throws {
        app = try AppDatabase(path: folder.file("movies.sqlite"))
    }
}
