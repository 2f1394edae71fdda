/// How much you liked a movie you have seen, from `terrible` to `excellent`; `notSeen` when there is
/// no rating (a movie on the watchlist, or one seen but not rated: see `WatchState`).
///
/// Stored as its words (`good`), in the `rating` column beside the watch state: `RatingWord` spells them,
/// the only place in Swift that does (a test ties its words to the schema's CHECK).
public enum Rating: CaseIterable, Sendable, Hashable {
    case notSeen
    case terrible
    case poor
    case decent
    case good
    case excellent

    /// The place on the scale: 0 for no rating, then 1 (terrible) to 5 (excellent).
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
}

extension Rating: Comparable {
    /// Ratings compare by their place on the scale.
    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rank < rhs.rank }
}
