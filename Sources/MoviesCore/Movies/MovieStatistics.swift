/// What `movies stats` shows: the films seen, counted by when they were watched, by rating word and
/// stars, and by decade of release, with the longest run of days in a row with a film watched.
///
/// Read with `MovieStore.statistics(_:)`, whose queries are SQL aggregates over the `movies_seen`
/// index (migration 0008): every figure here is a count SQLite made, never a loop over movies in Swift.
import Basics

public struct MovieStatistics: Sendable, Equatable {
    /// What to count.
    public struct Query: Sendable, Equatable {
        /// Whether the chart counts films per month or per year.
        public enum Period: String, Sendable, CaseIterable {
            case month, year
        }

        /// Per month (the twelve months up to `today`'s, or the twelve of `year`) or per year.
        public var period: Period
        /// Only the films watched in this year, in every figure; nil for all of them.
        public var year: Int?
        /// The day it is: the last twelve months end with its month.
        public var today: CalendarDate

        public init(period: Period = .month, year: Int? = nil, today: CalendarDate) {
            self.period = period
            self.year = year
            self.today = today
        }
    }

    /// How many films were watched in one month (`2025-03`) or one year (`2025`).
    public struct PeriodCount: Sendable, Equatable {
        public let label: String
        public let count: Int

        public init(label: String, count: Int) {
            self.label = label
            self.count = count
        }
    }

    /// How many seen films have a rating word, and how many of those have each number of stars.
    public struct RatingCount: Sendable, Equatable {
        public let word: RatingWord
        public let count: Int
        /// Stars (0.5 to 5) and how many films have them, lowest first; the rest have no stars.
        public let stars: [StarCount]
    }

    /// How many films of one rating word have these stars.
    public struct StarCount: Sendable, Equatable {
        public let stars: StarRating
        public let count: Int

        public init(stars: StarRating, count: Int) {
            self.stars = stars
            self.count = count
        }
    }

    /// How many seen films were released in a decade (`1990` for the 1990s); nil for those without a year.
    public struct DecadeCount: Sendable, Equatable {
        public let decade: Int?
        public let count: Int

        public init(decade: Int?, count: Int) {
            self.decade = decade
            self.count = count
        }
    }

    /// The longest run of consecutive days with a film watched (the latest, when two are as long).
    public struct Run: Sendable, Equatable {
        public let days: Int
        public let first: CalendarDate
        public let last: CalendarDate
    }

    /// The query these figures answer.
    public let query: Query
    /// Viewings per month or year (the diary), oldest first, with the empty ones between.
    public let periods: [PeriodCount]
    /// Seen films per word, `seen` then `terrible` to `excellent`, words with no films left out.
    public let ratings: [RatingCount]
    /// The average rating on the star scale (a word without stars counts as its upper half: `good` is
    /// 4), over the rated films; nil when none is rated.
    public let averageStars: Double?
    /// Seen films per decade of release, oldest first, those without a year last.
    public let decades: [DecadeCount]
    /// The longest run of days in a row with a viewing, nil when no viewing has a day.
    public let longestRun: Run?
    /// Films seen (with a viewing in `query.year` when given).
    public let seen: Int
    /// Viewings (in `query.year` when given).
    public let viewings: Int
    /// Of those, the rewatches.
    public let rewatches: Int
    /// Of the viewings, those without a day (not in the chart); always 0 with a year.
    public let undated: Int
    /// Films on the watchlist; nil with a year (they were watched in none).
    public let watchlist: Int?

    /// True when there is nothing to show: no film seen (in the year asked) and none on the watchlist.
    public var isEmpty: Bool { seen == 0 && viewings == 0 && (watchlist ?? 0) == 0 }

    /// The films with a rating word other than `seen`.
    public var rated: Int {
        ratings.filter { $0.word != .seen }.reduce(0) { $0 + $1.count }
    }
}

extension MovieStatistics.Query {
    /// The watched days counted, `first ..< end` as stored text (`YYYY-MM-DD`); nil for every day (and
    /// films with no watched day).
    var watchedRange: (first: String, end: String)? {
        guard let year else { return nil }
        return (Self.firstDay(year: year, month: 1), Self.firstDay(year: year + 1, month: 1))
    }

    /// The months the chart shows when counting per month: the twelve of `year`, else the twelve that
    /// end with `today`'s month. Each as (year, month).
    var chartMonths: [(year: Int, month: Int)] {
        let last = year.map { (year: $0, month: 12) } ?? (year: today.year, month: today.month)
        // Months counted from year 0, so stepping back across a new year is plain subtraction.
        let lastIndex = last.year * 12 + (last.month - 1)
        return (lastIndex - 11...lastIndex).map { (year: $0 / 12, month: $0 % 12 + 1) }
    }

    /// `YYYY-MM` of a month, as `substr(watched_on, 1, 7)` gives it.
    static func monthLabel(year: Int, month: Int) -> String {
        Timestamp.pad(year, 4) + "-" + Timestamp.pad(month, 2)
    }

    /// `YYYY-MM-01`, compared as text with stored days (which sort as they fall on the calendar).
    static func firstDay(year: Int, month: Int) -> String {
        monthLabel(year: year, month: month) + "-01"
    }
}
