import MoviesCore
import Storage

/// The films and viewings the list held before an import, as film placement asks for them: by title
/// key and year, by id, by a viewing's entry address.
///
/// A list that held no film when the import began holds none while films are placed (new films are
/// added after), so then every answer is known without a statement: a first import of an export asked
/// 600,000 questions of an empty table: skipping them took an import of 200,000 films from 12.0 s to
/// 11.6 s (one timed run each, 2026-12-04).
struct ListedFilms {
    let connection: Connection
    /// Whether `movies` had no row when the import began.
    let wereEmpty: Bool

    init(connection: Connection) throws {
        self.connection = connection
        wereEmpty = try connection.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM movies)") == 1
    }

    /// Every film of this identity key and year, oldest first.
    func films(key: String, year: Int?) throws -> [Movie] {
        wereEmpty ? [] : try MovieStore.movies(key: key, year: year, in: connection)
    }

    func film(letterboxdURI: String) throws -> Movie? {
        wereEmpty ? nil : try MovieStore.movie(letterboxdURI: letterboxdURI, in: connection)
    }

    func film(imdbID: String) throws -> Movie? {
        wereEmpty ? nil : try MovieStore.movie(imdbID: imdbID, in: connection)
    }

    func film(id: Int64) throws -> Movie? {
        wereEmpty ? nil : try MovieStore.film(id: id, in: connection)
    }

    /// The viewing with this Letterboxd entry address.
    func viewing(letterboxdURI: String) throws -> Viewing? {
        wereEmpty ? nil : try MovieStore.viewing(letterboxdURI: letterboxdURI, in: connection)
    }
}
