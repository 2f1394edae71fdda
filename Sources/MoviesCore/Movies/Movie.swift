import Basics
import FoundationEssentials

/// A movie on the list, as stored.
public struct Movie: Sendable, Hashable, Identifiable {
    /// The row id, shown as `#12`; never reused after a removal.
    public var id: Int64
    /// Trimmed and in Unicode NFC (see `TitleKeys`).
    public var title: String
    /// Release year, 1870–2100.
    public var year: Int?
    /// On the watchlist, or seen; a rated movie is always seen.
    public var watchState: WatchState
    /// How good it was; `notSeen` when there is no rating (on the watchlist, or seen without one).
    public var rating: Rating
    /// The latest day of its viewings (see `Viewing`); nil when none has a day.
    public var watchedOn: CalendarDate?
    /// How many viewings it has; nil when it has none (on the watchlist, or seen and never logged).
    public var watchCount: Int?
    /// The day the rating was given, when known; only for rated movies.
    public var ratedOn: CalendarDate?
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// Letterboxd-style half stars; always agrees with `rating` (3½ and 4 are both `good`).
    public var stars: StarRating?
    /// IMDb's id, `tt0113277`.
    public var imdbID: String?
    /// The film's Letterboxd address (`https://letterboxd.com/film/heat-1995/` or `https://boxd.it/2b5I`).
    public var letterboxdURI: String?
    /// What IMDb's export says of the film: its length in minutes, its genres and its directors.
    public var runtimeMinutes: Int?
    public var genres: [String]
    public var directors: [String]

    /// Creates a movie value; the store creates these, tests and importers may too. Without a
    /// `watchState`, a movie with a rating or a watched date is seen, any other on the watchlist.
    public init(
        id: Int64, title: String, year: Int? = nil, rating: Rating = .notSeen, watchState: WatchState? = nil,
        watchedOn: CalendarDate? = nil, watchCount: Int? = nil, ratedOn: CalendarDate? = nil,
        note: String? = nil, createdAt: Date, updatedAt: Date, stars: StarRating? = nil,
        imdbID: String? = nil, letterboxdURI: String? = nil, runtimeMinutes: Int? = nil,
        genres: [String] = [], directors: [String] = []
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
        self.watchState =
            watchState ?? (rating != .notSeen || watchedOn != nil || watchCount != nil ? .seen : .watchlist)
        self.watchedOn = watchedOn
        self.watchCount = watchCount
        self.ratedOn = ratedOn
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.stars = stars
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.directors = directors
    }

    /// `Heat (1995)`, or just the title when the year is unknown.
    public var titleWithYear: String {
        year.map { "\(title) (\($0))" } ?? title
    }

    /// The word of the `rating` column: `not-seen`, `seen`, or the rating.
    public var ratingWord: RatingWord { RatingWord(watchState: watchState, rating: rating) }

    /// Whether it has been seen.
    public var isSeen: Bool { watchState == .seen }
}

/// A movie about to be added: everything but what the store assigns (id, timestamps).
public struct MovieDraft: Sendable, Hashable {
    public var title: String
    public var year: Int?
    public var rating: Rating
    public var watchState: WatchState
    public var watchedOn: CalendarDate?
    public var watchCount: Int?
    public var ratedOn: CalendarDate?
    public var note: String?
    /// Half stars; the word follows from them when the draft has none (`MovieValidation`).
    public var stars: StarRating?
    public var imdbID: String?
    public var letterboxdURI: String?
    public var runtimeMinutes: Int?
    public var genres: [String]
    public var directors: [String]

    /// A draft; only the title is required. Without a `watchState`, a draft with a rating, stars, a
    /// watched date or a count is seen, any other goes on the watchlist.
    public init(
        title: String, year: Int? = nil, rating: Rating = .notSeen, watchState: WatchState? = nil,
        watchedOn: CalendarDate? = nil, watchCount: Int? = nil, ratedOn: CalendarDate? = nil,
        note: String? = nil, stars: StarRating? = nil, imdbID: String? = nil, letterboxdURI: String? = nil,
        runtimeMinutes: Int? = nil, genres: [String] = [], directors: [String] = []
    ) {
        self.title = title
        self.year = year
        self.rating = rating
        let seen = rating != .notSeen || stars != nil || watchedOn != nil || watchCount != nil
        self.watchState = watchState ?? (seen ? .seen : .watchlist)
        self.watchedOn = watchedOn
        self.watchCount = watchCount
        self.ratedOn = ratedOn
        self.note = note
        self.stars = stars
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.directors = directors
    }

    /// A draft with the word's watch state and rating.
    public init(
        title: String, year: Int? = nil, word: RatingWord, watchedOn: CalendarDate? = nil,
        note: String? = nil, stars: StarRating? = nil, imdbID: String? = nil, letterboxdURI: String? = nil
    ) {
        self.init(
            title: title, year: year, rating: word.rating, watchState: word.watchState, watchedOn: watchedOn,
            note: note, stars: stars, imdbID: imdbID, letterboxdURI: letterboxdURI)
    }

    /// The draft of a stored movie: its fields without id and timestamps.
    public init(_ movie: Movie) {
        self.init(
            title: movie.title, year: movie.year, rating: movie.rating, watchState: movie.watchState,
            watchedOn: movie.watchedOn, watchCount: movie.watchCount, ratedOn: movie.ratedOn,
            note: movie.note,
            stars: movie.stars, imdbID: movie.imdbID, letterboxdURI: movie.letterboxdURI,
            runtimeMinutes: movie.runtimeMinutes, genres: movie.genres, directors: movie.directors)
    }

    /// The word of the `rating` column.
    public var ratingWord: RatingWord { RatingWord(watchState: watchState, rating: rating) }
}
