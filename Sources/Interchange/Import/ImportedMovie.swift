import Foundation
import MoviesCore

/// What one row of an input file becomes: a movie's fields plus what the source knew beyond them.
///
/// Values have already passed `MovieValidation` (title trimmed, lengths, year range, no control
/// characters), so whatever the store would refuse is reported as an `ImportRowError` by the reader,
/// with the row's line, rather than later by the store.
public struct ImportedMovie: Sendable, Hashable {
    /// The line the row starts on, for messages.
    public var line: Int
    /// The row id; only this program's own formats carry one.
    public var id: Int64?
    public var title: String
    public var year: Int?
    /// The word; from the stars when the source has stars (Letterboxd, IMDb).
    public var rating: Rating
    /// Letterboxd's ½–5 stars, IMDb's 1–10 (n of 10 is n half-stars), or the own formats' `stars`.
    public var stars: StarRating?
    /// The day it was watched: Letterboxd's `Watched Date` (diary, reviews) or the own `watched_on`.
    public var watchedOn: CalendarDate?
    /// Letterboxd's review text or the own `note`; line breaks normalized to LF.
    public var note: String?
    /// IMDb's id, `tt0113277`.
    public var imdbID: String?
    /// Letterboxd's film address, `https://boxd.it/2aMM` or `https://letterboxd.com/film/heat-1995/`.
    public var letterboxdURI: String?
    /// The own formats' `created_at`. Letterboxd's `Date` (when the film was logged or rated) and
    /// IMDb's `Date Rated`/`created` seed it as that day at 00:00 UTC: the closest thing those files
    /// have to "when it went on the list".
    public var createdAt: Date?
    /// The own formats' `updated_at`; nil from Letterboxd and IMDb.
    public var updatedAt: Date?
    /// True when the source says the movie was watched, even when it has no rating.
    ///
    /// `Rating` has no word for "seen, not rated", so Letterboxd's watched.csv rows become `notSeen`
    /// (inventing an opinion would be worse than a missing one); this flag lets an importer say how
    /// many such movies there were, or treat them differently once the list can express it.
    public var watched: Bool

    /// A row's values; readers create these, tests may too.
    public init(
        line: Int, id: Int64? = nil, title: String, year: Int? = nil, rating: Rating = .notSeen,
        stars: StarRating? = nil, watchedOn: CalendarDate? = nil, note: String? = nil, imdbID: String? = nil,
        letterboxdURI: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil, watched: Bool = false
    ) {
        self.line = line
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
        self.stars = stars
        self.watchedOn = watchedOn
        self.note = note
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.watched = watched
    }

    /// The row a bulk insert writes.
    var record: MovieRecord {
        MovieRecord(id: id, draft: draft, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The fields `MovieStore.add` takes.
    public var draft: MovieDraft {
        MovieDraft(
            title: title, year: year, rating: rating, watchedOn: watchedOn, note: note, stars: stars,
            imdbID: imdbID,
            letterboxdURI: letterboxdURI)
    }
}
