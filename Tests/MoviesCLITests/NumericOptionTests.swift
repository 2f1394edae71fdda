import Testing

@testable import MoviesCLI

/// Every numeric option and argument of every command, found through the declarations (issue 40,
/// point 1): its value at each bound is taken, and one past each bound is a usage error that names the
/// option and says the range, before the command does any arithmetic with it.
@Suite("Numeric options: bounds")
struct NumericOptionTests {
    /// A value a type reads from digits but not from a word (a number, an id, a count, stars, a year),
    /// or reads digits as a number and a word as something else (a film: its id, or its title), which
    /// shows in that `0`, no id, is refused rather than read as a title.
    private static func isNumeric(_ type: ValueType) -> Bool {
        (type.parse("1") != nil || type.parse("2000") != nil)
            && (type.parse("one") == nil || type.parse("0") == nil)
    }

    /// `news download --max-size` and the like: every option or argument of the tree whose type is
    /// numeric, as `path --option` or `path <argument>`.
    static let numeric: [(words: [String], name: String, type: ValueType)] = {
        var found: [(words: [String], name: String, type: ValueType)] = []
        func visit(_ spec: CommandSpec, _ path: [String]) {
            for option in spec.options {
                guard let type = option.valueType, isNumeric(type) else { continue }
                found.append((path, "--" + option.name, type))
            }
            for argument in spec.arguments where isNumeric(argument.valueType) {
                found.append((path, "<\(argument.name)>", argument.valueType))
            }
            for subcommand in spec.subcommands { visit(subcommand, path + [subcommand.name]) }
        }
        visit(MoviesCLI.rootSpec, [])
        return found
    }()

    /// The values at and one past each bound of each numeric type, by what its errors say it expects:
    /// (lowest, one below, highest, one above).
    static let bounds: [String: (lowest: String, below: String, highest: String, above: String)] = {
        let positive = ("1", "0", "9223372036854775807", "9223372036854775808")
        let years = (
            "-9223372036854775808", "-9223372036854775809", "9223372036854775807", "9223372036854775808"
        )
        return [
            "a positive whole number, at most 9223372036854775807": positive,
            "a movie id such as 12": positive,
            FilmReference.expectedDescription: positive,
            "an item id such as 12": positive,
            "a viewing id such as 31 (movies diary shows them)": positive,
            "a rule id such as 3 (see news ignores)": positive,
            "a cursor printed by a previous page, such as 12 or title:Heat:12": positive,
            // The instants the store can write: years 0001 to 9999 (issue 40, point 17).
            "a date such as 2026-11-30 or 2026-11-30T10:00:00Z": (
                "0001-01-01", "0000-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:60Z"
            ),
            "a feed's id such as 3 (see news feeds), its http(s) address or its title": positive,
            ViewingReference.expectedDescription: positive,
            "stars from 0.5 to 5 in halves, such as 3.5": ("0.5", "0", "5", "5.5"),
            // A rating word or, in its place, stars (issue 45, point 2).
            "a rating word or stars": ("0.5", "0", "5", "5.5"),
            // A release year's range is a rule of the list, checked with its own message (`MovieValidation`).
            "a year such as 1995": years,
            "a year from 1870 such as 2025": ("1870", "1869", "9998", "9999"),
            "a number of days or weeks such as 90d or 12w": ("1", "0", "36500", "36501"),
            Megabytes.expectedDescription: ("1", "0", "1000000", "1000001"),
            Seconds.expectedDescription: ("1", "0", "2147483", "2147484"),
            Days.expectedDescription: ("1", "0", "36500", "36501"),
        ]
    }()

    @Test("every numeric option and argument takes its bounds and refuses what is past them")
    func everyNumericValue() {
        #expect(Self.numeric.count >= 45, "the walk of the command tree found \(Self.numeric.count)")
        for (words, name, type) in Self.numeric {
            let place = (words + [name]).joined(separator: " ")
            guard let bound = Self.bounds[type.expected] else {
                Issue.record(
                    "\(place): no bounds for '\(type.expected)' (add them here and to fuzz/corpus/argv)")
                continue
            }
            #expect(type.parse(bound.lowest) != nil, "\(place) \(bound.lowest)")
            #expect(type.parse(bound.highest) != nil, "\(place) \(bound.highest)")
            if type.expected.hasSuffix("address") {
                // A word that is no id is tried as an address, and refused when it is not one either.
                continue
            }
            #expect(type.parse(bound.below) == nil, "\(place) \(bound.below)")
            #expect(type.parse(bound.above) == nil, "\(place) \(bound.above)")
        }
    }

    @Test("a value past a range is a usage error naming the option and the range")
    func errorsNameTheRange() throws {
        for (arguments, message) in [
            (
                ["news", "download", "1", "--max-size", "9223372036855"],
                "The value '9223372036855' is invalid for '--max-size <megabytes>': "
                    + "expected a whole number of megabytes from 1 to 1000000"
            ),
            (
                ["news", "download", "1", "--timeout", "9223372036854776"],
                "The value '9223372036854776' is invalid for '--timeout <seconds>': "
                    + "expected a whole number of seconds from 1 to 2147483"
            ),
            (
                ["news", "refresh", "--timeout", "2147484"],
                "The value '2147484' is invalid for '--timeout <seconds>': "
                    + "expected a whole number of seconds from 1 to 2147483"
            ),
            (
                ["news", "download", "1", "--enclosure", "9223372036854775808"],
                "The value '9223372036854775808' is invalid for '--enclosure <n>': "
                    + "expected a positive whole number, at most 9223372036854775807"
            ),
            (
                ["news", "ignore", "--older-than", "36501"],
                "The value '36501' is invalid for '--older-than <days>': "
                    + "expected a whole number of days from 1 to 36500"
            ),
        ] {
            let error = try usageError(arguments)
            #expect(error.message == message, "\(arguments)")
            #expect(error.exitCode == .usage)
        }
    }

    @Test("the conversions the ranges protect: megabytes to bytes, seconds to a duration")
    func conversions() {
        #expect(Megabytes(argument: "1000000")?.bytes == 1_000_000_000_000)
        #expect(Seconds(argument: "2147483")?.duration == .seconds(2_147_483))
        #expect(Days(argument: "36500")?.value == 36_500)
    }
}
