/// Whether you have seen a movie: kept apart from how good you found it.
///
/// A movie is on the watchlist, or seen — with or without a rating, with or without a date. The
/// `rating` column holds both in one word (see `RatingWord`): `not-seen` for the watchlist, `seen` for
/// a seen movie without a rating, a rating word for a rated one (which is always seen).
public enum WatchState: String, CaseIterable, Sendable, Hashable {
    /// Not seen yet: the watchlist.
    case watchlist
    /// Seen, at least once.
    case seen
}
