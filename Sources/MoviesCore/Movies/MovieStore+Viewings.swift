import Basics
import Storage

extension MovieStore {
    /// Logs a viewing: the movie is seen, watched once more (a movie seen before without a count had
    /// at least one viewing), and its watched date is the later of `date` and the one it had. Without a
    /// date, the viewing is counted and the date left as it was.
    @discardableResult
    public func markWatched(id: Int64, on date: CalendarDate?, today: CalendarDate = .today()) throws
        -> (before: Movie, after: Movie)
    {
        if let date { try MovieValidation.checkWatchedDate(date, today: today) }
        return try database.write { connection in
            guard let movie = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            var draft = MovieDraft(movie)
            draft.watchState = .seen
            let previous = movie.watchCount ?? (movie.isSeen ? 1 : 0)
            draft.watchCount = previous == Int.max ? previous : previous + 1
            if let date, movie.watchedOn.map({ date > $0 }) ?? true { draft.watchedOn = date }
            return (movie, try Self.update(id: id, to: draft, in: connection))
        }
    }

    /// Puts a movie back on the watchlist: its rating, stars, watched date and count go (the note, links
    /// and title stay). Nothing is written for a movie already there.
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
}
