import AppTestSupport
import Foundation
import MoviesCore
import TestSupport
import Testing

@Suite("Listing movies: filters, orders, pages")
struct MovieListingTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
        let movies: [(String, Int?, Rating)] = [
            ("Heat", 1995, .excellent), ("alien", 1979, .good), ("Brazil", 1985, .good),
            ("Zodiac", 2007, .decent), ("Cats", 2019, .terrible), ("Dune", nil, .notSeen),
            ("Arrival", 2016, .excellent),
        ]
        for (title, year, rating) in movies {
            try database.store.add(MovieDraft(title: title, year: year, rating: rating))
        }
    }

    private func titles(_ query: MovieQuery) throws -> [String] {
        try store.list(query).map(\.title)
    }

    @Test("each sort order, and reversed")
    func orders() throws {
        #expect(try titles(MovieQuery()) == ["Heat", "alien", "Brazil", "Zodiac", "Cats", "Dune", "Arrival"])
        #expect(
            try titles(MovieQuery(sort: .title)) == [
                "alien", "Arrival", "Brazil", "Cats", "Dune", "Heat", "Zodiac",
            ])
        #expect(
            try titles(MovieQuery(sort: .rating)) == [
                "Arrival", "Heat", "Brazil", "alien", "Zodiac", "Cats", "Dune",
            ])
        #expect(
            try titles(MovieQuery(sort: .year)) == [
                "alien", "Brazil", "Heat", "Zodiac", "Arrival", "Cats", "Dune",
            ])
        #expect(
            try titles(MovieQuery(sort: .year, reversed: true)) == [
                "Cats", "Arrival", "Zodiac", "Heat", "Brazil", "alien", "Dune",
            ])
        #expect(try titles(MovieQuery(reversed: true)).first == "Arrival")
    }

    @Test("filter by ratings, with a limit")
    func filters() throws {
        #expect(
            try titles(MovieQuery(ratings: [.good, .excellent])) == ["Heat", "alien", "Brazil", "Arrival"])
        #expect(
            try titles(MovieQuery(ratings: [.good, .excellent], sort: .title, limit: 2)) == [
                "alien", "Arrival",
            ])
        #expect(try titles(MovieQuery(ratings: [.poor])).isEmpty)
    }

    @Test("paging by key visits every movie once, in order, for every sort", arguments: MovieSort.allCases)
    func paging(sort: MovieSort) throws {
        for reversed in [false, true] {
            let all = try store.list(MovieQuery(sort: sort, reversed: reversed)).map(\.id)
            var seen: [Int64] = []
            var after: MovieCursor?
            while true {
                let page = try store.list(MovieQuery(sort: sort, reversed: reversed, limit: 2, after: after))
                seen += page.map(\.id)
                guard page.count == 2, let last = page.last else { break }
                after = MovieCursor(after: last, sort: sort)
            }
            #expect(seen == all)
        }
    }

    @Test("a page continues from where its last movie stood, even once that movie is removed")
    func cursorOutlivesItsMovie() throws {
        for sort in MovieSort.allCases {
            for reversed in [false, true] {
                let database = try TestDatabase()
                for (title, year, rating) in [
                    ("Heat", 1995, Rating.excellent), ("alien", 1979, .good), ("Brazil", 1985, .good),
                    ("Zodiac", 2007, .decent), ("Cats", 2019, .terrible), ("Dune", nil, .notSeen),
                ] as [(String, Int?, Rating)] {
                    try database.store.add(MovieDraft(title: title, year: year, rating: rating))
                }
                let all = try database.store.list(MovieQuery(sort: sort, reversed: reversed))
                let first = try database.store.list(MovieQuery(sort: sort, reversed: reversed, limit: 3))
                let last = try #require(first.last)
                let cursor = MovieCursor(after: last, sort: sort)
                try database.store.remove(ids: [last.id])
                let rest = try database.store.list(MovieQuery(sort: sort, reversed: reversed, after: cursor))
                #expect(rest.map(\.id) == all.dropFirst(3).map(\.id), "\(sort), reversed: \(reversed)")
                // The cursor's text form, as a page prints it and the next command reads it, is the same cursor.
                #expect(MovieCursor(cursor.description) == cursor)
            }
        }
    }

    @Test("a cursor of one order is refused by a list in another")
    func cursorOfAnotherOrder() throws {
        let cursor = try #require(MovieCursor("title:Heat:1"))
        #expect(throws: MovieError.cursorOfAnotherOrder(cursor, listSort: .rating)) {
            try store.list(MovieQuery(sort: .rating, after: cursor))
        }
        #expect(throws: MovieError.cursorOfAnotherOrder(MovieCursor(id: 3), listSort: .title)) {
            try store.list(MovieQuery(sort: .title, after: MovieCursor(id: 3)))
        }
    }
}
