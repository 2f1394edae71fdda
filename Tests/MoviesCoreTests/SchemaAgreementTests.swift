import AppTestSupport
import Basics
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
        try DirectSQL.run(database.path, "SELECT sql FROM sqlite_schema WHERE name = 'movies'")
    }

    @Test("RatingWord.allCases is the CHECK's list of words, in scale order")
    func ratingWordsMatchCheck() throws {
        let sql = try Self.tableSQL(try TestDatabase())
        let start = try #require(sql.range(of: "CHECK (rating IN (")?.upperBound)
        let end = try #require(sql[start...].firstIndex(of: ")"))
        let words = sql[start..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        #expect(words == RatingWord.allCases.map(\.rawValue))
        #expect(Rating.allCases.map(\.rank) == Array(0..<Rating.allCases.count))
    }

    @Test("movies stats spells the partial index's condition, so SQLite may read the index alone")
    func statisticsFilterIsTheIndexCondition() throws {
        let database = try TestDatabase()
        let index = try DirectSQL.run(
            database.path, "SELECT sql FROM sqlite_schema WHERE name = 'movies_seen'")
        let condition = try #require(index.range(of: " WHERE ").map { String(index[$0.upperBound...]) })
        let today = try #require(CalendarDate(year: 2025, month: 1, day: 1))
        for year in [nil, 2025] {
            #expect(StatisticsSQL.filter(.init(year: year, today: today)).sql.hasPrefix(condition))
        }
        // The viewings' queries compare watched_on, which implies viewings_dated's condition.
        let dated = try DirectSQL.run(
            database.path, "SELECT sql FROM sqlite_schema WHERE name = 'viewings_dated'")
        #expect(dated.hasSuffix(" WHERE watched_on IS NOT NULL"))
        #expect(StatisticsSQL.perMonth.contains("WHERE watched_on >= ? AND watched_on < ?"))
    }

    @Test("the rating order's SQL gives each word and stars the Swift rank, and is the index's expression")
    func ratingRankMatchesIndex() throws {
        let database = try TestDatabase()
        let created = Date(timeIntervalSince1970: 0)
        for word in RatingWord.allCases {
            let starChoices =
                [nil] + (1...10).compactMap(StarRating.init(halfStars:)).filter { $0.rating == word.rating }
            for stars in word.rating == .notSeen ? [nil] : starChoices {
                let movie = Movie(
                    id: 1, title: "x", rating: word.rating, watchState: word.watchState, createdAt: created,
                    updatedAt: created, stars: stars)
                let starsSQL = stars.map { String($0.stars) } ?? "NULL"
                let rank = try DirectSQL.run(
                    database.path,
                    "SELECT \(MovieSort.rating.keyExpression) FROM (SELECT '\(word.rawValue)' AS rating, "
                        + "\(starsSQL) AS stars)")
                #expect(rank == String(movie.ratingRank), "\(word) \(String(describing: stars))")
            }
        }
        let index = try DirectSQL.run(
            database.path, "SELECT sql FROM sqlite_schema WHERE name = 'movies_by_rating'")
        let squeezed = { (text: String) in
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(
                of: "( ", with: "(")
        }
        let expression = squeezed(MovieSort.rating.keyExpression)
        #expect(squeezed(index).contains(expression.dropFirst().dropLast()), "\(squeezed(index))")
    }
}
