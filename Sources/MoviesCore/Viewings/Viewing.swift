import Basics
import FoundationEssentials

/// One viewing of a film: a diary entry.
///
/// A film is watched many times; each time is a row of its own with its day, the rating given then,
/// whether it was a rewatch, its review and tags, so nothing a diary holds is folded into a count. The
/// film (`Movie`) keeps what belongs to the film — the watchlist or seen, its current rating, a private
/// note, its ids — and reads its latest day and count from its viewings.
public struct Viewing: Sendable, Hashable, Identifiable {
    /// The row id, never reused after a removal: what `movies diary edit` and `diary rm` take.
    public var id: Int64
    /// The film watched.
    public var movieID: Int64
    /// The day; nil for a viewing whose day is not known ("seen, date unknown").
    public var watchedOn: CalendarDate?
    /// The rating given at this viewing; `.notSeen` when none was.
    public var rating: Rating
    /// The stars given at this viewing, when given so; they always say `rating`.
    public var stars: StarRating?
    /// Whether it was a rewatch (Letterboxd's `Rewatch`).
    public var isRewatch: Bool
    /// The public review (Letterboxd's `Review`); a private note is the film's (`Movie.note`).
    public var review: String?
    public var tags: ViewingTags
    /// The diary entry's own address (`https://boxd.it/1VoAHp`), by which a re-import finds it; not the
    /// film's address, which is `Movie.letterboxdURI`.
    public var letterboxdURI: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, movieID: Int64, watchedOn: CalendarDate? = nil, rating: Rating = .notSeen,
        stars: StarRating? = nil, isRewatch: Bool = false, review: String? = nil, tags: ViewingTags = [],
        letterboxdURI: String? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.movieID = movieID
        self.watchedOn = watchedOn
        self.rating = rating
        self.stars = stars
        self.isRewatch = isRewatch
        self.review = review
        self.tags = tags
        self.letterboxdURI = letterboxdURI
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Holds nothing but the fact of the viewing and its day and rating: no review, no tags, no entry
    /// address. Such a viewing can go with the film's return to the watchlist without losing anything a
    /// person wrote or an export named.
    public var holdsOnlyTheFact: Bool {
        review == nil && tags.isEmpty && letterboxdURI == nil
    }
}
