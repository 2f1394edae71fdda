#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CalendarDate {
    /// The day it is now in the local time zone (`localtime_r`, so no Foundation calendar is needed).
    public static func today() -> CalendarDate {
        day(ofSecondsSince1970: Double(time(nil)))
    }

    /// The local calendar day of the instant `seconds` after 1970-01-01 00:00 UTC.
    static func day(ofSecondsSince1970 seconds: Double) -> CalendarDate {
        var clock = time_t(exactly: seconds.rounded(.down)) ?? 0
        var parts = tm()
        guard localtime_r(&clock, &parts) != nil,
            let day = CalendarDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return earliestWatched }
        return day
    }

    /// The first day a movie can have been watched: the year of the first motion pictures.
    public static let earliestWatched = CalendarDate(uncheckedYear: 1870, month: 1, day: 1)

    /// The day before this one.
    public var previous: CalendarDate {
        if let yesterday = CalendarDate(year: year, month: month, day: day - 1) { return yesterday }
        if month > 1, let last = CalendarDate(year: year, month: month - 1, day: Self.daysIn(month: month - 1, year: year)) {
            return last
        }
        return CalendarDate(year: year - 1, month: 12, day: 31) ?? self
    }

    /// A date known to be valid (constants).
    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}
