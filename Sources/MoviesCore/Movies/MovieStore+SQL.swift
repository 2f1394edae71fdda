import Basics
import FoundationEssentials
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
        // An address or an IMDb id is one film, whatever its title says.
        for (column, value) in [
            (MovieRow.Column.letterboxdURI, draft.letterboxdURI), (.imdbID, draft.imdbID),
        ] {
            guard let value else { continue }
            if let film = try connection.cachedStatement(
                "SELECT \(MovieRow.columns.sql) FROM movies WHERE \(column.name) = ? AND id IS NOT ?"
            ).fetchOne([value, id], MovieRow.decode) {
                return film
            }
        }
        // A film with an id of its own is told apart by it from the others of its title and year (two
        // Cinderellas of 1922); one without is the film of its title and year, with or without ids.
        if draft.letterboxdURI != nil || draft.imdbID != nil { return nil }
        return try sameMovie(
            key: TitleKeys.identity(draft.title), year: draft.year, excluding: id, in: connection)
    }

    /// A movie whose identity key is `key` and whose year is `year`, other than `excluding`, with or
    /// without ids: a seek in the index movies_by_title_key (title_key, coalesce(year, 0)).
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

    /// Inserts a film and returns it as stored; the trigger movies_viewings_after_insert logs the viewings
    /// its watched day and count stand for (see 0009_viewings_film_ids_and_lists.sql).
    static func insertFilm(_ film: MovieDraft, in connection: Connection) throws -> Movie {
        let statement = try connection.cachedStatement(
            MovieRow.insertColumns.insertSQL + " RETURNING \(MovieRow.columns.sql)")
        try MovieRow.bind(
            MovieRecord(draft: film), id: nil, to: RowBinder(statement), now: Timestamp.string(from: Date()))
        // SQLite makes every change of the statement during its first step
        // (https://www.sqlite.org/lang_returning.html), so the rest need not be stepped.
        defer { statement.reset() }
        guard try statement.step() else { throw MovieError.notFound(id: connection.lastInsertedRowID) }
        return MovieRow.decode(statement)
    }

    /// The viewings a film's draft stands for, logged for the film `movieID` that has none: a seen film
    /// was seen once at least, on the draft's watched day or an undated one, and a count above one adds
    /// undated rewatches. `ratedAtFirst` puts the draft's rating on that first viewing (`add`: the rating
    /// is given with the viewing); else it goes there only when it was given that day.
    package static func logFirstViewings(
        of draft: MovieDraft, movieID: Int64, ratedAtFirst: Bool, in connection: Connection
    ) throws {
        guard draft.watchState == .seen else { return }
        var first = ViewingDraft(watchedOn: draft.watchedOn)
        let ratedThen =
            ratedAtFirst || draft.ratedOn == nil || draft.watchedOn == nil || draft.ratedOn == draft.watchedOn
        if draft.rating != .notSeen && ratedThen {
            first.rating = draft.rating
            first.stars = draft.stars
        }
        _ = try insertViewing(
            ViewingValidation.validated(first, checkingDate: false), movieID: movieID, in: connection)
        let rewatch = try ViewingValidation.validated(ViewingDraft(isRewatch: true), checkingDate: false)
        for _ in 1..<max(1, draft.watchCount ?? 1) {
            _ = try insertViewing(rewatch, movieID: movieID, in: connection)
        }
    }

    /// Writes the film's own fields of `draft` (validated) to the movie `id`, with its title keys, and
    /// stamps `updated_at`; its day and count are the viewings' and are not written.
    package static func updateFilm(id: Int64, to draft: MovieDraft, in connection: Connection) throws -> Movie
    {
        let key = TitleKeys.identity(draft.title)
        let sortKey = TitleKeys.sort(identity: key)
        try connection.cachedStatement(
            """
            UPDATE movies
            SET title = ?, year = ?, rating = ?, note = ?, stars = ?, imdb_id = ?, letterboxd_uri = ?,
                rated_on = ?, runtime_minutes = ?, genres = ?, directors = ?, title_key = ?, title_sort = ?,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?
            """
        ).execute(arguments: [
            draft.title, draft.year, draft.ratingWord.rawValue, draft.note, draft.stars?.stars, draft.imdbID,
            draft.letterboxdURI, draft.ratedOn?.description, draft.runtimeMinutes,
            MovieRow.storedNames(draft.genres), MovieRow.storedNames(draft.directors), key, sortKey, id,
        ])
        // A title changed in case or form only keeps its keys, and the trigger that keys titles written
        // by hand then computes them again, which SQL can only do for ASCII: the keys are written again.
        try connection.cachedStatement(
            "UPDATE movies SET title_key = ?, title_sort = ? WHERE id = ? AND title_key IS NULL"
        ).execute(arguments: [key, sortKey, id])
        guard let updated = try movie(id: id, in: connection) else { throw MovieError.notFound(id: id) }
        return updated
    }

    /// Writes `draft` to the movie `id` as an import's merge does: the film's fields, and viewings
    /// logged until the film's viewings say what the draft says — its watched day (dating its one undated
    /// viewing, or a new viewing when the day is later than any) and its count (undated rewatches).
    /// Nothing is removed: a merge only adds what the file knows.
    package static func update(id: Int64, to draft: MovieDraft, in connection: Connection) throws -> Movie {
        let movie = try updateFilm(id: id, to: draft, in: connection)
        guard draft.watchState == .seen else { return movie }
        var viewings = try viewings(ofMovie: id, in: connection)
        if viewings.isEmpty {
            try logFirstViewings(of: draft, movieID: id, ratedAtFirst: false, in: connection)
        } else {
            if let day = draft.watchedOn, !viewings.contains(where: { $0.watchedOn == day }),
                viewings.compactMap(\.watchedOn).allSatisfy({ $0 < day })
            {
                if viewings.count == 1, let only = viewings.first, only.watchedOn == nil {
                    var dated = ViewingDraft(only)
                    dated.watchedOn = day
                    _ = try updateViewing(
                        id: only.id, to: ViewingValidation.validated(dated, checkingDate: false),
                        in: connection)
                } else {
                    _ = try insertViewing(
                        ViewingValidation.validated(
                            ViewingDraft(watchedOn: day, isRewatch: true), checkingDate: false),
                        movieID: id, in: connection)
                }
                viewings = try self.viewings(ofMovie: id, in: connection)
            }
            let rewatch = try ViewingValidation.validated(ViewingDraft(isRewatch: true), checkingDate: false)
            for _ in viewings.count..<max(viewings.count, draft.watchCount ?? 0) {
                _ = try insertViewing(rewatch, movieID: id, in: connection)
            }
        }
        guard let updated = try self.movie(id: id, in: connection) else { throw MovieError.notFound(id: id) }
        return updated
    }
}
