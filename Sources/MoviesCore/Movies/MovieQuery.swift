/// The orders `movies list --sort` offers.
public enum MovieSort: String, CaseIterable, Sendable, Hashable {
    /// In the order the movies were added, oldest first.
    case added
    /// By title, A to Z: accents with their base letter, case ignored, a leading article set aside.
    case title
    /// Best first: excellent down to terrible (by stars within a word), then seen without a rating,
    /// then the watchlist.
    case rating
    /// By release year, oldest first; movies without a year last.
    case year

    /// `the list in the order added`, `the list sorted by title`: the list this order makes, in words.
    public var listDescription: String {
        self == .added ? "the list in the order added" : "the list sorted by \(rawValue)"
    }
}

/// Which movies to list and in what order: a filter, a sort, and a page.
///
/// Pages continue by key, never by `OFFSET`: `after` holds the sort key and id of the last movie of the
/// previous page (see `MovieCursor`), so page 1,000 costs what page 1 costs.
public struct MovieQuery: Sendable, Hashable {
    /// Only movies whose `rating` column holds one of these words; empty means all.
    public var ratings: Set<RatingWord>
    /// Only the seen movies, or only the watchlist; nil means both.
    public var watchState: WatchState?
    /// Only movies whose title or note match these words (full-text search); nil means all.
    public var text: String?
    /// Only films with a viewing tagged so (a whole tag, any case); nil means all.
    public var tag: String?
    /// Only the films on this list (`lists.id`); nil means all.
    public var listID: Int64?
    /// Only films one of whose directors' names holds these words, whole and in order (`mann` finds
    /// Michael Mann; case and accents folded: `movies_directors_fts`); nil means all.
    public var director: String?
    /// Only films of this genre (`Drama`; ASCII case aside); nil means all.
    public var genre: String?
    public var sort: MovieSort
    /// Flip the sort's natural direction.
    public var reversed: Bool
    /// At most this many movies; nil means all.
    public var limit: Int?
    /// Continue after this point (the end of the previous page); it must be a cursor of `sort`.
    public var after: MovieCursor?

    /// A query; the default lists every movie in the order added.
    public init(
        ratings: Set<RatingWord> = [], watchState: WatchState? = nil, text: String? = nil,
        tag: String? = nil, listID: Int64? = nil, sort: MovieSort = .added, reversed: Bool = false,
        limit: Int? = nil,
        after: MovieCursor? = nil, director: String? = nil, genre: String? = nil
    ) {
        self.director = director
        self.genre = genre
        self.ratings = ratings
        self.watchState = watchState
        self.text = text
        self.tag = tag
        self.listID = listID
        self.sort = sort
        self.reversed = reversed
        self.limit = limit
        self.after = after
    }

    /// The words the filter lets through: `ratings` within `watchState`; nil when every word passes.
    var allowedWords: [RatingWord]? {
        guard !ratings.isEmpty || watchState != nil else { return nil }
        let words = ratings.isEmpty ? Set(RatingWord.allCases) : ratings
        return words.sorted().filter { word in
            watchState.map { word.watchState == $0 } ?? true
        }
    }
}
