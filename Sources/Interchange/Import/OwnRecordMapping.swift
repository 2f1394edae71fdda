import Basics
import MoviesCore

/// Reads rows of this program's own formats (csv, tsv, json, ndjson), as `MovieRecordWriter` writes
/// them, back into movies, field for field: ids, millisecond timestamps, notes, absent values.
///
/// Also reads `stars`, `imdb_id`, `letterboxd_uri`, `watch_count`, `rated_on`, `runtime_minutes`,
/// `genres` and `directors` when a file has them;
/// files written before the writer gained those columns import as they were. A `not-seen` row with a
/// watched date (what `add --watched` stored before migration 0005) is seen.
///
/// In CSV and TSV, the writer escaped text a spreadsheet would run as a formula with a leading `'`
/// (`FieldEncoding.spreadsheetSafe`); that escape, and only it, is removed here, so `'=x` written as
/// `''=x` reads back as `'=x`. JSON is read as it is.
struct OwnRecordMapping {
    /// Whether text fields carry `FieldEncoding.spreadsheetSafe`'s escape (CSV and TSV).
    let removesSpreadsheetEscapes: Bool
    /// The last day a watched date may be.
    let today: CalendarDate

    enum Column: Int, ImportColumn {
        case id, title, year, rating, watchedOn, note, createdAt, updatedAt, stars, imdbID, letterboxdURI,
            watchCount, ratedOn, runtimeMinutes, genres, directors

        var key: String { ImportHeader.key(name) }

        /// The name as the writer spells it.
        var name: String {
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
            }
        }

        var label: String { name }
    }

    /// Checks that a CSV/TSV header has the one column a movie cannot do without.
    static func check(_ layout: ColumnLayout, path: String, format: MovieImportFormat) throws(ImportFileError)
    {
        guard layout.has(slot: Column.title.rawValue) else {
            throw .unknownFormat(
                path: path,
                reason: "the header has no 'title' column; this program's \(format.rawValue) starts with "
                    + MovieRecordWriter.baseFieldNames.joined(separator: ","))
        }
    }

    func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
        let row = removesSpreadsheetEscapes ? Self.removingSpreadsheetEscapes(row) : row
        var stars = try ImportValueParsing.stars(row.text(Column.stars))
        var word = stars.map { RatingWord($0.rating) } ?? .notSeen
        if let text = try row.text(Column.rating) {
            // The reader `--rating` and the shell's form use, so a file takes the spellings they take:
            // a word, or stars (`4.5`), which the `stars` column, the exact one, overrides.
            switch TypedRating(typed: text) {
            case .word(let parsed): word = parsed
            case .stars(let typed):
                stars = stars ?? typed
                word = RatingWord((stars ?? typed).rating)
            case nil: throw .unknownRatingWord(text)
            }
        }
        return try ImportedMovie(
            line: row.line,
            id: ImportValueParsing.id(row.text(Column.id)),
            title: row.text(Column.title) ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: word.rating,
            watchState: word.watchState,
            stars: stars,
            watchedOn: ImportValueParsing.day(row.text(Column.watchedOn), column: "watched_on"),
            watchCount: ImportValueParsing.count(row.text(Column.watchCount)),
            ratedOn: ImportValueParsing.day(row.text(Column.ratedOn), column: "rated_on"),
            note: row.text(Column.note),
            imdbID: ImportValueParsing.imdbID(row.text(Column.imdbID)),
            letterboxdURI: ImportValueParsing.letterboxdURI(row.text(Column.letterboxdURI)),
            runtimeMinutes: ImportValueParsing.count(row.text(Column.runtimeMinutes)),
            genres: ImportValueParsing.names(row.text(Column.genres)),
            directors: ImportValueParsing.names(row.text(Column.directors)),
            createdAt: ImportValueParsing.timestamp(row.text(Column.createdAt), column: "created_at"),
            updatedAt: ImportValueParsing.timestamp(row.text(Column.updatedAt), column: "updated_at")
        ).validated(today: today)
    }

    /// `row` with each text field as `FieldEncoding.spreadsheetSafe` was given it.
    private static func removingSpreadsheetEscapes(_ row: ImportRow) -> ImportRow {
        var row = row
        for (slot, value) in row.values.enumerated() {
            if case .text(let text) = value, text.utf8.first == UInt8(ascii: "'") {
                row.values[slot] = .text(FieldEncoding.removingSpreadsheetEscape(text))
            }
        }
        return row
    }
}
