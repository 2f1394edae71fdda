import Basics
import Storage

extension MovieStore {
    static func movie(id: Int64, in connection: Connection) throws -> Movie? {
        try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies WHERE id = ?")
            .fetchOne([id], MovieRow.decode)
    }

    /// The movie with the same title (by `TitleKeys.identity`) and year as `draft`, other than
    /// `excluding`.
    package static func sameMovie(as draft: MovieDraft, excluding id: Int64?, in connection: Connection)
        throws -> Movie?
    {
        try sameMovie(key: TitleKeys.identity(draft.title), year: draft.year, excluding: id, in: connection)
    }

    /// The movie whose identity key is `key` and whose year is `year`, other than `excluding`: a seek in
    /// the unique index movies_unique_title_key (title_key, coalesce(year, 0)).
    package static func sameMovie(key: String, year: Int?, excluding id: Int64?, in connection: Connection)
        throws -> Movie?
    {
        try connection.cachedStatement(
            """
            SELECT \(MovieRow.columns.sql) FROM movies
            WHERE title_key = ? AND coalesce(year, 0) = coalesce(?, 0) AND id IS NOT ?
            """
        ).fetchOne([key, year, id], MovieRow.decode)
    }

    /// Writes every field of `draft` (validated) to the movie `id`, with its title keys, and stamps
    /// `updated_at`.
    package static func update(id: Int64, to draft: MovieDraft, in connection: Connection) throws -> Movie {
        let key = TitleKeys.identity(draft.title)
        let sortKey = TitleKeys.sort(identity: key)
        try connection.cachedStatement(
            """
            UPDATE movies
            SET title = ?, year = ?, rating = ?, watched_on = ?, note = ?, stars = ?, imdb_id = ?,
                letterboxd_uri = ?, watch_count = ?, rated_on = ?, title_key = ?, title_sort = ?,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?
            """
        ).execute(arguments: [
            draft.title, draft.year, draft.ratingWord.rawValue, draft.watchedOn?.description, draft.note,
            draft.stars?.stars, draft.imdbID, draft.letterboxdURI, draft.watchCount,
            draft.ratedOn?.description,
            key, sortKey, id,
        ])
        // A title changed in case or form only keeps its keys, and the trigger that keys titles written
        // by hand then computes them again, which SQL can only do for ASCII: the keys are written again.
        try connection.cachedStatement(
            "UPDATE movies SET title_key = ?, title_sort = ? WHERE id = ? AND title_key IS NULL"
        ).execute(arguments: [key, sortKey, id])
        guard let updated = try movie(id: id, in: connection) else { throw MovieError.notFound(id: id) }
        return updated
    }
}
