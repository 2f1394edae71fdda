import Basics
import FoundationEssentials

extension CalendarDate {
    /// The day it is now in the local time zone.
    public static func today() -> CalendarDate {
        day(of: Date())
    }

    /// The local calendar day `date` falls on (see `LocalTime`).
    static func day(of date: Date) -> CalendarDate {
        LocalTime(date).calendarDate ?? earliestWatched
    }

    /// The first day a movie can have been watched: the year of the first motion pictures.
    public static let earliestWatched = CalendarDate(uncheckedYear: 1870, month: 1, day: 1)

    /// The day a person typed: `YYYY-MM-DD`, or `today` and `yesterday` in the local time zone, counted
    /// from `now` (`--watched`, `--on`, and the shell's form); surrounding white space ignored.
    public init?(typed text: String, now: Date = Date()) {
        let today = CalendarDate.day(of: now)
        switch text.trimmingWhitespace().lowercased() {
        case "today": self = today
        case "yesterday": self = today.previous
        default: self.init(parsing: text.trimmingWhitespace())
        }
    }

    /// The day before this one.
    public var previous: CalendarDate {
        if let yesterday = CalendarDate(year: year, month: month, day: day - 1) { return yesterday }
        if month > 1,
            let last = CalendarDate(
                year: year, month: month - 1, day: Self.daysIn(month: month - 1, year: year))
        {
            return last
        }
        return CalendarDate(year: year - 1, month: 12, day: 31) ?? self
    }
}
