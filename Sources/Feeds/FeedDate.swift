import Basics
import FoundationEssentials

/// Reads the dates found in feeds: RFC 822/1123 (RSS) and RFC 3339/ISO 8601 (Atom, Dublin Core).
///
/// Feeds get dates wrong in many small ways (two-digit years, named zones, missing seconds or zone,
/// a `T` replaced by a space), so the parser is lenient about form but strict about values: a 31
/// February or a 25th hour gives nil. It is hand-written, allocation-light and free of shared
/// state, so it is fast and safe to call from any thread, unlike a `DateFormatter` per call.
public enum FeedDate {
    /// The instant `text` denotes, or nil when it is not a date this parser understands.
    /// A date without a zone is taken as UTC; a date without a time as midnight UTC.
    public static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        while let last = bytes.last, DateScanner.isSpace(last) {
            bytes.removeLast()
        }
        let start = bytes.firstIndex { !DateScanner.isSpace($0) } ?? bytes.count
        let trimmed = Array(bytes[start...])
        guard !trimmed.isEmpty, trimmed.count <= 128 else { return nil }
        let fields: DateFields?
        if ISO8601DateParser.looksLikeISO8601(trimmed) {
            fields = ISO8601DateParser.parse(trimmed)
        } else {
            fields = RFC822DateParser.parse(trimmed)
        }
        return fields?.date()
    }
}

/// The parts of a date as written, before validation.
struct DateFields {
    var year = 0
    var month = 0
    var day = 0
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    var offsetSeconds = 0

    /// The instant, or nil when a part is out of range.
    func date() -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...DateFields.daysIn(month: month, year: year)).contains(day),
            (0...59).contains(minute), (0...60).contains(second),
            abs(offsetSeconds) <= 18 * 3600
        else { return nil }
        guard (0...23).contains(hour) || (hour == 24 && minute == 0 && second == 0 && fraction == 0)
        else { return nil }
        let days = DateFields.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // A year is checked as written, but the zone moves the instant: `01 Jan 0001 00:00 +1800` is in
        // year 0 in UTC and `31 Dec 9999 23:59 -1800` in year 10000, and a leap second or a 24th hour
        // can carry it past 9999-12-31 too. The schema's timestamp text (`Timestamp`) cannot carry such
        // an instant: stored, it read back as another date, and paging by it never ended. Such a date
        // is unreadable, as a 31 February is.
        let date = Date(timeIntervalSince1970: Double(seconds) + fraction)
        return Timestamp.isStorable(date) ? date : nil
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A cursor over the ASCII bytes of a date.
struct DateScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Reads between `minimum` and `maximum` decimal digits as a number.
    mutating func digits(minimum: Int, maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, let byte = current, DateScanner.isDigit(byte) {
            value = value * 10 + Int(byte - 0x30)
            count += 1
            index += 1
        }
        return count >= minimum ? (value, count) : nil
    }

    /// Reads a run of digits as a fraction of a second (".25" → 0.25).
    mutating func fraction() -> Double {
        var value = 0.0
        var scale = 0.1
        while let byte = current, DateScanner.isDigit(byte) {
            value += Double(byte - 0x30) * scale
            scale /= 10
            index += 1
        }
        return value
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while let byte = current, DateScanner.isSpace(byte) {
            index += 1
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
