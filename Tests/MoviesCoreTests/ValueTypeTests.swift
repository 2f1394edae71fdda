import Basics
import Foundation
import MoviesCore
import Testing

@Suite("Ratings, dates, timestamps, paths")
struct ValueTypeTests {
    @Test("rating words parse the way people type them")
    func ratings() {
        #expect(RatingWord(argument: "GOOD") == .good)
        #expect(RatingWord(argument: " Excellent ") == .excellent)
        #expect(RatingWord(argument: "not seen") == .notSeen)
        #expect(RatingWord(argument: "not-seen") == .notSeen)
        #expect(RatingWord(argument: "watchlist") == .notSeen)
        #expect(RatingWord(argument: "Seen") == .seen && RatingWord(argument: "watched") == .seen)
        #expect(RatingWord(argument: "superb") == nil)
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
            "\u{180E}Heat\u{85}",
        ])
    func whitespaceTrimming(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text[...].trimmingWhitespace() == text.trimmingWhitespace())
    }

    @Test("calendar dates accept only real YYYY-MM-DD days")
    func calendarDates() {
        #expect(CalendarDate(parsing: "2024-02-29")?.description == "2024-02-29")
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
        for seconds in stride(from: -86_400.0 * 366 * 80, to: 86_400 * 366 * 80, by: 86_400 * 17.37) {
            let date = Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
            #expect(Timestamp.date(from: Timestamp.string(from: date)) == date)
        }
        #expect(Timestamp.date(from: "not a time") == nil)
        // Too many fraction digits (which could overflow while being read) is refused, not a trap.
        #expect(Timestamp.date(from: "2024-01-01T00:00:00." + String(repeating: "9", count: 40) + "Z") == nil)
        #expect(Timestamp.date(from: "2024-02-30T00:00:00.000Z") == nil)
    }

    @Test("the default database path follows MOVIES_DB, then XDG_DATA_HOME, then HOME")
    func defaultPath() throws {
        #expect(
            try DatabaseLocation.defaultPath(environment: ["MOVIES_DB": "/x/m.sqlite", "HOME": "/h"])
                == "/x/m.sqlite")
        #expect(
            try DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"])
                == "/data/movies/movies.sqlite")
        // The XDG specification says an empty or relative XDG_DATA_HOME is invalid and must be ignored.
        for dataHome in ["relative", ""] {
            #expect(
                try DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/h"])
                    == "/h/.local/share/movies/movies.sqlite")
        }
        #expect(
            try DatabaseLocation.defaultPath(environment: ["HOME": "/h"])
                == "/h/.local/share/movies/movies.sqlite")
        // Without HOME, the user's home folder from the password database.
        let fromPasswd = try DatabaseLocation.defaultPath(environment: [:])
        #expect(fromPasswd.hasPrefix("/") && fromPasswd.hasSuffix("/.local/share/movies/movies.sqlite"))
        // A relative HOME is ignored like a relative XDG_DATA_HOME: the list must not follow the current
        // folder. The same goes for a `~` in --db or MOVIES_DB.
        for home in [".", "relative/home", "~"] {
            #expect(try DatabaseLocation.defaultPath(environment: ["HOME": home]) == fromPasswd, "\(home)")
            #expect(
                try DatabaseLocation.path(option: "~/x.sqlite", environment: ["HOME": home])
                    == String(fromPasswd.dropLast("/.local/share/movies/movies.sqlite".count)) + "/x.sqlite")
        }
        // --db beats MOVIES_DB.
        #expect(
            try DatabaseLocation.path(option: "a.sqlite", environment: ["MOVIES_DB": "/x/m.sqlite"])
                == "a.sqlite")
    }

    @Test("a leading ~/ or a lone ~ is the home folder, in --db and MOVIES_DB; ~name and inner ~ stay")
    func tildeExpansion() throws {
        let environment = ["HOME": "/home/me"]
        let expanded: [String: String] = [
            "~": "/home/me", "~/x.sqlite": "/home/me/x.sqlite", "~/": "/home/me/",
            "~/a/~/b": "/home/me/a/~/b", "~me/x.sqlite": "~me/x.sqlite", "a/~/x": "a/~/x",
            "~x": "~x", "/abs/~": "/abs/~",
        ]
        for (given, path) in expanded {
            #expect(try DatabaseLocation.path(option: given, environment: environment) == path, "\(given)")
            #expect(
                try DatabaseLocation.path(
                    option: nil, environment: environment.merging(["MOVIES_DB": given]) { $1 })
                    == path, "\(given)")
        }
        // A HOME ending in / does not double it.
        #expect(try DatabaseLocation.path(option: "~/x", environment: ["HOME": "/"]) == "/x")
        #expect(try DatabaseLocation.path(option: "~/x", environment: ["HOME": "/h/"]) == "/h/x")
    }

    @Test("an empty path or one with a control character is a usage error, from --db or MOVIES_DB")
    func badPathText() throws {
        #expect(throws: DatabaseLocationError.empty(.option)) {
            try DatabaseLocation.path(option: "", environment: ["MOVIES_DB": "/x.sqlite"])
        }
        #expect(throws: DatabaseLocationError.empty(.environment)) {
            try DatabaseLocation.path(option: nil, environment: ["MOVIES_DB": ""])
        }
        #expect(throws: DatabaseLocationError.controlCharacter(.option, "\n")) {
            try DatabaseLocation.path(option: "a.sqlite\nb.sqlite", environment: [:])
        }
        #expect(throws: DatabaseLocationError.controlCharacter(.environment, "\u{1B}")) {
            try DatabaseLocation.path(option: nil, environment: ["MOVIES_DB": "x\u{1B}[2J"])
        }
        #expect(DatabaseLocationError.empty(.option).exitCode == .usage)
        #expect(
            DatabaseLocationError.controlCharacter(.option, "\n").message
                == "The database path given with --db contains a control character (U+000A); give a path "
                + "without line breaks or escapes")
    }
}
