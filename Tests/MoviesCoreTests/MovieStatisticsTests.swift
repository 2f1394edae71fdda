import AppTestSupport
import Basics
import MoviesCore
import Storage
import TestSupport
import Testing

/// `MovieStore.statistics`: the figures of `movies stats`, counted by SQLite on a real file.
@Suite("Movie statistics")
struct MovieStatisticsTests {
    /// A list written as a person would with sqlite3: rows of (title, year, rating, stars, watched_on).
    static func database(_ rows: [(String, Int?, String, Double?, String?)]) throws -> TestDatabase {
        let database = try TestDatabase()
        let values = rows.map { title, year, rating, stars, watched in
            "('\(title)', \(year.map(String.init) ?? "NULL"), '\(rating)', \(stars.map { "\($0)" } ?? "NULL"), "
                + "\(watched.map { "'\($0)'" } ?? "NULL"))"
        }
        try DirectSQL.run(
            database.path,
            "INSERT INTO movies (title, year, rating, stars, watched_on) VALUES "
                + values.joined(separator: ", "))
        return database
    }

    static let today = CalendarDate(year: 2025, month: 3, day: 15)!

    @Test("an empty list has nothing to count")
    func empty() throws {
        let statistics = try TestDatabase().store.statistics(.init(today: Self.today))
        #expect(statistics.isEmpty && statistics.seen == 0 && statistics.watchlist == 0)
        #expect(statistics.periods.count == 12 && statistics.periods.allSatisfy { $0.count == 0 })
        #expect(statistics.ratings.isEmpty && statistics.averageStars == nil && statistics.longestRun == nil)
    }

    @Test("the last twelve months end with today's, and a day counts in its own month at the boundaries")
    func monthBoundaries() throws {
        let database = try Self.database([
            ("Before the window", 1990, "good", nil, "2024-03-31"),  // the day before the first month
            ("First day", 1991, "good", nil, "2024-04-01"),
            ("End of January", 1992, "poor", nil, "2025-01-31"),
            ("Start of February", 1993, "poor", nil, "2025-02-01"),
            ("Leap day", 1994, "seen", nil, "2024-02-29"),
            ("End of this month", 1995, "seen", nil, "2025-03-31"),
            ("Next month", 1996, "seen", nil, "2025-04-01"),
        ])
        let statistics = try database.store.statistics(.init(today: Self.today))
        #expect(
            statistics.periods.map(\.label).first == "2024-04" && statistics.periods.last?.label == "2025-03")
        let counts = Dictionary(uniqueKeysWithValues: statistics.periods.map { ($0.label, $0.count) })
        #expect(counts["2024-04"] == 1 && counts["2025-01"] == 1 && counts["2025-02"] == 1)
        #expect(counts["2025-03"] == 1 && counts["2024-03"] == nil)
        #expect(statistics.periods.reduce(0) { $0 + $1.count } == 4)

        // Across a new year: the window for January 2025 starts in February 2024.
        let january = try database.store.statistics(
            .init(today: CalendarDate(year: 2025, month: 1, day: 1)!))
        #expect(january.periods.first?.label == "2024-02" && january.periods.last?.label == "2025-01")
        #expect(january.periods.first?.count == 1, "the leap day is in February 2024")
    }

    @Test("ratings per word with their stars, the average on the star scale, decades, run and totals")
    func figures() throws {
        let database = try Self.database([
            ("Heat", 1995, "good", 3.5, "2025-01-30"),
            ("Alien", 1979, "good", 4, "2025-01-31"),
            ("Ran", 1985, "good", nil, "2025-02-01"),
            ("Up", 2009, "terrible", 0.5, "2025-02-03"),
            ("Brazil", 1985, "seen", nil, nil),
            ("Jaws", nil, "excellent", nil, "2024-06-01"),
            ("Tenet", 2020, "not-seen", nil, nil),
        ])
        let statistics = try database.store.statistics(.init(today: Self.today))
        #expect(statistics.seen == 6 && statistics.undated == 1 && statistics.watchlist == 1)
        #expect(statistics.ratings.map(\.word) == [.seen, .terrible, .good, .excellent])
        let good = try #require(statistics.ratings.first { $0.word == .good })
        #expect(good.count == 3)
        let (threeAndAHalf, four) = (
            try #require(StarRating(halfStars: 7)), try #require(StarRating(halfStars: 8))
        )
        #expect(good.stars == [.init(stars: threeAndAHalf, count: 1), .init(stars: four, count: 1)])
        // (3.5 + 4 + 4 + 0.5 + 5) / 5
        #expect(statistics.averageStars == 17.0 / 5 && statistics.rated == 5)
        #expect(
            statistics.decades == [
                .init(decade: 1970, count: 1), .init(decade: 1980, count: 2), .init(decade: 1990, count: 1),
                .init(decade: 2000, count: 1), .init(decade: nil, count: 1),
            ])
        let run = try #require(statistics.longestRun)
        #expect(
            run.days == 3 && run.first.description == "2025-01-30" && run.last.description == "2025-02-01")

        let byYear = try database.store.statistics(.init(period: .year, today: Self.today))
        #expect(byYear.periods == [.init(label: "2024", count: 1), .init(label: "2025", count: 4)])
    }

    @Test("--year limits every figure to the films watched in that year")
    func oneYear() throws {
        let database = try Self.database([
            ("Heat", 1995, "good", 3.5, "2024-12-31"),
            ("Alien", 1979, "excellent", nil, "2025-01-01"),
            ("Ran", 1985, "seen", nil, "2025-12-31"),
            ("Brazil", 1985, "seen", nil, nil),
            ("Tenet", 2020, "not-seen", nil, nil),
        ])
        let year = try database.store.statistics(.init(year: 2025, today: Self.today))
        #expect(year.seen == 2 && year.undated == 0 && year.watchlist == nil)
        #expect(year.periods.map(\.label) == (1...12).map { "2025-" + Timestamp.pad($0, 2) })
        #expect(year.periods.first?.count == 1 && year.periods.last?.count == 1)
        #expect(year.ratings.map(\.word) == [.seen, .excellent] && year.averageStars == 5)
        #expect(year.decades == [.init(decade: 1970, count: 1), .init(decade: 1980, count: 1)])
        #expect(year.longestRun?.days == 1 && year.longestRun?.last.description == "2025-12-31")

        let nothing = try database.store.statistics(.init(period: .year, year: 2023, today: Self.today))
        #expect(nothing.isEmpty && nothing.periods == [.init(label: "2023", count: 0)])
    }
}
