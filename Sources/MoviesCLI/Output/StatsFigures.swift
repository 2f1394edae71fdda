import MoviesCore

/// Every figure `movies stats` prints, read once: the text, the JSON, the pages and the cards are all
/// written from one of these, so a number on the year's page is the number `stats --year YEAR --format
/// json` prints (StatsPageTests compares them).
struct StatsFigures: Sendable {
    /// The headline figures of one year, for the year after it to be set against.
    struct Headline: Sendable, Equatable {
        let seen: Int
        let viewings: Int
        let rewatches: Int
        let minutesWatched: Int
        let reviews: Int
        let listsMade: Int
        let rated: Int
        let averageStars: Double?
        let longestRunDays: Int

        var firstWatches: Int { viewings - rewatches }
    }

    let statistics: MovieStatistics
    let details: FilmDetailStatistics
    /// With a year: its days, stars given, best films, reviews and lists.
    let year: YearStatistics?
    /// With a year: the same figures of the year before.
    let yearBefore: Headline?

    var headline: Headline {
        Self.headline(statistics, details: details, year: year)
    }

    /// The viewings that were not rewatches.
    var firstWatches: Int { statistics.viewings - statistics.rewatches }

    static func read(_ query: MovieStatistics.Query, from store: MovieStore) throws -> StatsFigures {
        let statistics = try store.statistics(query)
        let details = try store.detailStatistics(query)
        guard let year = query.year else {
            return StatsFigures(statistics: statistics, details: details, year: nil, yearBefore: nil)
        }
        var before = query
        before.year = year - 1
        let beforeStatistics = try store.statistics(before)
        let beforeDetails = try store.detailStatistics(before)
        return StatsFigures(
            statistics: statistics, details: details, year: try store.yearStatistics(year),
            yearBefore: headline(
                beforeStatistics, details: beforeDetails, year: try store.yearStatistics(year - 1)))
    }

    private static func headline(
        _ statistics: MovieStatistics, details: FilmDetailStatistics, year: YearStatistics?
    ) -> Headline {
        Headline(
            seen: statistics.seen, viewings: statistics.viewings, rewatches: statistics.rewatches,
            minutesWatched: details.minutesWatched, reviews: year?.reviews ?? 0,
            listsMade: year?.listsMade ?? 0,
            rated: statistics.rated, averageStars: statistics.averageStars,
            longestRunDays: statistics.longestRun?.days ?? 0)
    }
}
