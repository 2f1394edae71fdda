import Basics
import Foundation

/// How much you liked a movie, from `terrible` to `excellent`, or `notSeen` for the watchlist.
///
/// Stored and shown as its words (`not-seen`, `good`), which is what a person reading the database with
/// `sqlite3` sees and what the command line accepts, case-insensitively.
public enum Rating: String, CaseIterable, Sendable, Hashable, Codable {
    case notSeen = "not-seen"
    case terrible
    case poor
    case decent
    case good
    case excellent

    /// The place on the scale: 0 for not seen, then 1 (terrible) to 5 (excellent).
    /// Mirrors the expression of the schema's `movies_by_rating` index.
    public var rank: Int {
        switch self {
        case .notSeen: 0
        case .terrible: 1
        case .poor: 2
        case .decent: 3
        case .good: 4
        case .excellent: 5
        }
    }

    /// The six words, in scale order, as users type them.
    public static let words: [String] = allCases.map(\.rawValue)

    /// Decodes the stored word straight from SQLite's UTF-8 buffer, without building a `String`.
    ///
    /// Used when listing hundreds of thousands of rows. The CHECK constraint lets only the six words in;
    /// the first letter picks the candidate and the whole word must then be its spelling, so this
    /// decoder accepts exactly the stored words and nothing a person types (`init(argument:)` reads those).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return nil }
        let candidate: Rating
        switch first {
        case UInt8(ascii: "n"): candidate = .notSeen
        case UInt8(ascii: "t"): candidate = .terrible
        case UInt8(ascii: "p"): candidate = .poor
        case UInt8(ascii: "d"): candidate = .decent
        case UInt8(ascii: "g"): candidate = .good
        case UInt8(ascii: "e"): candidate = .excellent
        default: return nil
        }
        guard bytes.elementsEqual(candidate.rawValue.utf8) else { return nil }
        self = candidate
    }
}

/// The one reader of a rating a person wrote: `--rating` and `rate` on the command line and in the
/// shell, the shell's add form, and the `rating` column of an imported file all go through it. Help,
/// completions and error messages offer `words` (the enumeration's default).
extension Rating: ExpressibleByArgument {
    /// The six words in any case, surrounding white space ignored, and `not seen`, `not_seen` or
    /// `notseen` for `not-seen`.
    package init?(argument: String) {
        // The exact word first: an import reads one per row, and most are exact.
        if let rating = Rating(rawValue: argument) {
            self = rating
            return
        }
        let word = argument.trimmingWhitespace().lowercased()
        switch word {
        case "not seen", "not_seen", "notseen": self = .notSeen
        default:
            guard let rating = Rating(rawValue: word) else { return nil }
            self = rating
        }
    }

    package static var allValueStrings: [String] { words }
}

extension Rating: Comparable {
    /// Ratings compare by their place on the scale.
    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rank < rhs.rank }
}
