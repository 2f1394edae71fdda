import AppTestSupport
import Basics
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@Suite("MovieStore")
struct MovieStoreTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
    }

    @Test("add stores a movie with defaults and timestamps, and get reads it back")
    func addAndGet() throws {
        let movie = try store.add(MovieDraft(title: "  Heat ", year: 1995, rating: .excellent))
        #expect(movie.id == 1)
        #expect(movie.title == "Heat")
        #expect(movie.rating == .excellent)
        // Both stamps written, by one reading of the clock (decoding them proves their form).
        #expect(movie.createdAt == movie.updatedAt)
        #expect(try store.movie(id: movie.id) == movie)
        #expect(try store.add(MovieDraft(title: "Alien")).rating == .notSeen)
        #expect(try DirectSQL.integrityCheck(database.path) == "ok")
    }

    @Test(
        "titles round-trip exactly",
        arguments: [
            "Heat", "It's \"quoted\"", "semi;colon", "'); DROP TABLE movies;--", "🎬🍿 Emoji", "千と千尋の神隠し",
            "Amélie", "back\\slash", "%_ like wildcards", String(repeating: "長", count: 500),
        ])
    func titlesRoundTrip(title: String) throws {
        let movie = try store.add(MovieDraft(title: title, year: 2001))
        #expect(try store.movie(id: movie.id)?.title == title)
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM movies") == "1")
    }

    @Test("a title and year already listed is refused with the existing id, in any ASCII case")
    func refusesDuplicate() throws {
        let heat = try store.add(MovieDraft(title: "Heat", year: 1995))
        #expect(throws: MovieError.duplicate(existing: heat)) {
            try store.add(MovieDraft(title: "HEAT", year: 1995, rating: .good))
        }
        #expect(MovieError.duplicate(existing: heat).description.contains("as id 1"))
        // Another year is another movie; no year is a value of its own.
        try store.add(MovieDraft(title: "Heat", year: 1986))
        let undated = try store.add(MovieDraft(title: "Heat"))
        #expect(throws: MovieError.duplicate(existing: undated)) { try store.add(MovieDraft(title: "heat")) }
        #expect(try store.count() == 3)
    }

    @Test("invalid drafts are refused before anything is written")
    func refusesInvalid() throws {
        let cases: [(MovieDraft, MovieError)] = [
            (MovieDraft(title: "   "), .blankTitle),
            (MovieDraft(title: "Heat", year: 1869), .yearOutOfRange(1869)),
            (MovieDraft(title: "Heat", year: 2101), .yearOutOfRange(2101)),
            (MovieDraft(title: "A\u{1B}[31mred"), .controlCharacter(field: .title, scalar: "\u{1B}")),
            (MovieDraft(title: "nul\0byte"), .controlCharacter(field: .title, scalar: "\0")),
            (MovieDraft(title: String(repeating: "x", count: 501)), .titleTooLong(length: 501)),
            (
                MovieDraft(title: "Heat", note: String(repeating: "n", count: 10_001)),
                .noteTooLong(length: 10_001)
            ),
        ]
        // (Not a byte comparison of the file: reading it here, while this process has it open, would
        // drop SQLite's POSIX locks. See DatabaseFile.)
        let before = try DirectSQL.dump(database.path)
        for (draft, expected) in cases {
            #expect(throws: expected) { try store.add(draft) }
        }
        #expect(try store.count() == 0)
        #expect(try DirectSQL.dump(database.path) == before)
    }

    @Test("rate changes the rating and updated_at; rating the same again writes nothing")
    func rate() throws {
        let heat = try store.add(MovieDraft(title: "Heat", rating: .good))
        // updated_at is set to a moment the clock can never show again, so "it was written" does not
        // depend on the clock moving forward between two statements (a virtual machine's may step back).
        try stampUpdatedAt(ofMovie: heat.id)
        let change = try store.rate(id: heat.id, .excellent)
        #expect(change.before.rating == .good && change.after.rating == .excellent)
        #expect(change.before.updatedAt == Self.longAgo)
        #expect(change.after.updatedAt != Self.longAgo)
        try stampUpdatedAt(ofMovie: heat.id)
        let same = try store.rate(id: heat.id, .excellent)
        #expect(same.after == same.before)
        #expect(try store.movie(id: heat.id)?.updatedAt == Self.longAgo)
        #expect(throws: MovieError.notFound(id: 99)) { try store.rate(id: 99, .good) }
    }

    /// A moment before this program existed, for telling whether `updated_at` was written.
    static let longAgo = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z

    /// Sets the movie's `updated_at` to `longAgo`, as another program could.
    private func stampUpdatedAt(ofMovie id: Int64) throws {
        try database.app.database.write { connection in
            try connection.execute(
                "UPDATE movies SET updated_at = ? WHERE id = ?",
                arguments: [Timestamp.string(from: Self.longAgo), id])
        }
    }

    @Test("edit changes and clears fields, and refuses a clash with another movie")
    func edit() throws {
        let heat = try store.add(MovieDraft(title: "Heat", year: 1995, note: "Pacino"))
        let alien = try store.add(MovieDraft(title: "Alien", year: 1979))
        let watched = CalendarDate(year: 2024, month: 2, day: 29)!
        let edited = try store.edit(
            id: heat.id,
            MovieChanges(title: "Heat ", year: .set(1996), watchedOn: .set(watched), note: .clear)
        ).after
        #expect(
            edited.title == "Heat" && edited.year == 1996 && edited.watchedOn == watched && edited.note == nil
        )
        #expect(throws: MovieError.duplicate(existing: alien)) {
            try store.edit(id: heat.id, MovieChanges(title: "alien", year: .set(1979)))
        }
        #expect(throws: MovieError.blankTitle) { try store.edit(id: heat.id, MovieChanges(title: " ")) }
        #expect(throws: MovieError.notFound(id: 42)) { try store.edit(id: 42, MovieChanges(rating: .good)) }
        #expect(try store.movie(id: heat.id) == edited)
    }

    @Test("remove is all or nothing")
    func remove() throws {
        let a = try store.add(MovieDraft(title: "A"))
        let b = try store.add(MovieDraft(title: "B"))
        #expect(throws: MovieError.notFound(id: 77)) { try store.remove(ids: [a.id, 77]) }
        #expect(try store.count() == 2)
        #expect(try store.remove(ids: [a.id, b.id, a.id]).map(\.id) == [a.id, b.id])
        #expect(try store.count() == 0)
        // Ids are never reused.
        #expect(try store.add(MovieDraft(title: "C")).id == 3)
    }

    @Test("a row written by hand with sqlite3 is read like any other")
    func handWrittenRow() throws {
        try DirectSQL.run(database.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'good')")
        let movies = try store.list()
        #expect(movies.map(\.title) == ["Heat"])
        #expect(movies.first?.rating == .good)
    }
}
