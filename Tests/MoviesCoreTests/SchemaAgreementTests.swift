import AppTestSupport
import Foundation
import MoviesCore
import TestSupport
import Testing

/// The Swift types and the schema spell the same things twice (the rating words in a `CHECK` and a
/// `CASE`); these tests fail when one changes without the other.
@Suite("Swift types and the schema agree")
struct SchemaAgreementTests {
    /// The `movies` table's definition as SQLite keeps it.
    private static func tableSQL(_ database: TestDatabase) throws -> String {
        try SQLiteShell.run(database.path, "SELECT sql FROM sqlite_schema WHERE name = 'movies'")
    }

    @Test("Rating.allCases is the CHECK's list of words, in scale order")
    func ratingWordsMatchCheck() throws {
        let sql = try Self.tableSQL(try TestDatabase())
        let start = try #require(sql.range(of: "CHECK (rating IN (")?.upperBound)
        let end = try #require(sql[start...].firstIndex(of: ")"))
        let words = sql[start..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        #expect(words == Rating.allCases.map(\.rawValue))
        #expect(Rating.allCases.map(\.rank) == Array(0..<Rating.allCases.count))
    }

    @Test("the rating order's SQL gives each word its Swift rank, and is the index's expression")
    func ratingRankMatchesIndex() throws {
        let database = try TestDatabase()
        for rating in Rating.allCases {
            let rank = try SQLiteShell.run(
                database.path,
                "SELECT \(MovieSort.rating.keyExpression) FROM (SELECT '\(rating.rawValue)' AS rating)")
            #expect(rank == String(rating.rank), "\(rating)")
        }
        let index = try SQLiteShell.run(
            database.path, "SELECT sql FROM sqlite_schema WHERE name = 'movies_by_rating'")
        let squeezed = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let expression = squeezed(MovieSort.rating.keyExpression)
        #expect(squeezed(index).contains(expression.dropFirst().dropLast()))
    }
}
