import Basics
import FoundationEssentials
import Storage

extension MovieStore {
    /// What `log` did: the viewing as stored, the film before and after, and whether the viewing was
    /// the film's one undated viewing, now dated, rather than a new one.
    public struct Logged: Sendable, Hashable {
        public var viewing: Viewing
        public var before: Movie
        public var after: Movie
        public var datedTheUndatedViewing: Bool
    }

    // MARK: - Reading

    /// The film's viewings, newest first (undated ones last, by the order they were logged).
    public func viewings(ofMovie id: Int64) throws -> [Viewing] {
        try database.read { try Self.viewings(ofMovie: id, in: $0) }
    }

    /// The viewing with `id`, or nil.
    public func viewing(id: Int64) throws -> Viewing? {
        try database.read { try Self.viewing(id: id, in: $0) }
    }

    // MARK: - Writing

    /// Logs a viewing of the film `movieID`: the film is seen, and its latest day and count follow.
    ///
    /// A film with one viewing whose day is not known (`add Dune -r good`, or a film seen before the
    /// diary) gets that viewing dated instead of a second one, unless the new one is a rewatch: the
    /// person is telling the day of the viewing the list already has. A rating given at the viewing
    /// becomes the film's current one unless the film was rated later (`rate`, or a later viewing).
    @discardableResult
    public func log(movieID: Int64, _ valid: ValidViewingDraft, today: CalendarDate = .today()) throws
        -> Logged
    {
        try database.write { connection in
            guard let movie = try Self.movie(id: movieID, in: connection) else {
                throw MovieError.notFound(id: movieID)
            }
            let draft = valid.draft
            let existing = try Self.viewings(ofMovie: movieID, in: connection)
            let viewing: Viewing
            let dated: Bool
            // Dated only when nothing the two say would be lost: two different reviews, or two entry
            // addresses, are two viewings.
            func conflicts<T: Equatable>(_ kept: T?, _ new: T?) -> Bool {
                if let kept, let new { return kept != new }
                return false
            }
            if existing.count == 1, let only = existing.first, only.watchedOn == nil, draft.watchedOn != nil,
                !draft.isRewatch, !conflicts(only.review, draft.review),
                !conflicts(only.letterboxdURI, draft.letterboxdURI)
            {
                var merged = ViewingDraft(only)
                merged.watchedOn = draft.watchedOn
                if draft.rating != .notSeen {
                    merged.rating = draft.rating
                    merged.stars = draft.stars
                }
                merged.review = draft.review ?? only.review
                merged.tags = only.tags.adding(draft.tags)
                merged.letterboxdURI = only.letterboxdURI ?? draft.letterboxdURI
                viewing = try Self.updateViewing(
                    id: only.id, to: ViewingValidation.validated(merged, checkingDate: false), in: connection)
                dated = true
                // The film's rating was given at that viewing (`add -r good`): it is dated with it, so a
                // later viewing's rating is newer than it.
                if only.rating != .notSeen, movie.rating == only.rating, movie.stars == only.stars,
                    let day = draft.watchedOn
                {
                    var film = MovieDraft(movie)
                    film.ratedOn = day
                    _ = try Self.updateFilm(id: movieID, to: film, in: connection)
                }
            } else {
                viewing = try Self.insertViewing(valid, movieID: movieID, in: connection)
                dated = false
            }
            try Self.takeRating(of: viewing, into: movieID, today: today, in: connection)
            guard let after = try Self.movie(id: movieID, in: connection) else {
                throw MovieError.notFound(id: movieID)
            }
            return Logged(viewing: viewing, before: movie, after: after, datedTheUndatedViewing: dated)
        }
    }

    /// Applies `changes` to the viewing `id`; returns it before and after (the same when nothing changed,
    /// and then nothing is written). A rating given becomes the film's current one as `log`'s does.
    @discardableResult
    public func editViewing(id: Int64, _ changes: ViewingChanges, today: CalendarDate = .today()) throws
        -> (before: Viewing, after: Viewing)
    {
        try database.write { connection in
            guard let viewing = try Self.viewing(id: id, in: connection) else {
                throw MovieError.viewingNotFound(id: id)
            }
            let valid = try ViewingValidation.validated(
                changes.applied(to: viewing), today: today, checkingDate: changes.watchedOn != nil)
            guard valid.draft != ViewingDraft(viewing) else { return (viewing, viewing) }
            let after = try Self.updateViewing(id: id, to: valid, in: connection)
            if changes.rating != nil || changes.stars != nil {
                try Self.withdrawRating(of: viewing, changedTo: after, in: connection)
                try Self.takeRating(of: after, into: after.movieID, today: today, in: connection)
            }
            return (viewing, after)
        }
    }

    /// Removes viewings; all or nothing: if one id is unknown, nothing is removed. The films stay seen
    /// (a film watched and never logged is seen too), with their day and count from what is left.
    @discardableResult
    public func removeViewings(ids: [Int64]) throws -> [Viewing] {
        try database.write { connection in
            var removed: [Viewing] = []
            for id in ids where !removed.contains(where: { $0.id == id }) {
                guard let viewing = try Self.viewing(id: id, in: connection) else {
                    throw MovieError.viewingNotFound(id: id)
                }
                try connection.cachedStatement("DELETE FROM viewings WHERE id = ?").execute(arguments: [id])
                removed.append(viewing)
            }
            return removed
        }
    }

    /// Puts a movie back on the watchlist: its rating, stars and viewings go (the note, links and title
    /// stay). Refused, with nothing changed, when a viewing holds a review, tags or an entry address:
    /// those are removed one by one (`diary rm`), never as a side effect. Nothing is written for a movie
    /// already there.
    @discardableResult
    public func unwatch(id: Int64) throws -> (before: Movie, after: Movie) {
        try edit(id: id, MovieChanges(rating: .notSeen))
    }

    /// Other movies a person may mean by `movie`'s title: those filed under the same sort key (the
    /// same letters whatever the case, accents and leading article) whose year does not tell them apart
    /// (either has none, or it is the same). `Heat` added without a year finds `Heat (1995)`; `Amelie`
    /// finds `Amélie`; `Dune (2021)` does not find `Dune (1984)`.
    public func similar(to movie: Movie) throws -> [Movie] {
        let key = TitleKeys.sort(movie.title)
        let primary =
            key.firstIndex(of: Character(TitleKeys.articleSeparator)).map { String(key[..<$0]) } ?? key
        return try database.read { connection in
            // Sort keys starting with the primary letters, then nothing or the tab before an article:
            // a range of the title index (a tab is char(9); char(10) is the first character after it).
            try connection.cachedStatement(
                """
                SELECT \(MovieRow.columns.sql) FROM movies
                WHERE title_sort >= ? AND title_sort < ? || char(10) AND id <> ?
                  AND (year IS NULL OR ? IS NULL OR year = ?)
                ORDER BY id
                """
            ).fetchAll([primary, primary, movie.id, movie.year, movie.year], MovieRow.decode)
        }
    }

    // MARK: - In a transaction

    static func viewings(ofMovie id: Int64, in connection: Connection) throws -> [Viewing] {
        try connection.cachedStatement(
            """
            SELECT \(ViewingRow.columns.sql) FROM viewings WHERE movie_id = ?
            ORDER BY watched_on IS NULL, watched_on DESC, id DESC
            """
        ).fetchAll([id], ViewingRow.decode)
    }

    static func viewing(id: Int64, in connection: Connection) throws -> Viewing? {
        try connection.cachedStatement("SELECT \(ViewingRow.columns.sql) FROM viewings WHERE id = ?")
            .fetchOne([id], ViewingRow.decode)
    }

    /// Inserts one viewing of `movieID` and returns it as stored; the triggers of 0009 move the film's
    /// day, count and watch state.
    package static func insertViewing(
        _ valid: ValidViewingDraft, movieID: Int64, createdAt: Date? = nil, updatedAt: Date? = nil,
        in connection: Connection
    ) throws -> Viewing {
        let statement = try connection.cachedStatement(
            ViewingRow.columns.insertSQL + " RETURNING \(ViewingRow.columns.sql)")
        try ViewingRow.bind(
            valid, movieID: movieID, createdAt: createdAt, updatedAt: updatedAt, to: RowBinder(statement),
            now: Timestamp.string(from: Date()))
        // Every change is made in the first step (https://www.sqlite.org/lang_returning.html).
        defer { statement.reset() }
        guard try statement.step() else { throw MovieError.viewingNotFound(id: connection.lastInsertedRowID) }
        return ViewingRow.decode(statement)
    }

    static func updateViewing(id: Int64, to valid: ValidViewingDraft, in connection: Connection) throws
        -> Viewing
    {
        let draft = valid.draft
        try connection.cachedStatement(
            """
            UPDATE viewings
            SET watched_on = ?, rating = ?, stars = ?, rewatch = ?, review = ?, tags = ?, letterboxd_uri = ?,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?
            """
        ).execute(arguments: [
            draft.watchedOn?.description, draft.rating == .notSeen ? nil : RatingWord(draft.rating).rawValue,
            draft.stars?.stars, draft.isRewatch ? 1 : 0, draft.review, draft.tags.stored, draft.letterboxdURI,
            id,
        ])
        guard let updated = try viewing(id: id, in: connection) else {
            throw MovieError.viewingNotFound(id: id)
        }
        return updated
    }

    /// Makes the rating given at `viewing` the film's current one, unless the film was rated later: the
    /// newer rating wins by its day (an undated viewing's rating is given today).
    /// When a viewing's rating was the film's current one and is cleared or changed, the film's rating
    /// becomes its latest other rated viewing's (by day), or `seen` when none is left: the rating is
    /// the latest rated viewing's, and this one no longer says it. A rating given with `rate` (another
    /// word, or another day) stays.
    static func withdrawRating(of before: Viewing, changedTo after: Viewing, in connection: Connection) throws
    {
        guard before.rating != .notSeen, before.rating != after.rating || before.stars != after.stars,
            let movie = try movie(id: before.movieID, in: connection), movie.rating == before.rating,
            movie.stars == before.stars, before.watchedOn == nil || movie.ratedOn == before.watchedOn
        else { return }
        let latest = try viewings(ofMovie: before.movieID, in: connection).first {
            $0.id != before.id && $0.rating != .notSeen
        }
        var draft = MovieDraft(movie)
        draft.rating = latest?.rating ?? .notSeen
        draft.stars = latest?.stars
        draft.ratedOn = latest.map { $0.watchedOn ?? movie.ratedOn } ?? nil
        draft.watchState = .seen
        _ = try updateFilm(id: movie.id, to: draft, in: connection)
    }

    static func takeRating(
        of viewing: Viewing, into movieID: Int64, today: CalendarDate, in connection: Connection
    )
        throws
    {
        guard viewing.rating != .notSeen, let movie = try movie(id: movieID, in: connection) else { return }
        let day = viewing.watchedOn ?? today
        if movie.rating != .notSeen, let ratedOn = movie.ratedOn, ratedOn > day { return }
        var draft = MovieDraft(movie)
        draft.rating = viewing.rating
        draft.stars = viewing.stars
        draft.watchState = .seen
        draft.ratedOn = day
        guard draft != MovieDraft(movie) else { return }
        _ = try updateFilm(id: movieID, to: draft, in: connection)
    }
}
