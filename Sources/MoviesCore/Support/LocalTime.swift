import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An instant as the clock on the wall shows it, in the local time zone: what people read (`2026-11-30
/// 23:56 CET`), where files and machine formats keep ISO-8601 UTC (`Timestamp`).
///
/// The zone is the C library's: `TZ` when set (`TZ=Asia/Tokyo`, `TZ=UTC`), else `/etc/localtime`, as
/// `date` and `ls -l` read it. `localtime_r` does that with the system's zone files alone; Foundation's
/// `TimeZone` and `Calendar` would load ICU for it. https://man7.org/linux/man-pages/man3/tzset.3.html
public struct LocalTime: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    /// The zone's abbreviation at that instant (`CET`, `CEST`, `UTC`), or its offset (`+0530`, `-03`)
    /// where the zone has none.
    public let zone: String

    /// `date` in the local time zone (in UTC if the C library cannot convert it).
    public init(_ date: Date) {
        _ = Self.zoneLoaded
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var parts = tm()
        // Dates read from the database lie within years 0–9999; anything else is not worth a trap.
        if seconds.magnitude < 1e15, var time = time_t(exactly: seconds), localtime_r(&time, &parts) != nil {
            year = Int(parts.tm_year) + 1900
            month = Int(parts.tm_mon) + 1
            day = Int(parts.tm_mday)
            hour = Int(parts.tm_hour)
            minute = Int(parts.tm_min)
            zone = parts.tm_zone.map { String(cString: $0) } ?? ""
        } else {
            let text = Timestamp.string(from: date)
            let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            (year, month, day) = numbers.count >= 3 ? (numbers[0], numbers[1], numbers[2]) : (1970, 1, 1)
            (hour, minute) = numbers.count >= 5 ? (numbers[3], numbers[4]) : (0, 0)
            zone = "UTC"
        }
    }

    /// `2026-11-30 23:56`.
    public var text: String {
        Timestamp.pad(year, 4) + "-" + Timestamp.pad(month, 2) + "-" + Timestamp.pad(day, 2) + " "
            + Timestamp.pad(hour, 2) + ":" + Timestamp.pad(minute, 2)
    }

    /// `2026-11-30 23:56 CET`.
    public var textWithZone: String {
        zone.isEmpty ? text : text + " " + zone
    }

    /// The calendar day it falls on.
    public var calendarDate: CalendarDate? {
        CalendarDate(year: year, month: month, day: day)
    }

    /// Reads `TZ` once: `localtime_r`, unlike `localtime`, is not required to.
    private static let zoneLoaded: Void = tzset()
}
