import Foundation

/// A movie on the list, as stored.
public struct Movie: Sendable, Hashable, Identifiable {
    /// The row id, shown as `#12`; never reused after a removal.
    public var id: Int64
    public var title: String
    /// Release year, 1870–2100.
    public var year: Int?
    public var rating: Rating
    /// The day it was (last) watched.
    public var watchedOn: CalendarDate?
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// Letterboxd-style half stars, when an import brought them; always agrees with `rating`.
    public var stars: StarRating?
    /// IMDb's id, `tt0113277`.
    public var imdbID: String?
    /// The film's Letterboxd address.
    public var letterboxdURI: String?

    /// Creates a movie value; the store creates these, tests and importers may too.
    public init(
        id: Int64, title: String, year: Int? = nil, rating: Rating = .notSeen, watchedOn: CalendarDate? = nil,
        note: String? = nil, createdAt: Date, updatedAt: Date, stars: StarRating? = nil,
        imdbID: String? = nil,
        letterboxdURI: String? = nil
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
        self.watchedOn = watchedOn
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.stars = stars
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }

    /// `Heat (1995)`, or just the title when the year is unknown.
    public var titleWithYear: String {
        year.map { "\(title) (\($0))" } ?? title
    }
}

/// A movie about to be added: everything but what the store assigns (id, timestamps).
public struct MovieDraft: Sendable, Hashable {
    public var title: String
    public var year: Int?
    public var rating: Rating
    public var watchedOn: CalendarDate?
    public var note: String?
    /// Half stars; dropped by validation when they do not agree with `rating`.
    public var stars: StarRating?
    public var imdbID: String?
    public var letterboxdURI: String?

    /// A draft; only the title is required, the rating defaults to `notSeen`.
    public init(
        title: String, year: Int? = nil, rating: Rating = .notSeen, watchedOn: CalendarDate? = nil,
        note: String? = nil, stars: StarRating? = nil, imdbID: String? = nil, letterboxdURI: String? = nil
    ) {
        self.title = title
        self.year = year
        self.rating = rating
        self.watchedOn = watchedOn
        self.note = note
        self.stars = stars
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }
}

/// A change to one optional field: set a new value, or clear it.
public enum FieldEdit<Value: Sendable & Hashable>: Sendable, Hashable {
    case set(Value)
    case clear

    /// The value after the edit.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}

/// What `MovieStore.edit` changes; `nil` fields stay as they are.
public struct MovieChanges: Sendable, Hashable {
    public var title: String?
    public var year: FieldEdit<Int>?
    public var rating: Rating?
    public var watchedOn: FieldEdit<CalendarDate>?
    public var note: FieldEdit<String>?

    /// Changes; give only the fields to change.
    public init(
        title: String? = nil, year: FieldEdit<Int>? = nil, rating: Rating? = nil,
        watchedOn: FieldEdit<CalendarDate>? = nil, note: FieldEdit<String>? = nil
    ) {
        self.title = title
        self.year = year
        self.rating = rating
        self.watchedOn = watchedOn
        self.note = note
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        title == nil && year == nil && rating == nil && watchedOn == nil && note == nil
    }

    /// `movie` with these changes applied (not yet validated or stored).
    /// The stars stay only while they agree with the (new) rating.
    public func applied(to movie: Movie) -> MovieDraft {
        let newRating = rating ?? movie.rating
        return MovieDraft(
            title: title ?? movie.title,
            year: year.map(\.newValue) ?? movie.year,
            rating: newRating,
            watchedOn: watchedOn.map(\.newValue) ?? movie.watchedOn,
            note: note.map(\.newValue) ?? movie.note,
            stars: movie.stars?.rating == newRating ? movie.stars : nil,
            imdbID: movie.imdbID, letterboxdURI: movie.letterboxdURI)
    }
}
