import Basics
import Foundation
import MoviesCore
import Testing

@Suite("Ratings, dates, timestamps")
struct ValueTypeTests {
    @Test("rating words parse the way people type them")
    func ratings() {
        #expect(RatingWord(typed: "GOOD") == .good)
        #expect(RatingWord(typed: " Excellent ") == .excellent)
        #expect(RatingWord(typed: "not seen") == .notSeen)
        #expect(RatingWord(typed: "not-seen") == .notSeen)
        #expect(RatingWord(typed: "watchlist") == .notSeen)
        #expect(RatingWord(typed: "Seen") == .seen && RatingWord(typed: "watched") == .seen)
        #expect(RatingWord(typed: "superb") == nil)
        #expect(RatingWord.words == ["not-seen", "seen", "terrible", "poor", "decent", "good", "excellent"])
        #expect(Rating.terrible < Rating.excellent)
    }

    @Test("a word is a watch state and a rating, and back")
    func ratingWords() {
        for word in RatingWord.allCases {
            #expect(RatingWord(watchState: word.watchState, rating: word.rating) == word)
        }
        #expect(RatingWord.seen.watchState == .seen && RatingWord.seen.rating == .notSeen)
        #expect(RatingWord.notSeen.watchState == .watchlist)
        #expect(RatingWord(watchState: .watchlist, rating: .good) == .good)
    }

    @Test(
        "titles are trimmed of the white space Foundation would trim, and nothing else",
        arguments: [
            "  Heat  ", "\tHeat\n", "\u{00A0}Heat\u{3000}", "\u{2028}Heat\u{2029}\r\n", "Heat", "", "   ",
            " \u{200B}Heat\u{200B} ", "  千と千尋の神隠し 🎬  ", "e\u{301} ", " Two  words ", "\u{FEFF}Heat",
            "\u{180E}Heat\u{85}", "Heat\u{3000}", "\u{3000}Heat", "Heat\u{200B}", "x", "Heat\u{0B}",
            "~ Heat !",
            "e\u{301}", "Hé", "\u{0C}Heat",
        ])
    func whitespaceTrimming(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmingWhitespace() == text.trimmingWhitespace())
    }

    @Test("calendar dates accept only real YYYY-MM-DD days")
    func calendarDates() {
        #expect(CalendarDate(parsing: "2024-02-29")?.description == "2024-02-29")
        for (year, month, day, text) in [
            (1, 1, 1, "0001-01-01"), (999, 9, 9, "0999-09-09"), (2024, 12, 31, "2024-12-31"),
            (9999, 12, 31, "9999-12-31"),
        ] {
            #expect(CalendarDate(year: year, month: month, day: day)?.description == text)
            #expect(CalendarDate(parsing: text)?.description == text)
        }
        for bad in [
            "2023-02-29", "2024-13-01", "2024-00-10", "24-01-01", "2024-1-1", "2024/01/01", "", "yesterday",
        ] {
            #expect(CalendarDate(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("timestamps round-trip at millisecond precision")
    func timestamps() throws {
        let text = "2026-11-30T10:20:00.123Z"
        let date = try #require(Timestamp.date(from: text))
        #expect(Timestamp.string(from: date) == text)
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.date(from: "2024-02-29 23:59:59Z") != nil)
        // 80 years either side of 1970, every 17.37 days (typed constants: as literals, 2 s of type checking).
        let day: Double = 86_400
        let span: Double = day * 366 * 80
        for seconds in stride(from: -span, to: span, by: day * 17.37) {
            let date = Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
            #expect(Timestamp.date(from: Timestamp.string(from: date)) == date)
        }
        #expect(Timestamp.date(from: "not a time") == nil)
        // Too many fraction digits (which could overflow while being read) is refused, not a trap.
        #expect(Timestamp.date(from: "2024-01-01T00:00:00." + String(repeating: "9", count: 40) + "Z") == nil)
        #expect(Timestamp.date(from: "2024-02-30T00:00:00.000Z") == nil)
    }
}
