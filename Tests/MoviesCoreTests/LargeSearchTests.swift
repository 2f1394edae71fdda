import AppTestSupport
import Foundation
import MoviesCore
import TestSupport
import Testing

/// Search in a large list: 200,000 movies where CI runs it (`MOVIES_SLOW_TESTS=1`), a million with
/// `MOVIES_FULL_RELIABILITY=1`. Writing the file is most of the time (the whole test took 24 s for
/// 200,000 here, most of it the word and trigram indexes of every title); the searches themselves take
/// milliseconds, and `movies-bench` times them.
@Suite(
    "Full-text search on a large list", .offPool,
    .enabled(if: ReliabilityScale.isSlowEnabled, "set MOVIES_SLOW_TESTS=1"))
struct LargeSearchTests {
    static let count = ReliabilityScale.count(ci: 200_000, full: 1_000_000)

    @Test("any word of any title finds its movie")
    func largeList() throws {
        let database = try TestDatabase()
        // Titles like "Film 123456 Kappa river42": a unique number, a Greek letter word, a repeating word.
        let letters = ["Alpha", "Beta", "Gamma", "Delta", "Kappa", "Omega", "Sigma", "Theta"]
        let letterCase = letters.enumerated().map { "WHEN \($0.offset) THEN '\($0.element)'" }.joined(
            separator: " ")
        // On the watchlist, so that no viewing is written for each: search reads titles only.
        try GeneratedMovies.insert(
            into: database.path, count: Self.count,
            title: "'Film ' || x || ' ' || (CASE x % 8 \(letterCase) END) || ' river' || (x % 100)",
            columns: ["year": "1900 + x % 120"])
        let store = database.store
        #expect(try store.count() == Self.count)
        var random = SeededGenerator(seed: 1_000_000)
        for _ in 0..<25 {
            let i = Int.random(in: 1...Self.count, using: &random)
            let title = "Film \(i) \(letters[i % 8]) river\(i % 100)"
            // The unique word finds exactly this movie; the shared words find it among others.
            #expect(try store.search("\(i)", limit: 10).contains { $0.title == title })
            #expect(try store.search("\(letters[i % 8].lowercased()) \(i)").map(\.title).contains(title))
            #expect(try store.search("river\(i % 100) film \(i)").map(\.title).contains(title))
        }
        #expect(try store.search("river7", limit: 20).count == 20)
        #expect(try store.search("kappa river1", limit: 5).allSatisfy { $0.title.contains("Kappa river1") })
    }
}

@Suite("Generated movies for the large tests")
struct GeneratedMoviesTests {
    @Test("their keys are the ones the program would write, and a title with other keys is refused")
    func keysAsTheProgramWritesThem() throws {
        let database = try TestDatabase()
        try GeneratedMovies.insert(into: database.path, count: 1500, title: "'Film ' || x")
        #expect(try database.store.search("film 1499").map(\.title) == ["Film 1499"])
        // "The Film 1" sorts as "film 1", not as its lower-case form: the check must catch it.
        let refusal = #expect(throws: DirectSQLError.self) {
            try GeneratedMovies.insert(into: database.path, count: 1, first: 5000, title: "'The Film ' || x")
        }
        #expect(refusal?.message == "a generated title's keys are not its lower-case form: The Film 5000")
    }
}
