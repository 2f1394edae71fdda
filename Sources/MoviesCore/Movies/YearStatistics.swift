import Basics

/// What `movies stats --year` adds for one year, and `movies year` draws: the viewings of each day, the
/// half stars given that year, the year's best films by the rating given then, the reviews written and
/// the lists made.
///
/// Read with `MovieStore.yearStatistics(_:)` in one transaction: each figure is one query over the year's
/// days (a range of `watched_on`, which the partial index `viewings_dated` holds in order), so the cost
/// follows the year's viewings, not the diary's.
public struct YearStatistics: Sendable, Equatable {
    /// The viewings of one day.
    public struct DayCount: Sendable, Equatable {
        public let day: CalendarDate
        public let viewings: Int

        public init(day: CalendarDate, viewings: Int) {
            self.day = day
            self.viewings = viewings
        }
    }

    /// A film as the year's best list shows it: the rating given at its latest rated viewing that year.
    public struct RatedFilm: Sendable, Equatable {
        public let title: String
        public let year: Int?
        public let word: RatingWord
        public let stars: StarRating?
        /// The day of that viewing.
        public let watched: CalendarDate
        /// The film's Letterboxd address, else its IMDb page; nil when it has neither.
        public let address: String?

        public init(
            title: String, year: Int?, word: RatingWord, stars: StarRating?, watched: CalendarDate,
            address: String?
        ) {
            self.title = title
            self.year = year
            self.word = word
            self.stars = stars
            self.watched = watched
            self.address = address
        }

        /// The place on the star scale it is ranked by: its stars, else its word's upper half (`good` is
        /// 4), as `stats` averages them.
        public var score: Double { stars?.stars ?? Double(word.rating.rank) }
    }

    /// The year counted.
    public let year: Int
    /// The days with a viewing, in order (a day without one is not listed).
    public let days: [DayCount]
    /// Viewings per weekday, Monday first (7 counts).
    public let weekdays: [Int]
    /// Viewings rated with stars that year, per number of half stars: ½ to 5, ten counts.
    public let halfStars: [Int]
    /// The best films by the rating given that year, best first (then the latest watched), at most ten.
    public let best: [RatedFilm]
    /// Viewings that year with a review.
    public let reviews: Int
    /// Lists made that year (by the day each was added to the file).
    public let listsMade: Int

    public init(
        year: Int, days: [DayCount], weekdays: [Int], halfStars: [Int], best: [RatedFilm], reviews: Int,
        listsMade: Int
    ) {
        self.year = year
        self.days = days
        self.weekdays = weekdays
        self.halfStars = halfStars
        self.best = best
        self.reviews = reviews
        self.listsMade = listsMade
    }

    /// The day with the most viewings (the first, when two have as many); nil for a year without any.
    public var busiestDay: DayCount? {
        days.reduce(nil) { best, day in
            guard let best, best.viewings >= day.viewings else { return day }
            return best
        }
    }

    /// Days since 1970-01-01 of a valid date (negative before): Howard Hinnant's days_from_civil.
    public static func dayNumber(_ date: CalendarDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let month = date.month > 2 ? date.month - 3 : date.month + 9
        let dayOfYear = (153 * month + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
    public static func weekday(_ date: CalendarDate) -> Int {
        let shifted = (dayNumber(date) + 3) % 7
        return shifted < 0 ? shifted + 7 : shifted
    }
}
