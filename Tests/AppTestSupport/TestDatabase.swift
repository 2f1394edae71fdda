import App
import Basics
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

extension MovieStore {
    /// Adds `draft` after the store's validation, as every front does before it calls the store: the
    /// tests' shorthand for `add(MovieValidation.validated(draft))`.
    @discardableResult
    public func add(_ draft: MovieDraft, today: CalendarDate = .today()) throws -> Movie {
        try add(MovieValidation.validated(draft, today: today), today: today)
    }

    /// Logs a viewing of the film `id` on `day` (undated when nil), validated as the command line does.
    @discardableResult
    public func log(
        _ id: Int64, on day: CalendarDate?, _ draft: ViewingDraft = ViewingDraft(),
        today: CalendarDate = .today()
    ) throws -> Logged {
        var draft = draft
        draft.watchedOn = day
        return try log(movieID: id, ViewingValidation.validated(draft, today: today), today: today)
    }
}
