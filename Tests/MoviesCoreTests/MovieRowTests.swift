import AppTestSupport
import Basics
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@Suite("MovieRow: columns by name, a bounded number of statements")
struct MovieRowTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
    }

    @Test("each column is read at its case's place and named as the table names it")
    func positionsResolve() throws {
        let all = MovieRow.insertColumns.columns
        #expect(all == MovieRow.Column.allCases)
        #expect(MovieRow.columns.columns == Array(all.prefix(16)))
        #expect(
            !MovieRow.columns.columns.contains(.titleKey) && !MovieRow.columns.columns.contains(.titleSort))
        let (selected, written, table) = try database.app.database.read { connection in
            (
                try connection.prepare("SELECT \(MovieRow.columns.sql) FROM movies").columnNames,
                try connection.prepare("SELECT \(MovieRow.insertColumns.sql) FROM movies").columnNames,
                try connection.prepare("SELECT name FROM pragma_table_info('movies')").fetchAll {
                    $0.string(at: 0)
                }
            )
        }
        #expect(selected == MovieRow.columns.columns.map(\.name))
        #expect(written == all.map(\.name))
        #expect(Set(written).isSubset(of: table))
    }

    @Test("every field is written to the column of its name and read back from it")
    func fieldsRoundTrip() throws {
        let draft = MovieDraft(
            title: "The Heat", year: 1995, rating: .good, watchedOn: CalendarDate(parsing: "2024-03-05"),
            watchCount: 3, ratedOn: CalendarDate(parsing: "2024-03-06"), note: "a note",
            stars: StarRating(stars: 3.5), imdbID: "tt0113277", letterboxdURI: "https://boxd.it/2aMM",
            runtimeMinutes: 170, genres: ["Crime", "Drama"], directors: ["Michael Mann"])
        let added = try store.add(draft)
        #expect(MovieDraft(added) == draft)
        #expect(try store.movie(id: added.id) == added)
        #expect(try store.list() == [added])
        // Read by name with sqlite3, so two columns swapped in both the binder and the decoder show.
        let stored = try DirectSQL.run(
            database.path,
            """
            SELECT id, title, year, rating, watched_on, note, stars, imdb_id, letterboxd_uri, watch_count,
                   rated_on, title_key, title_sort, runtime_minutes, genres, directors, created_at = updated_at
            FROM movies
            """)
        #expect(
            stored
                == "1|The Heat|1995|good|2024-03-05|a note|3.5|tt0113277|https://boxd.it/2aMM|3|2024-03-06|"
                + "the heat|heat\tthe|170|Crime, Drama|Michael Mann|1")
        // The day and the count stand for viewings: the dated one, and two undated rewatches.
        #expect(
            try store.viewings(ofMovie: added.id).map {
                "\($0.watchedOn?.description ?? "-") \($0.isRewatch)"
            }
                == ["2024-03-05 false", "- true", "- true"])
    }

    @Test("listing and searching by every set of words leaves a few statements per order, not one a count")
    func boundedStatements() throws {
        try store.add(MovieDraft(title: "Heat", year: 1995, rating: .good))
        let words = RatingWord.allCases
        let subsets = (1..<(1 << words.count)).map { mask in
            Set(words.indices.filter { mask & (1 << $0) != 0 }.map { words[$0] })
        }
        let count = { try database.app.database.read { $0.cachedStatementCount } }
        let before = try count()
        for ratings in subsets {
            let listed = try store.list(MovieQuery(ratings: ratings))
            #expect(listed.count == (ratings.contains(.good) ? 1 : 0))
        }
        // One to seven words: lists of 1, 2, 4 and 8.
        #expect(try count() - before == 4)
        for ratings in subsets {
            let found = try store.search("heat", ratings: ratings)
            #expect(found.count == (ratings.contains(.good) ? 1 : 0))
        }
        #expect(try count() - before == 8)
    }

    @Test("stored genres and directors split as the Character split does, ASCII or not")
    func storedNames() {
        func bySplittingCharacters(_ text: String) -> [String] {
            text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        #expect(MovieRow.names(nil) == [])
        #expect(MovieRow.names("Crime, Drama") == ["Crime", "Drama"])
        #expect(MovieRow.names(" ,Crime ,, \t\u{0B}Drama\r\n, ") == ["Crime", "Drama"])
        #expect(
            MovieRow.names("Krzysztof Kieślowski, Agnès Varda") == ["Krzysztof Kieślowski", "Agnès Varda"])
        // A comma that a combining mark follows is not a comma character: the name stays whole.
        #expect(MovieRow.names("A,\u{0301}B, C") == ["A,\u{0301}B", "C"])
        #expect(MovieRow.names("\u{3000}Ozu\u{3000}, Naruse") == ["Ozu", "Naruse"])
        // Every ASCII string of up to five of the bytes that matter.
        let alphabet = [",", " ", "\t", "\n", "\r", "\u{0B}", "a"]
        var texts = [""]
        for _ in 0..<5 { texts += texts.flatMap { prefix in alphabet.map { prefix + $0 } } }
        for text in Set(texts) {
            #expect(MovieRow.names(text) == bySplittingCharacters(text), "\(text.debugDescription)")
        }
    }
}
