import Basics
import FoundationEssentials
import Storage

/// How a `Movie` maps to a row of the `movies` table: the one list of its columns, the decoder that
/// reads them and the binder that writes them.
///
/// Every query and every insert of whole rows goes through these, so a column added to the table is
/// added here once.
package enum MovieRow {
    /// The columns every movie query selects, in the order `decode` reads them.
    package static let columns = ColumnList(
        table: "movies",
        [
            "id", "title", "year", "rating", "watched_on", "note", "created_at", "updated_at", "stars",
            "imdb_id", "letterboxd_uri", "watch_count", "rated_on",
        ])

    /// The columns an insert writes, in the order `bind` binds them: the selected ones, then the title's
    /// keys (computed from the title; see `TitleKeys`).
    package static let insertColumns = ColumnList(
        table: "movies", columns.names + ["title_key", "title_sort"])

    /// Reads the current row of a statement that selected `columns`.
    ///
    /// Columns are read by index and the rating and timestamps parsed from SQLite's buffer directly;
    /// this runs once per row when listing, so it stays free of name lookups and formatters.
    package static func decode(_ row: Statement) -> Movie {
        let word = row.withUTF8(at: 3) { RatingWord(utf8: $0) } ?? .notSeen
        return Movie(
            id: row.int64(at: 0),
            title: row.string(at: 1),
            year: row.optionalInt(at: 2),
            rating: word.rating,
            watchState: word.watchState,
            watchedOn: row.optionalString(at: 4).flatMap(CalendarDate.init(parsing:)),
            watchCount: row.optionalInt(at: 11),
            ratedOn: row.optionalString(at: 12).flatMap(CalendarDate.init(parsing:)),
            note: row.optionalString(at: 5),
            createdAt: row.withUTF8(at: 6) { Timestamp.date(utf8: $0) } ?? Date(timeIntervalSince1970: 0),
            updatedAt: row.withUTF8(at: 7) { Timestamp.date(utf8: $0) } ?? Date(timeIntervalSince1970: 0),
            // Stars written by hand that disagree with the word say two things; the word wins.
            stars: row.optionalDouble(at: 8).flatMap(StarRating.init(stars:)).flatMap {
                $0.rating == word.rating ? $0 : nil
            },
            imdbID: row.optionalString(at: 9),
            letterboxdURI: row.optionalString(at: 10))
    }

    // MARK: - Bulk inserts

    /// Rows per statement of a bulk insert: 64 × 15 parameters stays far below SQLite's limit of 32,766.
    ///
    /// Why batches: inside a transaction, every statement that writes to an FTS5 table opens a
    /// savepoint, and FTS5 flushes its pending index data at each one, so a row per statement writes a
    /// small index segment per row (and then merges them). A multi-row `INSERT ... VALUES (...), (...)`
    /// flushes once per batch: measured here, 5,000 rows took 0.57 s one per statement and 0.15 s a
    /// hundred per statement. https://www.sqlite.org/fts5.html#the_automerge_configuration_option
    package static let batchSize = 64

    /// `INSERT INTO movies (columns) VALUES (?, …), …` for `rows` rows, followed by `clause` (an
    /// `ON CONFLICT` or `RETURNING` clause).
    package static func insertSQL(rows: Int, clause: String = "") -> String {
        insertColumns.insertSQL(rows: rows) + (clause.isEmpty ? "" : " " + clause)
    }

    /// Binds `record` as the row whose first parameter follows `offset` in an `insertSQL` statement;
    /// `id` overrides the record's id (nil lets SQLite pick the next one), `now` stamps missing times.
    /// The draft must be validated (its title in stored form).
    package static func bind(
        _ record: MovieRecord, id: Int64?, to statement: Statement, offset: Int32, now: String
    ) throws {
        let draft = record.draft
        let key = TitleKeys.identity(draft.title)
        try statement.bind(id, at: offset + 1)
        try statement.bind(draft.title, at: offset + 2)
        try statement.bind(draft.year, at: offset + 3)
        try statement.bind(draft.ratingWord.rawValue, at: offset + 4)
        try statement.bind(draft.watchedOn?.description, at: offset + 5)
        try statement.bind(draft.note, at: offset + 6)
        try statement.bind(record.createdAt.map(Timestamp.string(from:)) ?? now, at: offset + 7)
        try statement.bind(record.updatedAt.map(Timestamp.string(from:)) ?? now, at: offset + 8)
        try statement.bind(draft.stars?.stars, at: offset + 9)
        try statement.bind(draft.imdbID, at: offset + 10)
        try statement.bind(draft.letterboxdURI, at: offset + 11)
        try statement.bind(draft.watchCount, at: offset + 12)
        try statement.bind(draft.ratedOn?.description, at: offset + 13)
        try statement.bind(key, at: offset + 14)
        try statement.bind(TitleKeys.sort(identity: key), at: offset + 15)
    }
}

extension MovieSort {
    /// The SQL expression this order sorts on; each has an index ending in `id` (see
    /// 0005_seen_counts_and_title_keys.sql).
    package var keyExpression: String {
        switch self {
        case .added: "id"
        case .title: "title_sort"
        case .rating: Self.ratingRank
        case .year: "coalesce(year, 9999)"
        }
    }

    /// A movie's place in `--sort rating`, exactly as the index `movies_by_rating` spells it (SQLite
    /// uses an index on an expression only for the same expression): the watchlist 0, seen without a
    /// rating 1, then two places per word, the lower half-star first.
    package static let ratingRank = """
        (CASE rating WHEN 'not-seen' THEN 0 WHEN 'seen' THEN 1 \
        ELSE 2 * (CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2 WHEN 'decent' THEN 3 \
        WHEN 'good' THEN 4 ELSE 5 END) \
        + (CASE WHEN stars IS NOT NULL AND CAST(stars * 2 AS INTEGER) % 2 = 1 THEN 0 ELSE 1 END) END)
        """

    /// Whether the natural direction is ascending (rating lists the best first).
    var isAscending: Bool { self != .rating }
}

extension Movie {
    /// The movie's place in `--sort rating` (`MovieSort.ratingRank`): 0 on the watchlist, 1 seen
    /// without a rating, 2–11 rated, the lower half-star of each word first.
    public var ratingRank: Int {
        switch ratingWord {
        case .notSeen: return 0
        case .seen: return 1
        default:
            let lowerHalf = stars.map { $0.halfStars % 2 == 1 } ?? false
            return 2 * rating.rank + (lowerHalf ? 0 : 1)
        }
    }
}
