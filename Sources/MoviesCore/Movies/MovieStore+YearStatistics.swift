import Basics
import Storage

extension MovieStore {
    /// The figures `stats --year` adds for `year` (`YearStatistics`), read in one transaction so they
    /// agree with each other; each query reads a range of the year's days.
    public func yearStatistics(_ year: Int) throws -> YearStatistics {
        let query = MovieStatistics.Query(year: year, today: CalendarDate.earliestWatched)
        guard let range = query.watchedRange else {
            return YearStatistics(
                year: year, days: [], weekdays: Array(repeating: 0, count: 7),
                halfStars: Array(repeating: 0, count: 10), best: [], reviews: 0, listsMade: 0)
        }
        let arguments: [any SQLBindable] = [range.first, range.end]
        return try database.read { connection in
            let days = try connection.cachedStatement(YearStatisticsSQL.days).fetchAll(arguments) { row in
                CalendarDate(parsing: row.string(at: 0)).map {
                    YearStatistics.DayCount(day: $0, viewings: row.int(at: 1))
                }
            }.compactMap { $0 }
            var weekdays = Array(repeating: 0, count: 7)
            for day in days { weekdays[YearStatistics.weekday(day.day)] += day.viewings }
            var halfStars = Array(repeating: 0, count: 10)
            for (half, count) in try connection.cachedStatement(YearStatisticsSQL.halfStars).fetchAll(
                arguments, { row in (row.int(at: 0), row.int(at: 1)) })
            where (1...10).contains(half) {
                halfStars[half - 1] += count
            }
            let best = try connection.cachedStatement(YearStatisticsSQL.best).fetchAll(arguments) { row in
                Self.ratedFilm(row)
            }.compactMap { $0 }
            return YearStatistics(
                year: year, days: days, weekdays: weekdays, halfStars: halfStars, best: best,
                reviews: try connection.scalarInt(YearStatisticsSQL.reviews, arguments) ?? 0,
                listsMade: try connection.scalarInt(YearStatisticsSQL.listsMade, arguments) ?? 0)
        }
    }

    /// A row of `YearStatisticsSQL.best`; nil when its word or day is not one (a hand edit past the
    /// CHECKs).
    private static func ratedFilm(_ row: Statement) -> YearStatistics.RatedFilm? {
        guard let word = row.optionalString(at: 2).flatMap(RatingWord.init(rawValue:)),
            let watched = CalendarDate(parsing: row.string(at: 4))
        else { return nil }
        let address =
            row.optionalString(at: 5) ?? row.optionalString(at: 6).map { "https://www.imdb.com/title/\($0)/" }
        return YearStatistics.RatedFilm(
            title: row.string(at: 0), year: row.optionalInt(at: 1), word: word,
            stars: row.optionalDouble(at: 3).flatMap(StarRating.init(stars:)), watched: watched,
            address: address)
    }
}

/// The SQL of `MovieStore.yearStatistics`; every statement takes the year's first day and the next
/// year's, compared as text with the stored days (`watched_on >= ? AND watched_on < ?` is a range of
/// the partial index viewings_dated).
package enum YearStatisticsSQL {
    package static let days = """
        SELECT watched_on, count(*) FROM viewings WHERE watched_on >= ? AND watched_on < ?
        GROUP BY watched_on ORDER BY watched_on
        """

    /// Half stars as a whole number, 1 to 10.
    package static let halfStars = """
        SELECT CAST(stars * 2 AS INTEGER), count(*) FROM viewings
        WHERE watched_on >= ? AND watched_on < ? AND stars IS NOT NULL GROUP BY 1
        """

    /// Each film's latest rated viewing of the year, ranked by its stars, else its word's upper half.
    package static let best = """
        SELECT title, year, rating, stars, watched_on, letterboxd_uri, imdb_id FROM (
            SELECT m.title, m.year, v.rating, v.stars, v.watched_on, m.letterboxd_uri, m.imdb_id,
                row_number() OVER (PARTITION BY v.movie_id ORDER BY v.watched_on DESC, v.id DESC) AS place
            FROM viewings AS v JOIN movies AS m ON m.id = v.movie_id
            WHERE v.watched_on >= ? AND v.watched_on < ? AND v.rating IS NOT NULL)
        WHERE place = 1
        ORDER BY coalesce(stars, CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2
            WHEN 'decent' THEN 3 WHEN 'good' THEN 4 ELSE 5 END) DESC, watched_on DESC, title
        LIMIT 10
        """

    package static let reviews = """
        SELECT count(*) FROM viewings
        WHERE watched_on >= ? AND watched_on < ? AND length(trim(review)) > 0
        """

    /// Lists by the day they were added (created_at is `YYYY-MM-DDTHH:MM:SS.SSSZ`, so it sorts with days).
    package static let listsMade = "SELECT count(*) FROM lists WHERE created_at >= ? AND created_at < ?"
}
