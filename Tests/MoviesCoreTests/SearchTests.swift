import AppTestSupport
import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing

@Suite("Full-text search")
struct SearchTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
        for (title, note) in [
            ("Blade Runner", "rain"), ("Blade Runner 2049", nil), ("Amélie", "Paris, Montmartre"),
            ("The Thing", nil), ("It's a \"Wonderful\" Life", "NEAR the end"), ("Heat", "L.A."),
        ] as [(String, String?)] {
            try store.add(MovieDraft(title: title, note: note))
        }
    }

    @Test("finds by any word of a title or note, as a word or its start, ignoring case and accents")
    func findsWords() throws {
        #expect(try store.search("runner").map(\.title).sorted() == ["Blade Runner", "Blade Runner 2049"])
        #expect(try store.search("2049").map(\.title) == ["Blade Runner 2049"])
        #expect(try store.search("bla run 20").map(\.title) == ["Blade Runner 2049"])
        #expect(try store.search("AMELIE").map(\.title) == ["Amélie"])
        #expect(try store.search("montmartre").map(\.title) == ["Amélie"])
        #expect(try store.search("wonderful").map(\.title) == ["It's a \"Wonderful\" Life"])
    }

    @Test(
        "quotes, operators and * in the text are plain characters, never a syntax error",
        arguments: [
            "\"", "'", "*", "NEAR(", "a OR b", "-heat", "title:heat", "heat\"", "(((", "^heat", "AND",
            "\"\"\"\"",
        ])
    func safeQueries(text: String) throws {
        do {
            _ = try store.search(text)
        } catch let problem as FullTextQuery.Problem {
            #expect(problem == .noWords(text))
        }
    }

    @Test("text without words is a clear refusal")
    func noWords() {
        #expect(throws: FullTextQuery.Problem.noWords("*** --")) { try store.search("*** --") }
    }

    @Test("the index follows edits, removals, and rows written by hand")
    func indexFollows() throws {
        let heat = try #require(try store.search("heat").first)
        try store.edit(id: heat.id, MovieChanges(title: "Collateral"))
        #expect(try store.search("heat").isEmpty)
        #expect(try store.search("collateral").map(\.id) == [heat.id])
        try store.remove(ids: [heat.id])
        #expect(try store.search("collateral").isEmpty)
        try DirectSQL.run(database.path, "INSERT INTO movies (title) VALUES ('Written By Hand')")
        #expect(try store.search("hand").map(\.title) == ["Written By Hand"])
        #expect(
            try DirectSQL.run(
                database.path, "INSERT INTO movies_fts (movies_fts) VALUES ('integrity-check'); SELECT 'ok'")
                == "ok")
    }

    @Test("the list's text filter uses the same search, with the list's order")
    func listFilter() throws {
        #expect(
            try store.list(MovieQuery(text: "blade", sort: .title, reversed: true)).map(\.title) == [
                "Blade Runner 2049", "Blade Runner",
            ])
    }
}
