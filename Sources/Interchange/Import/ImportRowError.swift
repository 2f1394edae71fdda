import Basics
import MoviesCore

/// Why one row of an input file cannot become a movie; the rest of the file can still be read.
public struct ImportRowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line the row starts on.
    public var line: Int
    /// The file the row is in, when the import read several (a Letterboxd export's folder or zip).
    public var file: String?
    public var problem: ImportRowProblem

    /// A row error; readers create these, tests may too.
    public init(line: Int, problem: ImportRowProblem, file: String? = nil) {
        self.line = line
        self.problem = problem
        self.file = file
    }

    /// `line 5: the year 'MCMXCV' is not a number`, or `diary.csv, line 5: ...` in an import of several
    /// files.
    public var description: String { (file.map { "\($0), " } ?? "") + "line \(line): \(problem)" }
}

/// What is wrong with a row, in words a person can act on.
public enum ImportRowProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// A rule the store enforces (blank title, control character, length, year range).
    case invalid(MovieError)
    /// The year is not a whole number.
    case yearNotANumber(String)
    /// A Letterboxd rating that is not ½–5 in halves.
    case notALetterboxdRating(String)
    /// An IMDb rating that is not a whole number 1–10.
    case notAnIMDbRating(String)
    /// A rating word that is not one of the seven.
    case unknownRatingWord(String)
    /// A date column that is not a `YYYY-MM-DD` day.
    case notADate(column: String, value: String)
    /// A yes-or-no column (Letterboxd's `Rewatch`) with another value.
    case notAFlag(column: String, value: String)
    /// A watch count that is not a positive whole number.
    case notACount(String)
    /// A timestamp column that is not ISO-8601 UTC (`2026-11-30T10:20:00.000Z`).
    case notATimestamp(column: String, value: String)
    /// The id is not a positive whole number.
    case notAnID(String)
    /// The id is above `MovieValidation.highestGivenID`.
    case idTooHigh(Int64)
    /// The IMDb id is not `tt` followed by digits.
    case notAnIMDbID(String)
    /// The Letterboxd address is not on letterboxd.com or boxd.it.
    case notALetterboxdURI(String)
    /// A date written day first, or so that it could be either.
    case dayFirstDate(column: String, value: String)
    /// A runtime that is not a whole number of minutes.
    case notARuntime(String)
    /// A list's position that is not a whole number from 1.
    case notAPosition(String)
    /// A diary row that title and year cannot place among films the export tells apart by address.
    case ambiguousFilm(title: String, count: Int)
    /// A film address or IMDb id that another film of the import already has.
    case idOfAnotherFilm(id: String, holder: String)
    /// The row has more fields than the header has columns.
    case extraFields(count: Int, columns: Int)
    /// A JSON value of a type the field cannot hold (`true` for a title, an array for a year).
    case wrongType(column: String, found: String)

    public var description: String {
        switch self {
        case .invalid(let error): error.description
        case .yearNotANumber(let text): "the year '\(Self.excerpt(text))' is not a number"
        case .dayFirstDate(let column, let value):
            "the \(column) '\(Self.excerpt(value))' is written day first, or could be either way round; IMDb "
                + "writes YYYY-MM-DD or month first (4/18/2026): export the file again from IMDb rather than "
                + "saving it from a spreadsheet"
        case .notARuntime(let text): "the runtime '\(Self.excerpt(text))' is not a whole number of minutes"
        case .notAPosition(let text): "the position '\(Self.excerpt(text))' is not a whole number from 1"
        case .ambiguousFilm(let title, let count):
            "\(count) films are titled \(title), told apart by their Letterboxd addresses, and neither the "
                + "row's rating nor its entry address says which this is; it was left out"
        case .idOfAnotherFilm(let id, let holder):
            "\(Self.excerpt(id, limit: 80)) is also the id of \(holder), another film; it was left out"
        case .notALetterboxdRating(let text):
            "the rating \(Self.excerpt(text)) is not a Letterboxd rating (0.5–5 in halves)"
        case .notAnIMDbRating(let text): "the rating \(Self.excerpt(text)) is not an IMDb rating (1–10)"
        case .unknownRatingWord(let text):
            "the rating '\(Self.excerpt(text))' is not one of \(RatingWord.words.joined(separator: ", "))"
        case .notADate(let column, let value):
            "the \(column) '\(Self.excerpt(value))' is not a date (YYYY-MM-DD)"
        case .notAFlag(let column, let value):
            "the \(column) '\(Self.excerpt(value))' is not yes or no"
        case .notACount(let text):
            "the watch count '\(Self.excerpt(text))' is not a whole number from 1 to \(MovieValidation.maximumWatchCount)"
        case .notATimestamp(let column, let value):
            "the \(column) '\(Self.excerpt(value))' is not a UTC timestamp (like 2026-11-30T10:20:00.000Z)"
        case .notAnID(let text): "the id '\(Self.excerpt(text))' is not a positive whole number"
        case .idTooHigh(let id):
            "the id \(id) is above \(MovieValidation.highestGivenID), the highest a file may give a film "
                + "(ids are handed out above the highest one used, and one so high would leave none)"
        case .notAnIMDbID(let text): "the IMDb id '\(Self.excerpt(text))' is not like tt0113277"
        case .notALetterboxdURI(let text):
            "the Letterboxd URI '\(Self.excerpt(text))' is not a letterboxd.com or boxd.it address"
        case .extraFields(let count, let columns):
            "the row has \(count) fields but the header has \(columns) columns"
        case .wrongType(let column, let found): "the \(column) is \(found); it must be text or a number"
        }
    }

    /// The value as shown in a message: at most `limit` characters, control characters made visible, so
    /// a hostile value cannot flood or drive the terminal.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        var shown = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == limit {
                shown += "…"
                break
            }
            shown += scalar.isControlCharacter ? "\u{FFFD}" : String(scalar)
        }
        return shown
    }
}
