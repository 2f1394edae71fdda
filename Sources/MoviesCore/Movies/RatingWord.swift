import Basics

/// The word a movie's `rating` column holds: its watch state and its rating in one, as people type
/// them (`--rating`, `rate`, `list --rating`), read them in exports, and see them in `sqlite3`.
///
/// `not-seen` is the watchlist, `seen` a movie seen without a rating, and the five `Rating` words a
/// rated movie. Swift code that needs the two apart reads `watchState` and `rating`.
public enum RatingWord: String, CaseIterable, Sendable, Hashable {
    case notSeen = "not-seen"
    case seen
    case terrible
    case poor
    case decent
    case good
    case excellent

    /// The word for a watch state and a rating; a rating other than `notSeen` means seen.
    public init(watchState: WatchState, rating: Rating) {
        switch rating {
        case .notSeen: self = watchState == .seen ? .seen : .notSeen
        case .terrible: self = .terrible
        case .poor: self = .poor
        case .decent: self = .decent
        case .good: self = .good
        case .excellent: self = .excellent
        }
    }

    /// The word of a rating (`notSeen` is the watchlist's).
    public init(_ rating: Rating) {
        self.init(watchState: rating == .notSeen ? .watchlist : .seen, rating: rating)
    }

    /// Seen or not.
    public var watchState: WatchState { self == .notSeen ? .watchlist : .seen }

    /// The rating: `notSeen` for `not-seen` and `seen`, which have none.
    public var rating: Rating {
        switch self {
        case .notSeen, .seen: .notSeen
        case .terrible: .terrible
        case .poor: .poor
        case .decent: .decent
        case .good: .good
        case .excellent: .excellent
        }
    }

    /// The seven words, as users type them.
    public static let words: [String] = allCases.map(\.rawValue)

    /// Decodes the stored word straight from SQLite's UTF-8 buffer, without building a `String`: the
    /// first letter picks the candidate and the whole word must then be its spelling, so this accepts
    /// exactly the stored words (`init(typed:)` reads what people type).
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return nil }
        let candidate: RatingWord
        switch first {
        case UInt8(ascii: "n"): candidate = .notSeen
        case UInt8(ascii: "s"): candidate = .seen
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

extension RatingWord {
    /// The one reader of a rating word a person wrote: `--rating` and `rate` on the command line and in
    /// the shell, the shell's add form, and the `rating` column of an imported file all go through it.
    ///
    /// The seven words in any case, surrounding white space ignored; `not seen`, `not_seen`, `notseen`
    /// and `watchlist` for `not-seen`; `watched` for `seen`.
    public init?(typed text: String) {
        // The exact word first: an import reads one per row, and most are exact.
        if let word = RatingWord(rawValue: text) {
            self = word
            return
        }
        let word = text.trimmingWhitespace().lowercased()
        switch word {
        case "not seen", "not_seen", "notseen", "watchlist": self = .notSeen
        case "watched": self = .seen
        default:
            guard let parsed = RatingWord(rawValue: word) else { return nil }
            self = parsed
        }
    }
}

extension RatingWord: Comparable {
    /// Words compare in the order of the scale: the watchlist, seen, then terrible to excellent.
    public static func < (lhs: RatingWord, rhs: RatingWord) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
