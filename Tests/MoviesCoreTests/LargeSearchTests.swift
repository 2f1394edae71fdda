import AppTestSupport
import Foundation
import MoviesCore
import TestSupport
import Testing

/// Search in a list of a million movies. Building the file takes the `sqlite3` command half a minute, so
/// it runs when `MOVIES_SLOW_TESTS=1` (CI sets it).
@Suite(
    "Full-text search on 1,000,000 movies", .offPool,
    .enabled(if: ProcessInfo.processInfo.environment["MOVIES_SLOW_TESTS"] == "1", "set MOVIES_SLOW_TESTS=1"))
struct LargeSearchTests {
    @Test("any word of any title finds its movie")
    func millionMovies() throws {
        let database = try TestDatabase()
        // Titles like "Film 123456 Kappa river42": a unique number, a Greek letter word, a repeating word.
        let letters = ["Alpha", "Beta", "Gamma", "Delta", "Kappa", "Omega", "Sigma", "Theta"]
        let letterCase = letters.enumerated().map { "WHEN \($0.offset) THEN '\($0.element)'" }.joined(
            separator: " ")
        try DirectSQL.run(
            database.path,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
            INSERT INTO movies (title, year, rating)
            SELECT 'Film ' || i || ' ' || (CASE i % 8 \(letterCase) END) || ' river' || (i % 100),
                   1900 + i % 120, 'good'
            FROM n;
            """)
        let store = database.store
        #expect(try store.count() == 1_000_000)
        var random = SeededGenerator(seed: 1_000_000)
        for _ in 0..<25 {
            let i = Int.random(in: 1...1_000_000, using: &random)
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
