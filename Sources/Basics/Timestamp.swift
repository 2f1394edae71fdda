import FoundationEssentials
import Glibc

/// The project's timestamp text: ISO-8601 UTC with milliseconds, `2026-11-30T10:20:00.000Z`.
///
/// This is what the schema's defaults write (`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`) and what its CHECKs
/// accept. Parsing and formatting are done by hand: `ISO8601DateFormatter` costs microseconds a call,
/// which dominates listing a few hundred thousand movies.
public enum Timestamp {
    /// Whether `date` is written as a date the store's CHECKs accept: a year from 0001 to 9999 once
    /// rounded to the millisecond, as `string(from:)` rounds it (SQLite's date functions read years
    /// 0000 to 9999 only: https://sqlite.org/lang_datefunc.html). A date read from outside (a feed, an
    /// argument) is checked with this where it is read, so that `9999-12-31T23:59:60Z`, which is
    /// 10000-01-01, is refused as a date rather than by a CHECK constraint.
    public static func isStorable(_ date: Date) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return milliseconds >= -62_135_596_800_000 && milliseconds <= 253_402_300_799_999
    }

    /// Formats `date` as `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC, to the nearest millisecond).
    public static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let seconds = Int(millisecondOfDay / 1000)
        guard (0...9999).contains(year) else {
            return Timestamp.pad(year, 4) + "-" + Timestamp.pad(month, 2) + "-"
                + Timestamp.pad(day, 2)
                + "T" + Timestamp.pad(seconds / 3600, 2) + ":" + Timestamp.pad(seconds / 60 % 60, 2)
                + ":" + Timestamp.pad(seconds % 60, 2) + "."
                + Timestamp.pad(Int(millisecondOfDay % 1000), 3) + "Z"
        }
        // The usual case written as 24 ASCII bytes: joining padded strings cost 17,000 instructions a
        // call (callgrind), 18 % of an import, which stamps every row.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func put(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                    index += 1
                    divisor /= 10
                }
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, 4)
            put("-")
            put(month, 2)
            put("-")
            put(day, 2)
            put("T")
            put(seconds / 3600, 2)
            put(":")
            put(seconds / 60 % 60, 2)
            put(":")
            put(seconds % 60, 2)
            put(".")
            put(Int(millisecondOfDay % 1000), 3)
            put("Z")
            return index
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…]Z` (a space may stand for the `T`); nil for anything else.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(utf8: $0) }
    }

    /// Parses the timestamp straight from UTF-8 bytes (a SQLite column buffer).
    package static func date(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[bytes.count - 1] == UInt8(ascii: "Z"),
            let year = CalendarDate.number(bytes[0..<4]), let month = CalendarDate.number(bytes[5..<7]),
            let day = CalendarDate.number(bytes[8..<10]), let hour = CalendarDate.number(bytes[11..<13]),
            let minute = CalendarDate.number(bytes[14..<16]),
            let second = CalendarDate.number(bytes[17..<19]),
            CalendarDate(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21, bytes.count - 21 <= 9,
                let digits = CalendarDate.number(bytes[20..<(bytes.count - 1)])
            else { return nil }
            // 10 to the number of digits, in integers (at most 10^9, exact in a Double as `pow`'s is):
            // `pow` is libm's, whose code and tables a command would map for this one division.
            var scale = 1
            for _ in 0..<(bytes.count - 21) { scale *= 10 }
            fraction = Double(digits) / Double(scale)
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: seconds + fraction)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's days_from_civil)

    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func civilDate(daysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = Int(days) + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// `value` in decimal with leading zeros to `width` digits: `pad(7, 2)` is `07`.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(decimal: value)
        let count = digits.utf8.count
        return count >= width ? digits : String(repeating: "0", count: width - count) + digits
    }
}
