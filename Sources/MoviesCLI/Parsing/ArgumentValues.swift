import Basics
import Feeds
import FoundationEssentials
import Interchange
import MoviesCore
import News

// The types of the command line's values. Ratings, stars and dates are read from import files and the
// shell's form too: their parsers live in MoviesCore (`init(typed:)`), and the conformances here only
// hand the word to them.

/// `--rating good`: the seven words, as `RatingWord(typed:)` reads them.
extension RatingWord: ExpressibleByArgument {
    init?(argument: String) { self.init(typed: argument) }

    static var allValueStrings: [String] { words }
}

/// `--stars 4.5`: ½ to 5 stars in halves, as `StarRating(typed:)` reads them.
extension StarRating: ExpressibleByArgument {
    init?(argument: String) { self.init(typed: argument) }

    static var expectedDescription: String { "stars from 0.5 to 5 in halves, such as 3.5" }
}

/// `movies rate 12 good`, `rate 12 3.5`, `--rating ★★★½`: a word or stars, as `TypedRating(typed:)`
/// reads them. Completion and help offer the words; an error also says that stars go.
extension TypedRating: ExpressibleByArgument {
    init?(argument: String) { self.init(typed: argument) }

    static var allValueStrings: [String] { RatingWord.words }

    static var expectedDescription: String { "a rating word or stars" }

    static var otherValuesDescription: String? { "stars from 0.5 to 5 in halves, such as 3.5, 3½ or ★★★½" }
}

/// The days a person types: `YYYY-MM-DD`, `today` or `yesterday` (`CalendarDate(typed:)`).
extension CalendarDate: ExpressibleByArgument {
    init?(argument: String) { self.init(typed: argument) }

    static var expectedDescription: String { "a date as YYYY-MM-DD (or today, yesterday)" }
}

/// `--sort title`.
extension MovieSort: ExpressibleByArgument {}

/// A feed's address as `news subscribe` takes it, normalised once, here (`FeedAddress`).
extension FeedAddress: ExpressibleByArgument {
    init?(argument: String) { self.init(typed: argument) }

    static var expectedDescription: String {
        "an http or https address such as https://example.org/feed.xml (example.org/feed.xml is tried as https, then http)"
    }

    var defaultValueDescription: String { text }
}

/// A feed as the news commands name it: its id (`3`, as `news feeds` shows it), its address or its title.
extension FeedReference: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }

    static var expectedDescription: String {
        "a feed's id such as 3 (see news feeds), its http(s) address or its title"
    }

    static var defaultCompletionKind: CompletionKind { .feed }
}

/// A movie's id as `list` shows it: `12` or `#12`.
struct MovieID: ExpressibleByArgument, Hashable {
    let rawValue: Int64

    init?(argument: String) {
        guard let id = RecordID.parse(argument) else { return nil }
        rawValue = id
    }

    static var expectedDescription: String { "a movie id such as 12" }
}

/// A news item's id as `news list` shows it: `12` or `#12`.
struct NewsItemID: ExpressibleByArgument, Hashable {
    let rawValue: Int64

    init?(argument: String) {
        guard let id = RecordID.parse(argument) else { return nil }
        rawValue = id
    }

    static var expectedDescription: String { "an item id such as 12" }
}

/// How ids are written on the command line.
private enum RecordID {
    /// A positive row id, with or without the `#` that tables print before it.
    static func parse(_ text: String) -> Int64? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard let id = Int64(digits), id > 0 else { return nil }
        return id
    }
}

/// A release year as a whole number: its range is a rule of the list (`MovieValidation`), checked with
/// the other rules and with its own message, so `--year 1492` says it is out of range, not malformed.
struct ReleaseYear: ExpressibleByArgument, Hashable {
    let value: Int

    init?(argument: String) {
        guard let value = Int(argument.trimmingWhitespace()) else { return nil }
        self.value = value
    }

    static var expectedDescription: String { "a year such as 1995" }
}

/// A field `movies edit` may clear: an empty argument clears it, anything else is the new value.
///
/// Not the store's `FieldEdit`: that one requires `Hashable`, and a generic type's requirement other
/// than `Sendable` is checked at run time (a search of the conformance tables) when the option is
/// declared, which every run of `movies` pays for (measured with callgrind).
enum Clearable<Value: Sendable>: Sendable {
    case set(Value)
    case clear

    /// The edit as the store takes it, of the value `transform` makes.
    func fieldEdit<Stored: Sendable & Hashable>(_ transform: (Value) -> Stored) -> FieldEdit<Stored> {
        switch self {
        case .set(let value): .set(transform(value))
        case .clear: .clear
        }
    }
}

extension Clearable: Equatable where Value: Equatable {}

extension Clearable: ExpressibleByArgument where Value: ExpressibleByArgument {
    init?(argument: String) {
        if argument.isEmpty {
            self = .clear
        } else if let value = Value(argument: argument) {
            self = .set(value)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { Value.allValueStrings }

    static var expectedDescription: String { Value.expectedDescription }

    static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }
}

/// How many of something (`--limit`, `--jobs`): a positive whole number, up to `Int.max`.
/// An ignore rule's id, as `news ignores` shows it (`3` or `#3`).
struct IgnoreRuleID: ExpressibleByArgument, Hashable {
    let rawValue: Int64

    init?(argument: String) {
        guard let id = RecordID.parse(argument) else { return nil }
        rawValue = id
    }

    static var expectedDescription: String { "a rule id such as 3 (see news ignores)" }
}

struct Count: ExpressibleByArgument, Hashable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    init?(argument: String) {
        guard let value = Int(argument), value > 0 else { return nil }
        self.value = value
    }

    /// The range named, as every numeric option's error names its own (issue 40): the top is the
    /// largest `Int`, and what a count feeds (a page's look-ahead) saturates there.
    static var expectedDescription: String { "a positive whole number, at most \(Int.max)" }

    var defaultValueDescription: String { String(value) }

    /// One more than the count, to ask for a page and learn whether another follows; `Int.max` stays
    /// itself rather than overflow (no list holds that many rows, so "more" is never wrongly missed).
    var withLookahead: Int {
        value == Int.max ? value : value + 1
    }
}

/// When a news item was published (`news add --published`): `YYYY-MM-DD` (midnight UTC), ISO 8601 /
/// RFC 3339, or an RFC 822 date as feeds write them.
struct PublicationDate: ExpressibleByArgument {
    let date: Date

    init?(argument: String) {
        if let day = CalendarDate(parsing: argument) {
            let days = Timestamp.daysSinceEpoch(year: day.year, month: day.month, day: day.day)
            date = Date(timeIntervalSince1970: Double(days) * 86_400)
            guard Timestamp.isStorable(date) else { return nil }
        } else if let date = FeedDate.parse(argument) {
            self.date = date
        } else {
            return nil
        }
    }

    static var expectedDescription: String { "a date such as 2026-11-30 or 2026-11-30T10:00:00Z" }
}

/// `news list --after`: the cursor the previous page printed.
extension NewsCursor: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(argument)
    }

    package static var expectedDescription: String { "a cursor printed by a previous page" }
}

/// `list --after`: the cursor the previous page printed (a plain id in the order added).
extension MovieCursor: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(argument)
    }

    package static var expectedDescription: String {
        "a cursor printed by a previous page, such as 12 or title:Heat:12"
    }
}

/// How commands that print records print them: a table for people, or a machine format.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, ndjson, csv, tsv

    /// The machine format, or nil for the table.
    var recordFormat: RecordFormat? {
        switch self {
        case .table: nil
        case .json: .json
        case .ndjson: .ndjson
        case .csv: .csv
        case .tsv: .tsv
        }
    }
}

/// What `movies export --format` writes.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, tsv, json, ndjson
    /// Letterboxd's import layout, for the movies seen.
    case letterboxd
    /// Letterboxd's import layout, for the not-seen ones (its watchlist import).
    case letterboxdWatchlist = "letterboxd-watchlist"
    /// Letterboxd's list export layout, for one list (`--list`).
    case letterboxdList = "letterboxd-list"

    /// This program's own format, or nil for Letterboxd's layouts.
    var recordFormat: RecordFormat? {
        switch self {
        case .csv: .csv
        case .tsv: .tsv
        case .json: .json
        case .ndjson: .ndjson
        case .letterboxd, .letterboxdWatchlist, .letterboxdList: nil
        }
    }
}

/// The shells `movies completions` writes a script for.
enum CompletionShell: String, CaseIterable, ExpressibleByArgument {
    case bash, zsh, fish
}

/// `import --from`.
extension MovieImportFormat: ExpressibleByArgument {}

/// `import --on-duplicate`.
extension DuplicatePolicy: ExpressibleByArgument {}

/// A film as `log` takes it: its id (`12`, `#12`) or its title, with the year in parentheses where two
/// films share a title (`"Heat (1995)"`), matched as `add` matches titles (case and runs of spaces aside;
/// accents and a leading article count: `The Abyss` is not `Abyss`).
enum FilmReference: ExpressibleByArgument, Hashable {
    case id(Int64)
    case title(String, year: Int?)

    init?(argument: String) {
        if let id = RecordID.parse(argument) {
            self = .id(id)
            return
        }
        let text = argument.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        // Digits are an id: ones that are no id (`0`, past Int64) are refused, not looked up as a title.
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) { return nil }
        // `Heat (1995)`: a year of four digits in parentheses at the end.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("),
            let year = Int(text[text.index(after: open)..<text.index(before: text.endIndex)]),
            (1000...9999).contains(year)
        {
            let title = String(text[..<open]).trimmingWhitespace()
            if !title.isEmpty {
                self = .title(title, year: year)
                return
            }
        }
        self = .title(text, year: nil)
    }

    static var expectedDescription: String { "a movie id such as 12, or its title" }

    static var defaultCompletionKind: CompletionKind { .film }

    /// An id; a title could be any word.
    static func fitsExactly(_ argument: String) -> Bool { RecordID.parse(argument) != nil }
}

/// `--month 2024-03`: a month of a year, as the diary groups viewings.
struct DiaryMonth: ExpressibleByArgument, Hashable {
    let year: Int
    let month: Int

    init?(argument: String) {
        let parts = argument.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let month = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        self.year = year
        self.month = month
    }

    static var expectedDescription: String { "a month as YYYY-MM, such as 2024-03" }
}

/// A viewing as `diary edit` and `diary rm` take it: its id (`31`, as `diary` and `show` print it), or
/// its film named by title (`Heat`, `"Dune (2021)"`, as `FilmReference` reads it), where the film has one
/// viewing (`CommandContext.existingViewing`).
enum ViewingReference: ExpressibleByArgument, Hashable {
    case id(Int64)
    case film(FilmReference)

    init?(argument: String) {
        if let id = RecordID.parse(argument) {
            self = .id(id)
        } else if let film = FilmReference(argument: argument) {
            self = .film(film)
        } else {
            return nil
        }
    }

    static var expectedDescription: String {
        "a viewing id such as 31 (movies diary shows them), or its film's title"
    }

    static var defaultCompletionKind: CompletionKind { .film }

    /// An id; a title could be any word.
    static func fitsExactly(_ argument: String) -> Bool { RecordID.parse(argument) != nil }
}

/// `--diary-cursor`: where the previous page of the diary ended (`2024-03-09:31`).
extension DiaryCursor: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }

    static var expectedDescription: String { "the cursor the previous page printed, such as 2024-03-09:31" }
}

/// `diary edit --rating`: a rating given at a viewing (terrible to excellent), or `none` to clear it.
struct ViewingRatingWord: ExpressibleByArgument, Hashable {
    /// Nil for `none`.
    let rating: Rating?

    init?(argument: String) {
        if argument.trimmingWhitespace().lowercased() == "none" {
            rating = nil
            return
        }
        guard let word = RatingWord(typed: argument), word.rating != .notSeen else { return nil }
        rating = word.rating
    }

    static var allValueStrings: [String] {
        RatingWord.allCases.filter { $0.rating != .notSeen }.map(\.rawValue) + ["none"]
    }

    static var expectedDescription: String { "a rating from terrible to excellent, or none" }
}
