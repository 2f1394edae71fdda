import Basics
import FoundationEssentials
import Storage

/// How a `Movie` maps to a row of the `movies` table: the one list of its columns, the decoder that
/// reads them and the binder that writes them.
///
/// Every query and every insert of whole rows goes through these, so a column added to the table is
/// added here once: as a case of `Column`, which places it, names it and makes the compiler ask for its
/// name; the decoder and the binder refer to columns by case.
package enum MovieRow {
    /// The columns of `movies` a movie is read from and written to, in the order of the select list (a
    /// case's raw value is its place in it).
    package enum Column: Int32, TableColumn {
        case id, title, year, rating, watchedOn, note, createdAt, updatedAt, stars, imdbID, letterboxdURI
        case watchCount, ratedOn, runtimeMinutes, genres, directors
        /// The title's keys (see `TitleKeys`): computed from the title, so written and never read; last,
        /// so the select list can stop before them.
        case titleKey, titleSort

        package var name: String {
            switch self {
            case .id: "id"
            case .title: "title"
            case .year: "year"
            case .rating: "rating"
            case .watchedOn: "watched_on"
            case .note: "note"
            case .createdAt: "created_at"
            case .updatedAt: "updated_at"
            case .stars: "stars"
            case .imdbID: "imdb_id"
            case .letterboxdURI: "letterboxd_uri"
            case .watchCount: "watch_count"
            case .ratedOn: "rated_on"
            case .runtimeMinutes: "runtime_minutes"
            case .genres: "genres"
            case .directors: "directors"
            case .titleKey: "title_key"
            case .titleSort: "title_sort"
            }
        }
    }

    /// The columns every movie query selects, in the order `decode` reads them.
    package static let columns = ColumnList<Column>(table: "movies", through: .directors)

    /// The columns an insert writes, as `bind` binds them: the selected ones, then the title's keys.
    package static let insertColumns = ColumnList<Column>(table: "movies")

    /// Reads the current row of a statement that selected `columns`.
    ///
    /// The rating and timestamps are parsed from SQLite's buffer directly, and each column's position is
    /// a constant; this runs once per row when listing, so it stays free of name lookups and formatters.
    package static func decode(_ row: Statement) -> Movie {
        let word = row.withUTF8(Column.rating) { RatingWord(utf8: $0) } ?? .notSeen
        return Movie(
            id: row.int64(Column.id),
            title: row.string(Column.title),
            year: row.optionalInt(Column.year),
            rating: word.rating,
            watchState: word.watchState,
            watchedOn: row.optionalString(Column.watchedOn).flatMap(CalendarDate.init(parsing:)),
            watchCount: row.optionalInt(Column.watchCount),
            ratedOn: row.optionalString(Column.ratedOn).flatMap(CalendarDate.init(parsing:)),
            note: row.optionalString(Column.note),
            createdAt: row.withUTF8(Column.createdAt) { Timestamp.date(utf8: $0) }
                ?? Date(timeIntervalSince1970: 0),
            updatedAt: row.withUTF8(Column.updatedAt) { Timestamp.date(utf8: $0) }
                ?? Date(timeIntervalSince1970: 0),
            // The table's CHECK keeps stars that say another word out.
            stars: row.optionalDouble(Column.stars).flatMap(StarRating.init(stars:)),
            imdbID: row.optionalString(Column.imdbID),
            letterboxdURI: row.optionalString(Column.letterboxdURI),
            runtimeMinutes: row.optionalInt(Column.runtimeMinutes),
            genres: names(row.optionalString(Column.genres)),
            directors: names(row.optionalString(Column.directors)))
    }

    /// Genres or directors as stored, as IMDb's export writes them: `Crime, Drama`; nil for none.
    package static func storedNames(_ names: [String]) -> String? {
        names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The genres or directors of a stored text.
    ///
    /// ASCII text (nearly every row) is split byte by byte: split by `Character`, each row of
    /// `movies list` spent 6,000 instructions here finding grapheme boundaries in `Drama, Crime`. Other
    /// text is split by `Character` as before, so a comma that a combining mark follows stays inside
    /// its name.
    package static func names(_ text: String?) -> [String] {
        guard let text else { return [] }
        guard text.isASCII else {
            return text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        return text.utf8.split(separator: UInt8(ascii: ",")).map {
            String(Substring($0)).trimmingWhitespace()
        }
        .filter { !$0.isEmpty }
    }

    /// Binds `record` as one row of an insert of `insertColumns` (or of a list with the same columns);
    /// `id` overrides the record's id (nil lets SQLite pick the next one), `now` stamps missing times.
    /// The draft must be validated (its title in stored form).
    package static func bind(_ record: MovieRecord, id: Int64?, to row: RowBinder<Column>, now: String) throws
    {
        let draft = record.draft
        let key = TitleKeys.identity(draft.title)
        try row.bind(id, to: .id)
        try row.bind(draft.title, to: .title)
        try row.bind(draft.year, to: .year)
        try row.bind(draft.ratingWord.rawValue, to: .rating)
        try row.bind(draft.watchedOn?.description, to: .watchedOn)
        try row.bind(draft.note, to: .note)
        try row.bind(record.createdAt.map(Timestamp.string(from:)) ?? now, to: .createdAt)
        try row.bind(record.updatedAt.map(Timestamp.string(from:)) ?? now, to: .updatedAt)
        try row.bind(draft.stars?.stars, to: .stars)
        try row.bind(draft.imdbID, to: .imdbID)
        try row.bind(draft.letterboxdURI, to: .letterboxdURI)
        try row.bind(draft.watchCount, to: .watchCount)
        try row.bind(draft.ratedOn?.description, to: .ratedOn)
        try row.bind(draft.runtimeMinutes, to: .runtimeMinutes)
        try row.bind(storedNames(draft.genres), to: .genres)
        try row.bind(storedNames(draft.directors), to: .directors)
        try row.bind(key, to: .titleKey)
        try row.bind(TitleKeys.sort(identity: key), to: .titleSort)
    }
}

extension MovieSort {
    /// The SQL expression this order sorts on; each has an index ending in `id` (see
    /// 0005_seen_counts_and_title_keys.sql).
    package var keyExpression: String { keyExpression(reversed: false) }

    /// The expression for this order, or its reverse. Films without a year come last either way: they
    /// have no place among the years, and `--sort year --reverse` is "newest first", not "yearless
    /// first". So the reverse sorts them as year 0, descending, on an index of its own
    /// (`movies_by_year_newest`, 0011_title_trigrams_and_newest_first_years.sql).
    package func keyExpression(reversed: Bool) -> String {
        switch self {
        case .added: "id"
        case .title: "title_sort"
        case .rating: Self.ratingRank
        case .year: reversed ? "coalesce(year, 0)" : "coalesce(year, 9999)"
        }
    }

    /// A movie's place in `--sort rating`, as the index `movies_by_rating` spells it (SQLite uses an
    /// index on an expression only for the same expression): the watchlist 0, seen without a rating 1,
    /// then two places per word, the lower half-star first. Written from the words and their ranks
    /// (`RatingWord`, `Rating.rank`), so the words are spelled once; `SchemaAgreementTests` checks it is
    /// the index's expression.
    package static let ratingRank: String = {
        let rated = RatingWord.allCases.filter { $0.rating != .notSeen }
        let ranks = rated.dropLast().map { "WHEN '\($0.rawValue)' THEN \($0.rating.rank)" }.joined(
            separator: " ")
        let best = rated.last?.rating.rank ?? 0
        return
            "(CASE rating WHEN '\(RatingWord.notSeen.rawValue)' THEN 0 WHEN '\(RatingWord.seen.rawValue)' THEN 1 "
            + "ELSE 2 * (CASE rating \(ranks) ELSE \(best) END) "
            + "+ (CASE WHEN stars IS NOT NULL AND CAST(stars * 2 AS INTEGER) % 2 = 1 THEN 0 ELSE 1 END) END)"
    }()

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
