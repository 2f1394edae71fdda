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

    /// Reads a rating the way a person types it: any case, surrounding spaces ignored, and `not seen`,
    /// `not_seen` or `notseen` for `not-seen`.
    public init?(parsing text: String) {
        let word = text.trimmingWhitespace().lowercased()
        switch word {
        case "not seen", "not_seen", "notseen": self = .notSeen
        default:
            guard let rating = Rating(rawValue: word) else { return nil }
            self = rating
        }
    }

    /// Decodes the stored word straight from SQLite's UTF-8 buffer, without building a `String`.
    ///
    /// Used when listing hundreds of thousands of rows; the CHECK constraint guarantees one of the six.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // The six words differ in their first letter except decent; length settles that.
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "n"): self = .notSeen
        case UInt8(ascii: "t"): self = .terrible
        case UInt8(ascii: "p"): self = .poor
        case UInt8(ascii: "d"): self = .decent
        case UInt8(ascii: "g"): self = .good
        case UInt8(ascii: "e"): self = .excellent
        default: return nil
        }
        guard bytes.count == rawValue.utf8.count else { return nil }
    }
}

extension Rating: Comparable {
    /// Ratings compare by their place on the scale.
    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rank < rhs.rank }
}
