import Basics
import FoundationEssentials
import MoviesCore

/// What one row of an input file becomes: a film's fields, perhaps one viewing of it, and what the
/// source knew beyond them.
///
/// Values have already passed `MovieValidation` and `ViewingValidation` (title trimmed and in NFC,
/// lengths, year range, no control characters, watched date not in the future), so whatever the store
/// would refuse is reported as an `ImportRowError` by the reader, with the row's line, rather than
/// later by the store. Rows of one film (a diary's viewings, the files of one export) are placed on
/// their film by `FilmPlacement` and combined by `ImportedFilm` and `ImportedViewing`.
public struct ImportedMovie: Sendable, Hashable {
    /// What a row says about its film, beyond its fields: how the importer weighs it against other rows.
    public struct Meaning: Sendable, Hashable {
        /// The rating is the film's current one (Letterboxd's ratings.csv, IMDb, this program's formats),
        /// not one given at a viewing (a diary entry, a review, a row of Letterboxd's import layout).
        public var ratingIsCurrent = true
        /// The row is one viewing (a diary entry, a review of one, a seen row of the import layout): its
        /// day, rating, rewatch, review, tags and entry address are the viewing's.
        public var isViewing = false
        /// The viewing was a rewatch (Letterboxd's `Rewatch` column).
        public var isRewatch = false
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
    /// Watchlist or seen: a Letterboxd watchlist row is not seen; a rated, dated or watched row is. A
    /// list entry is `.watchlist` too: it says nothing of whether the film was seen, and a watchlist
    /// row never un-sees a film.
    public var watchState: WatchState
    /// The word; from the stars when the source has stars (Letterboxd, IMDb).
    public var rating: Rating
    /// Letterboxd's ½–5 stars, IMDb's 1–10 (n of 10 is n half-stars), or the own formats' `stars`.
    public var stars: StarRating?
    /// The day it was watched: Letterboxd's `Watched Date` (diary, reviews) or the own `watched_on`.
    public var watchedOn: CalendarDate?
    /// The own formats' `watch_count`.
    public var watchCount: Int?
    /// When the rating was given: Letterboxd's `Date` (of the rating), IMDb's `Date Rated`, the own
    /// `rated_on`; for a viewing, its day.
    public var ratedOn: CalendarDate?
    /// The own formats' `note`: private, the film's.
    public var note: String?
    /// A viewing's public review (Letterboxd's `Review`); line breaks normalized to LF.
    public var review: String?
    /// A viewing's tags (Letterboxd's `Tags`).
    public var tags: ViewingTags = []
    /// IMDb's id, `tt0113277`.
    public var imdbID: String?
    /// The film's Letterboxd address, `https://boxd.it/2aMM` or `https://letterboxd.com/film/heat-1995/`
    /// (watched, ratings, watchlist, lists, the import layout); never a diary entry's.
    public var letterboxdURI: String?
    /// The diary entry's own address (diary.csv, reviews.csv: `https://boxd.it/1VoAHp`).
    public var entryURI: String?
    /// IMDb's `Runtime (mins)`, `Genres` and `Directors`.
    public var runtimeMinutes: Int?
    public var genres: [String] = []
    public var directors: [String] = []
    /// The own formats' `created_at`. Letterboxd's `Date` (when the film was logged or rated) and
    /// IMDb's `Date Rated`/`created` seed it as that day at 00:00 UTC: the closest thing those files
    /// have to "when it went on the list", so the list's order follows the order it was lived.
    public var createdAt: Date?
    /// The own formats' `updated_at`; nil from Letterboxd and IMDb.
    public var updatedAt: Date?
    /// How the row weighs against others of its film.
    public var meaning: Meaning
    /// The list and place a Letterboxd list's row gives the film (`LetterboxdListReader`).
    public var listEntry: ListEntry?

    /// A film's place on a list being imported: the list's index in the import, its position, its note.
    public struct ListEntry: Sendable, Hashable {
        public var list: Int
        public var position: Int
        public var note: String?
    }

    /// A row's values; readers create these, tests may too. Without a `watchState`, a row with a
    /// rating, stars, a watched date or a count is seen, any other on the watchlist.
    public init(
        line: Int, id: Int64? = nil, title: String, year: Int? = nil, rating: Rating = .notSeen,
        watchState: WatchState? = nil, stars: StarRating? = nil, watchedOn: CalendarDate? = nil,
        watchCount: Int? = nil, ratedOn: CalendarDate? = nil, note: String? = nil, review: String? = nil,
        tags: ViewingTags = [], imdbID: String? = nil, letterboxdURI: String? = nil, entryURI: String? = nil,
        runtimeMinutes: Int? = nil, genres: [String] = [], directors: [String] = [], createdAt: Date? = nil,
        updatedAt: Date? = nil, meaning: Meaning = Meaning(), listEntry: ListEntry? = nil
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
        self.review = review
        self.tags = tags
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
        self.entryURI = entryURI
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.directors = directors
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.meaning = meaning
        self.listEntry = listEntry
    }

    /// The film's fields `MovieStore.add` takes (a viewing's day and rating are the viewing's).
    public var draft: MovieDraft {
        var draft = MovieDraft(
            title: title, year: year, rating: rating, watchState: watchState, watchedOn: watchedOn,
            watchCount: watchCount, ratedOn: ratedOn, note: note, stars: stars,
            imdbID: imdbID, letterboxdURI: letterboxdURI)
        draft.runtimeMinutes = runtimeMinutes
        draft.genres = genres
        draft.directors = directors
        return draft
    }

    /// The viewing this row is, when it is one.
    var viewingDraft: ViewingDraft {
        ViewingDraft(
            watchedOn: watchedOn, rating: rating, stars: stars, isRewatch: meaning.isRewatch, review: review,
            tags: tags, letterboxdURI: entryURI)
    }

    /// The word of the `rating` column this row gives.
    public var ratingWord: RatingWord { RatingWord(watchState: watchState, rating: rating) }

    /// Whether the row names its film by an id (a Letterboxd film address or an IMDb id) rather than
    /// by title and year alone.
    var isIdentified: Bool { letterboxdURI != nil || imdbID != nil }
}
