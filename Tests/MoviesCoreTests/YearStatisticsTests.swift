import AppTestSupport
import Basics
import MoviesCore
import TestSupport
import Testing

/// `MovieStore.yearStatistics`: one year's days, weekdays, half stars, best films, reviews and lists,
/// counted on a real file, with the year's first and last days at its edges.
@Suite("Year statistics")
struct YearStatisticsTests {
    @Test("weekdays from the calendar, Monday first, across leap days and before 1970")
    func weekdays() throws {
        let days: [(String, Int)] = [
            ("1970-01-01", 3), ("2025-12-05", 4), ("2000-02-29", 1), ("1900-03-01", 3), ("1870-01-01", 5),
            ("2024-12-30", 0), ("2025-01-05", 6),
        ]
        for (text, weekday) in days {
            let date = try #require(CalendarDate(parsing: text))
            #expect(YearStatistics.weekday(date) == weekday, "\(text)")
        }
    }

    @Test("the year's own figures: its edges, the rating given that year, the first busiest day")
    func figures() throws {
        let database = try TestDatabase()
        try DirectSQL.run(
            database.path,
            """
            INSERT INTO movies (id, title, year, rating, stars, letterboxd_uri, imdb_id) VALUES
                (1, 'Heat', 1995, 'excellent', 5, 'https://letterboxd.com/film/heat-1995/', NULL),
                (2, 'Alien', 1979, 'good', 4, NULL, 'tt0078748'),
                (3, 'Ran', 1985, 'decent', NULL, NULL, NULL);
            INSERT INTO viewings (movie_id, watched_on, rating, stars, rewatch, review) VALUES
                (1, '2024-12-31', 'excellent', 5, 0, 'Outside the year'),
                (1, '2025-01-01', 'good', 3.5, 1, 'A second look.'),
                (2, '2025-06-01', 'excellent', 5, 0, '  '),
                (2, '2025-06-02', 'good', 4, 1, NULL),
                (3, '2025-12-31', 'decent', NULL, 0, NULL),
                (3, '2026-01-01', 'excellent', 5, 1, NULL);
            INSERT INTO lists (name, created_at) VALUES ('Old', '2024-12-31T23:59:59.999Z'),
                ('New', '2025-01-01T00:00:00.000Z');
            """)
        let year = try database.store.yearStatistics(2025)
        #expect(year.days.map(\.day.description) == ["2025-01-01", "2025-06-01", "2025-06-02", "2025-12-31"])
        // 2025-01-01 a Wednesday, 06-01 a Sunday, 06-02 a Monday, 12-31 a Wednesday.
        #expect(year.weekdays == [1, 0, 2, 0, 0, 0, 1])
        #expect(year.halfStars == [0, 0, 0, 0, 0, 0, 1, 1, 0, 1])
        // Alien at its latest viewing of the year (4), above Heat's 3.5 that year (5 in 2024).
        #expect(year.best.map(\.title) == ["Alien", "Heat", "Ran"])
        #expect(year.best.map(\.score) == [4, 3.5, 3])
        #expect(
            year.best.map(\.address) == [
                "https://www.imdb.com/title/tt0078748/", "https://letterboxd.com/film/heat-1995/", nil,
            ])
        #expect(year.reviews == 1 && year.listsMade == 1)
        #expect(year.busiestDay?.day.description == "2025-01-01" && year.busiestDay?.viewings == 1)
        let empty = try database.store.yearStatistics(1999)
        #expect(
            empty.days.isEmpty && empty.best.isEmpty && empty.busiestDay == nil
                && empty.weekdays == [0, 0, 0, 0, 0, 0, 0])
    }
}
