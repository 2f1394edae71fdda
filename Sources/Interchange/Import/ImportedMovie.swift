import Basics
import FoundationEssentials
import MoviesCore

/// What one row of an input file becomes: a movie's fields plus what the source knew beyond them.
///
/// Values have already passed `MovieValidation` (title trimmed and in NFC, lengths, year range, no
/// control characters, watched date not in the future), so whatever the store would refuse is
/// reported as an `ImportRowError` by the reader, with the row's line, rather than later by the store.
/// Rows of one film (a diary's viewings, the files of one export) are combined by `ImportedFilm`.
public struct ImportedMovie: Sendable, Hashable {
    /// What a row says about its film, beyond its fields: how the importer weighs it against other rows.
    public struct Meaning: Sendable, Hashable {
        /// The rating is the film's current one (Letterboxd's ratings.csv, IMDb, an import layout, this
        /// program's formats), not one given at a past viewing (a diary entry or review).
        public var ratingIsCurrent = true
        /// The row is one viewing (a Letterboxd diary entry): the film's viewings are counted.
        public var isViewing = false
        /// The viewing was a re-watch (Letterboxd's `Rewatch` column).
        public var isRewatch = false
        /// The Letterboxd address is the film's page (not a diary entry's, as diary.csv and reviews.csv
        /// give).
        public var linksFilm = true
        /// Not a film: an IMDb row of another title type (a series, an episode, a video game), left out
        /// unless the import takes TV; its type as IMDb wrote it.
        public var otherTitleType: String?

        public init() {}
    }

    /// The line the row starts on, for messages.
    public var line: Int
    /// The row id; only this program's own formats carry one.
    public var id: Int64?
    public var title: String
    public var year: Int?
    /// Watchlist or seen: a Letterboxd watchlist row is not seen; a rated, dated or watched row is.
    public var watchState: WatchState
    /// The word; from the stars when the source has stars (Letterboxd, IMDb).
    public var rating: Rating
    /// Letterboxd's ½–5 stars, IMDb's 1–10 (n of 10 is n half-stars), or the own formats' `stars`.
    public var stars: StarRating?
    /// The day it was watched: Letterboxd's `Watched Date` (diary, reviews) or the own `watched_on`.
    public var watchedOn: CalendarDate?
    /// The own formats' `watch_count`; 2 for a Letterboxd import-layout row marked as a re-watch.
    public var watchCount: Int?
    /// When the rating was given: Letterboxd's `Date` (of the rating or the diary entry), IMDb's `Date
    /// Rated`, the own `rated_on`.
    public var ratedOn: CalendarDate?
    /// Letterboxd's review text or the own `note`; line breaks normalized to LF.
    public var note: String?
    /// IMDb's id, `tt0113277`.
    public var imdbID: String?
    /// Letterboxd's address, `https://boxd.it/2aMM` or `https://letterboxd.com/film/heat-1995/`.
    public var letterboxdURI: String?
    /// The own formats' `created_at`. Letterboxd's `Date` (when the film was logged or rated) and
    /// IMDb's `Date Rated`/`created` seed it as that day at 00:00 UTC: the closest thing those files
    /// have to "when it went on the list", so the list's order follows the order it was lived.
    public var createdAt: Date?
    /// The own formats' `updated_at`; nil from Letterboxd and IMDb.
    public var updatedAt: Date?
    /// How the row weighs against others of its film.
    public var meaning: Meaning

    /// A row's values; readers create these, tests may too. Without a `watchState`, a row with a
    /// rating, stars, a watched date or a count is seen, any other on the watchlist.
    public init(
        line: Int, id: Int64? = nil, title: String, year: Int? = nil, rating: Rating = .notSeen,
        watchState: WatchState? = nil, stars: StarRating? = nil, watchedOn: CalendarDate? = nil,
        watchCount: Int? = nil, ratedOn: CalendarDate? = nil, note: String? = nil, imdbID: String? = nil,
        letterboxdURI: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil,
        meaning: Meaning = Meaning()
    ) {
        self.line = line
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
        let seen = rating != .notSeen || stars != nil || watchedOn != nil || watchCount != nil
        self.watchState = watchState ?? (seen ? .seen : .watchlist)
        self.stars = stars
        self.watchedOn = watchedOn
        self.watchCount = watchCount
        self.ratedOn = ratedOn
        self.note = note
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.meaning = meaning
    }

    /// The fields `MovieStore.add` takes.
    public var draft: MovieDraft {
        MovieDraft(
            title: title, year: year, rating: rating, watchState: watchState, watchedOn: watchedOn,
            watchCount: watchCount, ratedOn: ratedOn, note: note, stars: stars,
            imdbID: imdbID, letterboxdURI: letterboxdURI)
    }

    /// The word of the `rating` column this row gives.
    public var ratingWord: RatingWord { RatingWord(watchState: watchState, rating: rating) }
}
