import Basics

/// Where a page of news ends: the last item's (published_at, id) key.
///
/// Written as `2026-11-30T10:20:00.000Z/123`; the next page starts strictly after it, so page N costs
/// what page 1 costs, no item is seen twice, and a cursor stays valid even if its item is deleted.
public struct NewsCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The item's `published_at`, as stored.
    public var publishedAt: String
    public var id: Int64

    /// The cursor just after `item`.
    /// The cursor just after `item`: its stored key, so the next page starts strictly after it whatever
    /// that text is (see `NewsItem.publishedAtKey`).
    public init(after item: NewsItem) {
        publishedAt = item.publishedAtKey
        id = item.id
    }

    /// Parses the `published_at/id` form; nil for anything else. The time is taken as the schema stores
    /// it, which is more than this program reads as a date: a cursor after a row stored in year 0 (by an
    /// earlier version) must be taken back as it was given.
    public init?(_ description: String) {
        guard let slash = description.lastIndex(of: "/"),
            let id = Int64(description[description.index(after: slash)...]),
            Self.isStoredTimestamp(description[..<slash])
        else { return nil }
        publishedAt = String(description[..<slash])
        self.id = id
    }

    /// Whether `text` is a `published_at` the schema's CHECK accepts, text that SQLite's
    /// `strftime('%Y-%m-%dT%H:%M:%fZ', …)` writes back unchanged (https://sqlite.org/lang_datefunc.html):
    /// `YYYY-MM-DDTHH:MM:SS.sssZ` with a real day of the proleptic Gregorian calendar in years 0 to 9999.
    private static func isStoredTimestamp(_ text: Substring) -> Bool {
        let pattern = Array("0000-00-00T00:00:00.000Z".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == pattern.count,
            zip(bytes, pattern).allSatisfy({ byte, expected in
                expected == UInt8(ascii: "0") ? (48...57).contains(byte) : byte == expected
            })
        else { return false }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard (1...12).contains(month), day >= 1, number(11..<13) < 24, number(14..<16) < 60,
            number(17..<19) < 60
        else { return false }
        // Year 0 is a leap year in the proleptic Gregorian calendar, as CalendarDate counts them.
        return day <= CalendarDate.daysIn(month: month, year: year)
    }

    public var description: String { "\(publishedAt)/\(id)" }
}
