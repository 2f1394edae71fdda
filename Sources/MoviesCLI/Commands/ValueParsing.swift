import Basics
import Feeds
import Foundation
import MoviesCore

/// Conversions of command-line text into values, with the wording of their errors.
///
/// Shared by the one-shot commands and the shell, which accept the same syntax.
enum ValueParsing {
    /// A movie id: `12` or `#12`.
    static func movieID(_ text: String) -> Int64? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let id = Int64(digits), id > 0 else { return nil }
        return id
    }

    /// A whole number (the year's range is checked by `MovieValidation` with its own message).
    static func integer(_ text: String) -> Int? {
        Int(text.trimmingWhitespace())
    }

    /// A positive count, for `--limit`.
    static func positiveCount(_ text: String) -> Int? {
        guard let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// `YYYY-MM-DD`, or `today` / `yesterday` in the local time zone.
    static func calendarDate(_ text: String, now: Date = Date()) -> CalendarDate? {
        switch text.lowercased() {
        case "today": return localDate(now)
        case "yesterday": return localDate(now.addingTimeInterval(-86_400))
        default: return CalendarDate(parsing: text)
        }
    }

    /// A point in time: `YYYY-MM-DD` (midnight UTC), ISO 8601 / RFC 3339, or an RFC 822 date.
    static func instant(_ text: String) -> Date? {
        if let day = CalendarDate(parsing: text) {
            let days = Timestamp.daysSinceEpoch(year: day.year, month: day.month, day: day.day)
            return Date(timeIntervalSince1970: Double(days) * 86_400)
        }
        return FeedDate.parse(text)
    }

    private static func localDate(_ date: Date) -> CalendarDate? {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    static let movieIDExpected = "a movie id such as 12"
    static let yearExpected = "a year such as 1995"
    static let dateExpected = "a date as YYYY-MM-DD (or today, yesterday)"
    static let countExpected = "a positive whole number"
}

extension ParsedArguments {
    /// The movie id argument or option `name`.
    func movieID(_ name: String, display: String) throws(UsageError) -> Int64? {
        try converted(name, display: display, expected: ValueParsing.movieIDExpected, ValueParsing.movieID)
    }

    /// Every movie id of a repeating argument.
    func movieIDs(_ name: String) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for text in strings(name) {
            guard let id = ValueParsing.movieID(text) else {
                throw usageError(
                    "The value '\(text)' is invalid for '<\(name)>': expected \(ValueParsing.movieIDExpected)"
                )
            }
            ids.append(id)
        }
        return ids
    }

    /// The year option, as given (range checked later, with the other movie rules).
    func year() throws(UsageError) -> Int? {
        try converted(
            "year", display: "'--year <year>'", expected: ValueParsing.yearExpected, ValueParsing.integer)
    }

    /// The `--watched` date.
    func watchedDate() throws(UsageError) -> CalendarDate? {
        try converted(
            "watched", display: "'--watched <date>'", expected: ValueParsing.dateExpected,
            { ValueParsing.calendarDate($0) })
    }

    /// The rating argument or option `name` (already checked against the six words by the parser).
    func rating(_ name: String) -> Rating? {
        string(name).flatMap(Rating.init(parsing:))
    }
}
