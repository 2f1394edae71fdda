import Basics
import FoundationEssentials
import MoviesCore

/// Interpreting field text as years, dates, ids and addresses, with the row problem each refusal is.
enum ImportValueParsing {
    /// A whole-number year (range checked later by `MovieValidation`).
    static func year(_ text: String?) throws(ImportRowProblem) -> Int? {
        guard let text else { return nil }
        guard let year = Int(text.trimmingSpacesAndTabs()) else { throw .yearNotANumber(text) }
        return year
    }

    /// A `YYYY-MM-DD` day.
    static func day(_ text: String?, column: String) throws(ImportRowProblem) -> CalendarDate? {
        guard let text else { return nil }
        guard let day = CalendarDate(parsing: text.trimmingSpacesAndTabs()) else {
            throw .notADate(column: column, value: text)
        }
        return day
    }

    /// An ISO-8601 UTC timestamp, as `Timestamp` writes it.
    static func timestamp(_ text: String?, column: String) throws(ImportRowProblem) -> Date? {
        guard let text else { return nil }
        // The longest valid form is 30 bytes (nine fraction digits). `Timestamp.date` sums the fraction's
        // digits into an Int before it checks their count, so a longer run of digits would overflow and
        // trap; anything longer is refused here first.
        guard text.utf8.count <= 30, let date = Timestamp.date(from: text) else {
            throw .notATimestamp(column: column, value: text)
        }
        return date
    }

    /// A row id: a positive whole number, at most `MovieValidation.highestGivenID`.
    static func id(_ text: String?) throws(ImportRowProblem) -> Int64? {
        guard let text else { return nil }
        guard let id = Int64(text), id > 0 else { throw .notAnID(text) }
        guard id <= MovieValidation.highestGivenID else { throw .idTooHigh(id) }
        return id
    }

    /// A watch count: a positive whole number.
    static func count(_ text: String?) throws(ImportRowProblem) -> Int? {
        guard let text else { return nil }
        guard let count = Int(text.trimmingSpacesAndTabs()),
            (1...MovieValidation.maximumWatchCount).contains(count)
        else { throw .notACount(text) }
        return count
    }

    /// Stars written as `3.5` (Letterboxd's `Rating`, the own `stars`).
    static func stars(_ text: String?) throws(ImportRowProblem) -> StarRating? {
        guard let text else { return nil }
        guard let stars = StarRating(parsing: text) else { throw .notALetterboxdRating(text) }
        return stars
    }

    /// A whole number of ten (IMDb's `Your Rating`, Letterboxd's `Rating10`) as half-stars.
    static func outOfTen(_ text: String?) throws(ImportRowProblem) -> StarRating? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingSpacesAndTabs()),
            let stars = StarRating(halfStars: value)
        else { throw .notAnIMDbRating(text) }
        return stars
    }

    /// An IMDb title id, as `MovieValidation.isIMDbID` says.
    static func imdbID(_ text: String?) throws(ImportRowProblem) -> String? {
        guard let text else { return nil }
        let id = text.trimmingSpacesAndTabs()
        guard MovieValidation.isIMDbID(id) else { throw .notAnIMDbID(text) }
        return id
    }

    /// A Letterboxd address in its stored form, as `MovieValidation.letterboxdAddress` says.
    static func letterboxdURI(_ text: String?) throws(ImportRowProblem) -> String? {
        guard let text else { return nil }
        guard let uri = MovieValidation.letterboxdAddress(text.trimmingSpacesAndTabs()) else {
            throw .notALetterboxdURI(text)
        }
        return uri
    }

    /// A day written as `YYYY-MM-DD`, or as old IMDb exports did, `Tue Sep 25 00:00:00 2012`; nil for
    /// anything else, because these dates (when a film was logged or rated) only seed the order the list
    /// was made in and weigh ratings against each other: a row is not refused for one.
    static func loggedDay(_ text: String?) -> CalendarDate? {
        guard let written = text else { return nil }
        let text = written.trimmingSpacesAndTabs()
        if let day = CalendarDate(parsing: text) { return day }
        let parts = text.split(separator: " ")
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard parts.count == 5, let month = months.firstIndex(of: parts[1].lowercased()),
            let dayOfMonth = Int(parts[2]), let year = Int(parts[4])
        else { return nil }
        return CalendarDate(year: year, month: month + 1, day: dayOfMonth)
    }

    /// A date a rating was given: `YYYY-MM-DD` and the old IMDb form as `loggedDay` reads them, or
    /// IMDb's US order `4/18/2026` (month first, no leading zeros). Day-first dates (`18/04/2026`, which
    /// a spreadsheet set to another language writes) and zero-padded ones that could be either
    /// (`04/01/2023`) are refused: a day read the wrong way round would date the rating wrongly without
    /// a word. Anything else is no date, as in `loggedDay`.
    static func ratedDay(_ text: String?, column: String) throws(ImportRowProblem) -> CalendarDate? {
        guard let written = text else { return nil }
        let text = written.trimmingSpacesAndTabs()
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3,
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.allSatisfy(\.isASCII) }),
            let first = Int(parts[0]), let second = Int(parts[1]), let year = Int(parts[2]),
            parts[2].count == 4
        else { return loggedDay(text) }
        if first > 12 || parts[0].hasPrefix("0") || parts[1].hasPrefix("0") {
            throw .dayFirstDate(column: column, value: text)
        }
        guard let day = CalendarDate(year: year, month: first, day: second) else {
            throw .notADate(column: column, value: text)
        }
        return day
    }

    /// Names as IMDb lists them (`Action, Crime, Drama`), each trimmed, none empty.
    static func names(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Letterboxd's `Rewatch`: `Yes` (the export) or `true` (its import layout), `No`, `false` or empty.
    static func flag(_ text: String?, column: String) throws(ImportRowProblem) -> Bool {
        guard let text else { return false }
        switch text.trimmingSpacesAndTabs().lowercased() {
        case "yes", "true", "1", "y": return true
        case "no", "false", "0", "n", "": return false
        default: throw .notAFlag(column: column, value: text)
        }
    }

    /// 00:00 UTC on `day`.
    static func start(of day: CalendarDate) -> Date {
        let days = Timestamp.daysSinceEpoch(year: day.year, month: day.month, day: day.day)
        return Date(timeIntervalSince1970: Double(days) * 86_400)
    }
}

extension ImportedMovie {
    /// The row after the store's rules (`MovieValidation`, and `ViewingValidation` for a viewing's
    /// review and tags): title trimmed and in NFC, an empty note or review dropped, the word from the
    /// stars, CR and CRLF in a note or review made LF (Windows line ends in a review are not control
    /// characters a person meant), and a watched date no later than `today`.
    func validated(today: CalendarDate) throws(ImportRowProblem) -> ImportedMovie {
        var movie = self
        movie.note = note.map(Self.unixLineEnds)
        movie.review = review.map(Self.unixLineEnds)
        do {
            let draft = try MovieValidation.validated(movie.draft, today: today).draft
            movie.title = draft.title
            movie.note = draft.note
            movie.rating = draft.rating
            movie.watchState = draft.watchState
            movie.stars = draft.stars
            movie.watchCount = draft.watchCount
            movie.ratedOn = draft.ratedOn
            if meaning.isViewing || review != nil || !tags.isEmpty || entryURI != nil {
                let viewing = try ViewingValidation.validated(movie.viewingDraft, today: today).draft
                movie.review = viewing.review
                movie.tags = viewing.tags
            }
        } catch {
            throw .invalid(error)
        }
        return movie
    }

    private static func unixLineEnds(_ text: String) -> String {
        guard text.utf8.contains(Byte.carriageReturn) else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
}
