import Basics
import FoundationEssentials
import Storage

/// The movie list: add, read, list, rate, edit and remove movies, and observe a list as it changes.
///
/// Every write is one transaction; every refusal (a `MovieError`) happens before anything is written,
/// so a refused request leaves the file unchanged.
public final class MovieStore: Sendable {
    /// The database the movies live in.
    package let database: Database

    /// A store over `database`, which must already be migrated (see `AppDatabase`).
    package init(database: Database) {
        self.database = database
    }

    // MARK: - Reading

    /// The movie with `id`, or nil.
    public func movie(id: Int64) throws -> Movie? {
        try database.read { try Self.movie(id: id, in: $0) }
    }

    /// The movies with these ids, in the order given (each once); throws `notFound` for the first id
    /// that has none. What `rm --dry-run` shows, and what `rm` asks about.
    public func movies(ids: [Int64]) throws -> [Movie] {
        try database.read { connection in
            var found: [Movie] = []
            for id in ids where !found.contains(where: { $0.id == id }) {
                guard let movie = try Self.movie(id: id, in: connection) else {
                    throw MovieError.notFound(id: id)
                }
                found.append(movie)
            }
            return found
        }
    }

    /// The movies matching `text` in their title or note, best match first (FTS5's bm25 rank), among
    /// those whose word is one of `ratings` (all when empty). Throws `FullTextQuery.Problem` for text
    /// with no words.
    public func search(_ text: String, ratings: Set<RatingWord> = [], limit: Int? = nil) throws -> [Movie] {
        let expression = try FullTextQuery.expression(for: text)
        return try database.read { connection in
            var sql = """
                SELECT \(MovieRow.columns.qualified)
                FROM movies_fts JOIN movies ON movies.id = movies_fts.rowid
                WHERE movies_fts MATCH ?
                """
            var arguments: [any SQLBindable] = [expression]
            if !ratings.isEmpty {
                let words = ParameterList.inList(RatingWord.allCases.filter(ratings.contains).map(\.rawValue))
                sql += " AND movies.rating IN \(words.sql)"
                arguments += words.arguments
            }
            sql += " ORDER BY rank, movies.id LIMIT ?"
            arguments.append(limit ?? -1)
            return try connection.cachedStatement(sql).fetchAll(arguments, MovieRow.decode)
        }
    }

    /// The one film a person means by `title` (and `year`, when given): matched as `add` matches titles
    /// (`TitleKeys.identity`: case, width and runs of spaces aside; accents and articles count). Throws `noFilmTitled` when none
    /// is, `ambiguousTitle` (naming each, with its id) when several are.
    public func film(titled title: String, year: Int?) throws -> Movie {
        let key = TitleKeys.identity(TitleKeys.stored(title))
        let films = try database.read { connection in
            try connection.cachedStatement(
                """
                SELECT \(MovieRow.columns.sql) FROM movies
                WHERE title_key = ? AND (? IS NULL OR coalesce(year, 0) = ?) ORDER BY id
                """
            ).fetchAll([key, year, year], MovieRow.decode)
        }
        guard let first = films.first else { throw MovieError.noFilmTitled(title, year: year) }
        guard films.count == 1 else { throw MovieError.ambiguousTitle(title, films: films) }
        return first
    }

    /// How many movies are on the list.
    public func count() throws -> Int {
        try database.read { try $0.scalarInt("SELECT count(*) FROM movies") ?? 0 }
    }

    // MARK: - Writing

    /// Adds a movie and returns it as stored. Refuses a film already listed (see `sameMovie`); the draft
    /// was validated by whoever made it (`MovieValidation.validated`). A seen film gets its first viewing,
    /// on the draft's watched day (or undated), with the rating given: a rating is dated by that day (or
    /// `today`), so it goes on that viewing.
    @discardableResult
    public func add(_ valid: ValidMovieDraft, today: CalendarDate = .today()) throws -> Movie {
        var draft = valid.draft
        if draft.rating != .notSeen && draft.ratedOn == nil { draft.ratedOn = draft.watchedOn ?? today }
        return try database.write { connection in
            if let existing = try Self.sameMovie(as: draft, excluding: nil, in: connection) {
                throw MovieError.duplicate(existing: existing)
            }
            // The trigger movies_viewings_after_insert logs the viewings a seen film stands for.
            let movie = try Self.insertFilm(draft, in: connection)
            guard let stored = try Self.movie(id: movie.id, in: connection) else {
                throw MovieError.notFound(id: movie.id)
            }
            return stored
        }
    }

    /// Changes a movie's word, or its stars (the word follows from them); returns the movie before and
    /// after. Nothing is written when nothing changes. A new rating is dated `today`; `not-seen` puts the
    /// movie back on the watchlist (see `unwatch`).
    @discardableResult
    public func rate(id: Int64, _ word: RatingWord?, stars: StarRating? = nil, today: CalendarDate = .today())
        throws -> (before: Movie, after: Movie)
    {
        try edit(id: id, MovieChanges(rating: word, stars: stars), today: today)
    }

    /// Applies `changes` to a movie; returns it before and after (the same when nothing changed, and
    /// then nothing is written). Refuses invalid values and a film that another movie already is.
    ///
    /// The film's viewings follow: back on the watchlist, its viewings go (refused when one holds a
    /// review, tags or an entry address: `MovieError.viewingsWouldBeLost`); off it, it gets one undated
    /// viewing with the rating given; a new watched day dates its one viewing, or logs one when it has
    /// none (refused for a film with several: `MovieError.severalViewings`, since which one is meant is
    /// not said).
    @discardableResult
    public func edit(id: Int64, _ changes: MovieChanges, today: CalendarDate = .today()) throws
        -> (before: Movie, after: Movie)
    {
        try database.write { connection in
            guard let movie = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            let draft = try MovieValidation.validated(
                changes.applied(to: movie, today: today), today: today,
                checkingWatchedDate: changes.watchedOn != nil
            ).draft
            guard draft != MovieDraft(movie) else { return (movie, movie) }
            if let existing = try Self.sameMovie(as: draft, excluding: id, in: connection) {
                throw MovieError.duplicate(existing: existing)
            }
            let viewings = try Self.viewings(ofMovie: id, in: connection)
            if draft.watchState == .watchlist {
                let kept = viewings.filter { !$0.holdsOnlyTheFact }.map(\.id)
                if !kept.isEmpty { throw MovieError.viewingsWouldBeLost(movie, viewingIDs: kept.sorted()) }
                try connection.cachedStatement("DELETE FROM viewings WHERE movie_id = ?").execute(arguments: [
                    id
                ])
                return (movie, try Self.updateFilm(id: id, to: draft, in: connection))
            }
            if changes.watchedOn != nil, viewings.count > 1 {
                throw MovieError.severalViewings(movie, count: viewings.count)
            }
            _ = try Self.updateFilm(id: id, to: draft, in: connection)
            if let only = viewings.first, viewings.count == 1, let watchedOn = changes.watchedOn {
                var dated = ViewingDraft(only)
                dated.watchedOn = watchedOn.newValue
                _ = try Self.updateViewing(
                    id: only.id, to: ViewingValidation.validated(dated, checkingDate: false), in: connection)
            } else if viewings.isEmpty && (!movie.isSeen || changes.watchedOn?.newValue != nil) {
                try Self.logFirstViewings(of: draft, movieID: id, ratedAtFirst: true, in: connection)
            }
            guard let after = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            return (movie, after)
        }
    }

    /// Removes movies; all or nothing: if one id is unknown, nothing is removed. Returns the removed movies.
    @discardableResult
    public func remove(ids: [Int64]) throws -> [Movie] {
        try database.write { connection in
            var removed: [Movie] = []
            for id in ids where !removed.contains(where: { $0.id == id }) {
                guard let movie = try Self.movie(id: id, in: connection) else {
                    throw MovieError.notFound(id: id)
                }
                try connection.execute("DELETE FROM movies WHERE id = ?", arguments: [id])
                removed.append(movie)
            }
            return removed
        }
    }
}
