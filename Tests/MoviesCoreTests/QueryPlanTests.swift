import AppTestSupport
import Basics
import MoviesCore
import News
import Storage
import Testing

/// Every list order and every page reads through its index, never through a sort of the whole table
/// (`USE TEMP B-TREE FOR ORDER BY`) or a scan: what keeps page 1,000 as cheap as page 1 on a million rows.
/// https://www.sqlite.org/eqp.html
@Suite("Query plans: each order and page uses its index")
struct QueryPlanTests {
    /// The `detail` column of `EXPLAIN QUERY PLAN` for `sql`.
    private static func plan(_ sql: String, _ arguments: [any SQLBindable], in database: TestDatabase) throws
        -> [String]
    {
        try database.app.database.read { connection in
            try connection.prepare("EXPLAIN QUERY PLAN " + sql).fetchAll(arguments) { $0.string(at: 3) }
        }
    }

    /// The index each order reads; `added` reads the table itself in rowid order (a first page is a
    /// plain `SCAN movies`, in order, with no sort), and seeks by the primary key for a later page.
    static func index(for sort: MovieSort, later: Bool, reversed: Bool = false) -> String {
        switch sort {
        case .added: later ? "USING INTEGER PRIMARY KEY" : "SCAN movies"
        case .title: "movies_by_title"
        case .rating: "movies_by_rating"
        // Newest first keeps the films without a year last, on an index of its own.
        case .year: reversed ? "movies_by_year_newest" : "movies_by_year"
        }
    }

    @Test(
        "movies list: every --sort, either direction, first page and a later one",
        arguments: MovieSort.allCases, [false, true])
    func moviePages(sort: MovieSort, reversed: Bool) throws {
        let database = try TestDatabase()
        // A later page: the cursor after movie 5, whose key is in the middle of each order.
        let text = ["added": "5", "title": "title:M:5", "rating": "rating:decent:5", "year": "year:1995:5"]
        let later = try #require(MovieCursor(text[sort.rawValue] ?? ""))
        for after in [nil, later] {
            let index = Self.index(for: sort, later: after != nil, reversed: reversed)
            let query = MovieQuery(sort: sort, reversed: reversed, limit: 50, after: after)
            let (sql, arguments) = try MovieStore.listSQL(query)
            let plan = try Self.plan(sql, arguments, in: database)
            #expect(
                plan.contains { $0.contains(index) && !$0.contains(index + "_") },
                "\(sort) after \(String(describing: after)): \(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(sort): \(plan)")
            if after != nil {
                // A page after the first seeks into the index instead of scanning from its start.
                #expect(
                    plan.contains { $0.hasPrefix("SEARCH") },
                    "\(sort) after \(String(describing: after)): \(plan)")
            }
        }
    }

    @Test("news list: all items and one feed, first page and a later one")
    func newsPages() throws {
        let database = try TestDatabase()
        let cursor = try #require(NewsCursor("2026-11-30T10:00:00.000Z/12"))
        for (feedID, index) in [(nil, "news_items_newest"), (3, "news_items_by_feed")] as [(Int64?, String)] {
            for after in [nil, cursor] {
                let (sql, arguments) = try NewsRepository.pageSQL(
                    NewsQuery(feedID: feedID, after: after, limit: 20))
                let plan = try Self.plan(sql, arguments, in: database)
                #expect(plan.contains { $0.contains(index) }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
        }
    }

    /// Every query of `movies stats`, with and without --year, per month and per year, reads an index
    /// alone: the films' queries one of the partial indexes movies_seen and movies_seen_by_rating, the
    /// viewings' ones viewings_dated (a range of days) or viewings_of_movie (all of them): never a
    /// table, never a scan of every movie into Swift. (The watchlist count is every movie less those seen:
    /// SQLite counts the smallest index's entries.)
    @Test(
        "movies stats: each figure is an aggregate over an index of films or viewings alone",
        arguments: [nil, 2025] as [Int?], MovieStatistics.Query.Period.allCases)
    func statistics(year: Int?, period: MovieStatistics.Query.Period) throws {
        let database = try TestDatabase()
        let today = try #require(CalendarDate(year: 2025, month: 3, day: 1))
        let query = MovieStatistics.Query(period: period, year: year, today: today)
        let queries = StatisticsSQL.queries(query)
        #expect(queries.count == 7)
        for (sql, arguments) in queries {
            let plan = try Self.plan(sql, arguments, in: database)
            if sql == StatisticsSQL.everyMovie {
                #expect(plan.allSatisfy { $0.contains("COVERING INDEX") }, "\(plan)")
                continue
            }
            let films = plan.filter { $0.hasPrefix("SCAN movies") || $0.hasPrefix("SEARCH movies") }
            let viewings = plan.filter { $0.hasPrefix("SCAN viewings") || $0.hasPrefix("SEARCH viewings") }
            #expect(!films.isEmpty || !viewings.isEmpty, "\(sql): \(plan)")
            // With a year, the films of the year's viewings are looked up by id, one by one.
            #expect(
                films.allSatisfy {
                    $0.contains("COVERING INDEX movies_seen")
                        || (year != nil && $0 == "SEARCH movies USING INTEGER PRIMARY KEY (rowid=?)")
                }, "\(sql): \(plan)")
            #expect(
                viewings.allSatisfy {
                    $0.contains("COVERING INDEX viewings_dated")
                        || $0.contains("COVERING INDEX viewings_of_movie")
                },
                "\(sql): \(plan)")
            if year == nil && sql == StatisticsSQL.ratings(filter: "rating <> 'not-seen'") {
                // Every film per rating: read in the index's order, never sorted.
                #expect(films.allSatisfy { $0.contains("movies_seen_by_rating") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
            if year != nil || sql == StatisticsSQL.perMonth {
                #expect(
                    viewings.allSatisfy { $0.hasPrefix("SEARCH") && $0.contains("viewings_dated") },
                    "a range of days, not every viewing: \(sql): \(plan)")
            }
        }
    }
}
