import Basics
import Storage

extension MovieStore {
    /// The figures of `movies stats`, read in one transaction so they agree with each other.
    ///
    /// Each figure is one aggregate query; every query names `rating <> 'not-seen'` and reads only
    /// watched_on, rating, stars and year, so SQLite answers it from one of the partial indexes
    /// `movies_seen` (by watched day; a range of it with `--year`) and `movies_seen_by_rating` alone
    /// (QueryPlanTests checks). Swift receives a few dozen grouped rows, whatever the size of the list.
    public func statistics(_ query: MovieStatistics.Query) throws -> MovieStatistics {
        try database.read { connection in
            let filter = StatisticsSQL.filter(query)
            let days = StatisticsSQL.viewingFilter(query)
            let seen =
                try connection.cachedStatement(StatisticsSQL.totals(filter: filter.sql)).fetchOne(
                    filter.arguments
                ) { row in row.int(at: 0) } ?? 0
            let viewings = try connection.cachedStatement(StatisticsSQL.viewingTotals(filter: days.sql))
                .fetchOne(
                    days.arguments
                ) { row in StatisticsSQL.ViewingTotals.read(row) }
            let watchlist =
                query.year == nil
                ? try connection.scalarInt(StatisticsSQL.everyMovie).map { max(0, $0 - seen) } ?? 0 : nil
            let ratings = try Self.ratingCounts(filter: filter, in: connection)
            return MovieStatistics(
                query: query,
                periods: try Self.periodCounts(query, filter: days, in: connection),
                ratings: ratings,
                averageStars: Self.average(ratings),
                decades: try connection.cachedStatement(StatisticsSQL.decades(filter: filter.sql)).fetchAll(
                    filter.arguments
                ) { row in StatisticsSQL.DecadeCount.read(row) }
                .sorted { ($0.decade ?? Int.max) < ($1.decade ?? Int.max) },
                longestRun: try connection.cachedStatement(StatisticsSQL.longestRun(filter: days.sql))
                    .fetchOne(days.arguments) { row in StatisticsSQL.Run.read(row) } ?? nil,
                seen: seen, viewings: viewings?.viewings ?? 0, rewatches: viewings?.rewatches ?? 0,
                undated: (viewings?.viewings ?? 0) - (viewings?.dated ?? 0), watchlist: watchlist)
        }
    }

    /// The chart's viewings, with a zero for each month or year between that had none.
    private static func periodCounts(
        _ query: MovieStatistics.Query, filter: StatisticsSQL.Filter, in connection: Connection
    ) throws -> [MovieStatistics.PeriodCount] {
        switch query.period {
        case .month:
            let counted = try connection.cachedStatement(StatisticsSQL.perMonth).fetchAll(
                StatisticsSQL.monthRange(query)
            ) { row in StatisticsSQL.MonthCount.read(row) }
            let counts = Dictionary(counted, uniquingKeysWith: +)
            return query.chartMonths.map { month in
                let label = MovieStatistics.Query.monthLabel(year: month.year, month: month.month)
                return MovieStatistics.PeriodCount(label: label, count: counts[label] ?? 0)
            }
        case .year:
            let counted = try connection.cachedStatement(StatisticsSQL.perYear(filter: filter.sql)).fetchAll(
                filter.arguments
            ) { row in StatisticsSQL.YearCount.read(row) }
            guard let first = counted.first?.year, let last = counted.last?.year, first <= last else {
                return query.year.map {
                    [MovieStatistics.PeriodCount(label: Timestamp.pad($0, 4), count: 0)]
                }
                    ?? []
            }
            let counts = Dictionary(counted.map { ($0.year, $0.count) }, uniquingKeysWith: +)
            return (first...last).map {
                MovieStatistics.PeriodCount(label: Timestamp.pad($0, 4), count: counts[$0] ?? 0)
            }
        }
    }

    /// Seen films per rating word, each with its films per number of stars.
    private static func ratingCounts(filter: StatisticsSQL.Filter, in connection: Connection) throws
        -> [MovieStatistics.RatingCount]
    {
        let rows = try connection.cachedStatement(StatisticsSQL.ratings(filter: filter.sql)).fetchAll(
            filter.arguments
        ) { row in StatisticsSQL.RatingCount.read(row) }
        return RatingWord.allCases.compactMap { word in
            let groups = rows.filter { $0.word == word }
            guard !groups.isEmpty else { return nil }
            var counts: [StarRating: Int] = [:]
            for group in groups { if let stars = group.stars { counts[stars, default: 0] += group.count } }
            let stars = counts.map { MovieStatistics.StarCount(stars: $0.key, count: $0.value) }
            return MovieStatistics.RatingCount(
                word: word, count: groups.reduce(0) { $0 + $1.count },
                stars: stars.sorted { $0.stars < $1.stars })
        }
    }

    /// The average on the star scale, from the grouped counts: the stars where given, else the word's
    /// upper half (`good` without stars is 4, as `--sort rating` ranks it).
    private static func average(_ ratings: [MovieStatistics.RatingCount]) -> Double? {
        var total = 0.0
        var count = 0
        for rating in ratings where rating.word != .seen {
            let starred = rating.stars.reduce(0) { $0 + $1.count }
            total += rating.stars.reduce(0.0) { $0 + $1.stars.stars * Double($1.count) }
            total += Double(rating.word.rating.rank) * Double(rating.count - starred)
            count += rating.count
        }
        return count > 0 ? total / Double(count) : nil
    }
}

/// The SQL of `MovieStore.statistics`: `package` so QueryPlanTests reads the plans of the same text.
package enum StatisticsSQL {
    /// The condition every query starts with, and the watched-day range of `--year`.
    package struct Filter {
        package let sql: String
        package let arguments: [any SQLBindable]
    }

    /// The films counted: `rating <> 'not-seen'` spelled as the partial index's WHERE, so SQLite may use
    /// the index (https://www.sqlite.org/partialindex.html#queries_using_partial_indexes), and with a
    /// year those with a viewing on one of its days.
    package static func filter(_ query: MovieStatistics.Query) -> Filter {
        guard let range = query.watchedRange else {
            return Filter(sql: "rating <> 'not-seen'", arguments: [])
        }
        return Filter(
            sql:
                "rating <> 'not-seen' AND id IN (SELECT movie_id FROM viewings WHERE watched_on >= ? AND watched_on < ?)",
            arguments: [range.first, range.end])
    }

    /// The viewings counted: every one, or with a year those on its days (a range of the partial index
    /// viewings_dated, which a comparison on watched_on lets SQLite use).
    package static func viewingFilter(_ query: MovieStatistics.Query) -> Filter {
        guard let range = query.watchedRange else { return Filter(sql: "1", arguments: []) }
        return Filter(sql: "watched_on >= ? AND watched_on < ?", arguments: [range.first, range.end])
    }

    /// The arguments of `perMonth`: the first day of the chart's first month, and of the month after
    /// its last.
    package static func monthRange(_ query: MovieStatistics.Query) -> [any SQLBindable] {
        let months = query.chartMonths
        guard let first = months.first, let last = months.last else { return ["", ""] }
        return [
            MovieStatistics.Query.firstDay(year: first.year, month: first.month),
            MovieStatistics.Query.firstDay(year: last.year + last.month / 12, month: last.month % 12 + 1),
        ]
    }

    /// Every query of `MovieStore.statistics` with its arguments, in the order it runs them (for the
    /// benchmark, which runs the same text with the sqlite3 command).
    package static func queries(_ query: MovieStatistics.Query) -> [(
        sql: String, arguments: [any SQLBindable]
    )] {
        let filter = filter(query)
        let days = viewingFilter(query)
        let periods =
            query.period == .month
            ? (perMonth, monthRange(query)) : (perYear(filter: days.sql), days.arguments)
        return [
            (totals(filter: filter.sql), filter.arguments), (viewingTotals(filter: days.sql), days.arguments),
            (everyMovie, []), (ratings(filter: filter.sql), filter.arguments),
            periods, (decades(filter: filter.sql), filter.arguments),
            (longestRun(filter: days.sql), days.arguments),
        ]
    }

    /// Every movie, to count the watchlist as what is not seen (no index holds the word alone).
    package static let everyMovie = "SELECT count(*) FROM movies"

    /// The films seen.
    package static func totals(filter: String) -> String {
        "SELECT count(*) FROM movies WHERE \(filter)"
    }

    /// What `viewingTotals` selects: the viewings, those with a day, and the rewatches.
    package enum ViewingTotals: Int32, TableColumn {
        case viewings, dated, rewatches

        /// The select list.
        static let columns = ColumnList<ViewingTotals>(table: "viewings")

        package var name: String {
            switch self {
            case .viewings: "count(*)"
            case .dated: "count(watched_on)"
            case .rewatches: "coalesce(sum(rewatch), 0)"
            }
        }

        static func read(_ row: Statement) -> (viewings: Int, dated: Int, rewatches: Int) {
            (viewings: row.int(viewings), dated: row.int(dated), rewatches: row.int(rewatches))
        }
    }

    package static func viewingTotals(filter: String) -> String {
        "SELECT \(ViewingTotals.columns.sql) FROM viewings WHERE \(filter)"
    }

    /// What `perMonth` selects: the month (`2025-03`) and its viewings.
    package enum MonthCount: Int32, TableColumn {
        case month, films

        /// The select list.
        static let columns = ColumnList<MonthCount>(table: "viewings")

        package var name: String {
            switch self {
            case .month: "substr(watched_on, 1, 7)"
            case .films: "count(*)"
            }
        }

        static func read(_ row: Statement) -> (label: String, count: Int) {
            (label: row.string(month), count: row.int(films))
        }
    }

    /// Viewings per month in `? <= watched_on < ?`: a range of the index viewings_dated. Grouped by the
    /// month's place in the select list (`GROUP BY 1`), taken from its case.
    package static let perMonth = """
        SELECT \(MonthCount.columns.sql) FROM viewings
        WHERE watched_on >= ? AND watched_on < ?
        GROUP BY \(MonthCount.month.rawValue + 1)
        """

    /// What `perYear` selects: the year and its viewings.
    package enum YearCount: Int32, TableColumn {
        case year, films

        /// The select list.
        static let columns = ColumnList<YearCount>(table: "viewings")

        package var name: String {
            switch self {
            case .year: "CAST(substr(watched_on, 1, 4) AS INTEGER)"
            case .films: "count(*)"
            }
        }

        static func read(_ row: Statement) -> (year: Int, count: Int) {
            (year: row.int(year), count: row.int(films))
        }
    }

    /// Viewings per year, oldest first (the index is in watched_on order, so no sort); grouped and
    /// ordered by the year's place in the select list, as `perMonth`.
    package static func perYear(filter: String) -> String {
        """
        SELECT \(YearCount.columns.sql) FROM viewings
        WHERE \(filter) AND watched_on IS NOT NULL
        GROUP BY \(YearCount.year.rawValue + 1) ORDER BY \(YearCount.year.rawValue + 1)
        """
    }

    /// What `ratings` selects: a word, a number of stars and their films.
    package enum RatingCount: Int32, TableColumn {
        case rating, stars, films

        /// The select list.
        static let columns = ColumnList<RatingCount>(table: "movies")

        package var name: String {
            switch self {
            case .rating: "rating"
            case .stars: "stars"
            case .films: "count(*)"
            }
        }

        /// Stars come from the file, which a person may have written by hand past its CHECK: a value that
        /// is not ½ to 5 in halves counts as no stars, as `list` and `show` read it.
        static func read(_ row: Statement) -> (word: RatingWord?, stars: StarRating?, count: Int) {
            (
                word: row.withUTF8(rating) { RatingWord(utf8: $0) },
                stars: row.optionalDouble(stars).flatMap(StarRating.init(stars:)), count: row.int(films)
            )
        }
    }

    package static func ratings(filter: String) -> String {
        "SELECT \(RatingCount.columns.sql) FROM movies WHERE \(filter) "
            + "GROUP BY rating, stars"
    }

    /// What `decades` selects: the decade (1990 for the 1990s; NULL for films without a year) and its
    /// films.
    package enum DecadeCount: Int32, TableColumn {
        case decade, films

        /// The select list.
        static let columns = ColumnList<DecadeCount>(table: "movies")

        package var name: String {
            switch self {
            case .decade: "decade"
            case .films: "sum(films)"
            }
        }

        static func read(_ row: Statement) -> MovieStatistics.DecadeCount {
            MovieStatistics.DecadeCount(decade: row.optionalInt(decade), count: row.int(films))
        }
    }

    /// Counted per rating, stars and year first, the order of movies_seen_by_rating, so the million rows
    /// are read in order; only the few hundred groups are sorted into decades.
    package static func decades(filter: String) -> String {
        """
        SELECT \(DecadeCount.columns.sql) FROM (
            SELECT year / 10 * 10 AS decade, count(*) AS films FROM movies WHERE \(filter)
            GROUP BY rating, stars, year)
        GROUP BY decade
        """
    }

    /// What `longestRun` selects: the run's length in days, its first day and its last.
    package enum Run: Int32, TableColumn {
        case days, first, last

        /// The select list.
        static let columns = ColumnList<Run>(table: "islands")

        package var name: String {
            switch self {
            case .days: "count(*)"
            case .first: "min(day)"
            case .last: "max(day)"
            }
        }

        /// The run, or nil when a day is not a date (written by hand past the CHECK).
        static func read(_ row: Statement) -> MovieStatistics.Run? {
            CalendarDate(parsing: row.string(first)).flatMap { firstDay in
                CalendarDate(parsing: row.string(last)).map { lastDay in
                    MovieStatistics.Run(days: row.int(days), first: firstDay, last: lastDay)
                }
            }
        }
    }

    /// Gaps and islands: over the distinct days with a viewing in order, a day's julian day number minus
    /// its place in the order is the same for every day of one run of consecutive days.
    package static func longestRun(filter: String) -> String {
        """
        WITH days AS (
            SELECT DISTINCT watched_on AS day FROM viewings WHERE \(filter) AND watched_on IS NOT NULL
        ),
        islands AS (SELECT day, julianday(day) - row_number() OVER (ORDER BY day) AS island FROM days)
        SELECT \(Run.columns.sql) FROM islands
        GROUP BY island ORDER BY count(*) DESC, min(day) DESC LIMIT 1
        """
    }
}
