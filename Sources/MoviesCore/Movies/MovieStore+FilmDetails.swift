import Basics
import Storage

/// What a film catalog says of a film: what linking a diary's film to it stores.
public struct FilmDetails: Sendable, Hashable {
    /// `tt0113277`.
    public var imdbID: String
    public var year: Int?
    public var runtimeMinutes: Int?
    public var genres: [String]
    public var directors: [String]

    public init(imdbID: String, year: Int?, runtimeMinutes: Int?, genres: [String], directors: [String]) {
        self.imdbID = imdbID
        self.year = year
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.directors = directors
    }

    /// `draft` with these details: the IMDb id, runtime, genres and directors the catalog has, and its
    /// year where the draft has none (a year the user gave is kept).
    public func applied(to draft: MovieDraft) -> MovieDraft {
        var draft = draft
        draft.imdbID = imdbID
        draft.year = draft.year ?? year
        draft.runtimeMinutes = runtimeMinutes ?? draft.runtimeMinutes
        if !genres.isEmpty { draft.genres = genres }
        if !directors.isEmpty { draft.directors = directors }
        return draft
    }
}

extension MovieStore {
    /// Links film `id` to a catalog's film: stores `details` on it (see `FilmDetails.applied(to:)`) in one
    /// transaction. Refused with `MovieError.duplicate` when another film of the list has that IMDb id,
    /// and with the validation's error when the catalog's values break the diary's rules.
    @discardableResult
    public func setDetails(id: Int64, _ details: FilmDetails) throws -> Movie {
        try database.write { connection in
            guard let movie = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            let draft = try MovieValidation.validated(
                details.applied(to: MovieDraft(movie)), checkingWatchedDate: false
            ).draft
            guard draft != MovieDraft(movie) else { return movie }
            if let other = try connection.cachedStatement(
                "SELECT \(MovieRow.columns.sql) FROM movies WHERE imdb_id = ? AND id <> ?"
            ).fetchOne([details.imdbID, id], MovieRow.decode) {
                throw MovieError.duplicate(existing: other)
            }
            return try Self.updateFilm(id: id, to: draft, in: connection)
        }
    }
}
