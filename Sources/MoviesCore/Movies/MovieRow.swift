import Foundation
import Storage

/// How a `Movie` maps to a row of the `movies` table: the column list and the decoder that reads it.
enum MovieRow {
    /// The columns every movie query selects, in the order `decode` reads them.
    static let columns =
        "id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri"

    /// `columns`, each prefixed with `movies.`, for queries that join another table.
    static let qualifiedColumns = qualified(columns, table: "movies")

    /// `a, b` as `table.a, table.b`.
    static func qualified(_ columns: String, table: String) -> String {
        columns.split(separator: ",").map { "\(table)." + $0.trimmingWhitespace() }
            .joined(separator: ", ")
    }

    /// Reads the current row of a statement that selected `columns`.
    ///
    /// Columns are read by index and the rating and timestamps parsed from SQLite's buffer directly;
    /// this runs once per row when listing, so it stays free of name lookups and formatters.
    static func decode(_ row: Statement) -> Movie {
        Movie(
            id: row.int64(at: 0),
            title: row.string(at: 1),
            year: row.optionalInt(at: 2),
            rating: row.withUTF8(at: 3) { Rating(utf8: $0) } ?? .notSeen,
            watchedOn: row.optionalString(at: 4).flatMap(CalendarDate.init(parsing:)),
            note: row.optionalString(at: 5),
            createdAt: row.withUTF8(at: 6) { Timestamp.date(utf8: $0) } ?? Date(timeIntervalSince1970: 0),
            updatedAt: row.withUTF8(at: 7) { Timestamp.date(utf8: $0) } ?? Date(timeIntervalSince1970: 0),
            stars: row.optionalDouble(at: 8).flatMap(StarRating.init(stars:)),
            imdbID: row.optionalString(at: 9),
            letterboxdURI: row.optionalString(at: 10))
    }
}

extension MovieSort {
    /// The SQL expression this order sorts on; each has an index ending in `id` (see 0001_create_movies.sql).
    var keyExpression: String {
        switch self {
        case .added: "id"
        case .title: "title"
        case .rating: Self.ratingRank
        case .year: "coalesce(year, 9999)"
        }
    }

    /// A rating's place on the scale, exactly as the index `movies_by_rating` spells it (SQLite uses an
    /// index on an expression only for the same expression).
    static let ratingRank = """
        (CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2 WHEN 'decent' THEN 3 \
        WHEN 'good' THEN 4 WHEN 'excellent' THEN 5 ELSE 0 END)
        """

    /// Whether the natural direction is ascending (rating lists the best first).
    var isAscending: Bool { self != .rating }
}
