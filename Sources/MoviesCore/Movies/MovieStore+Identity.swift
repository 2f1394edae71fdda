import Basics
import Storage

/// How an import finds what is already listed: a film by its ids (a Letterboxd film address, an IMDb
/// id) or its title and year, and a viewing by its diary entry's address; and the viewing writes a
/// merge makes. The unique indexes of 0009 make each lookup one seek.
extension MovieStore {
    /// The film with this Letterboxd film address (movies_by_letterboxd_uri).
    package static func movie(letterboxdURI: String, in connection: Connection) throws -> Movie? {
        try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies WHERE letterboxd_uri = ?")
            .fetchOne([letterboxdURI], MovieRow.decode)
    }

    /// The film with this IMDb id (movies_by_imdb_id).
    package static func movie(imdbID: String, in connection: Connection) throws -> Movie? {
        try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies WHERE imdb_id = ?")
            .fetchOne([imdbID], MovieRow.decode)
    }

    /// Every film of this identity key and year, with ids or without, oldest first (movies_by_title_key).
    package static func movies(key: String, year: Int?, in connection: Connection) throws -> [Movie] {
        try connection.cachedStatement(
            """
            SELECT \(MovieRow.columns.sql) FROM movies
            WHERE title_key = ? AND coalesce(year, 0) = coalesce(?, 0) ORDER BY id
            """
        ).fetchAll([key, year], MovieRow.decode)
    }

    /// The film `id`, in a transaction.
    package static func film(id: Int64, in connection: Connection) throws -> Movie? {
        try movie(id: id, in: connection)
    }

    /// The viewing with this diary entry address (viewings_by_letterboxd_uri).
    package static func viewing(letterboxdURI: String, in connection: Connection) throws -> Viewing? {
        try connection.cachedStatement(
            "SELECT \(ViewingRow.columns.sql) FROM viewings WHERE letterboxd_uri = ?"
        )
        .fetchOne([letterboxdURI], ViewingRow.decode)
    }

    /// The film's viewings, newest first, in a transaction.
    package static func viewingsOfFilm(_ id: Int64, in connection: Connection) throws -> [Viewing] {
        try viewings(ofMovie: id, in: connection)
    }

    /// Writes `valid` over the viewing `id`, in a transaction.
    package static func replaceViewing(id: Int64, with valid: ValidViewingDraft, in connection: Connection)
        throws -> Viewing
    {
        try updateViewing(id: id, to: valid, in: connection)
    }
}
