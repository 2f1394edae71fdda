/// A change to one optional field: set a new value, or clear it.
import Basics

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
    /// A new word: a rating, `seen` (seen, the rating dropped) or `not-seen` (back on the watchlist:
    /// rating, watched date and count dropped).
    public var rating: RatingWord?
    /// New stars; the word follows from them (give no other `rating`, or one that agrees).
    public var stars: StarRating?
    public var watchedOn: FieldEdit<CalendarDate>?
    public var note: FieldEdit<String>?
    /// The film's IMDb id (`tt0113277`) and Letterboxd address: what tells it apart from another film of
    /// the same title and year.
    public var imdbID: FieldEdit<String>?
    public var letterboxdURI: FieldEdit<String>?

    /// Changes; give only the fields to change.
    public init(
        title: String? = nil, year: FieldEdit<Int>? = nil, rating: RatingWord? = nil,
        stars: StarRating? = nil,
        watchedOn: FieldEdit<CalendarDate>? = nil, note: FieldEdit<String>? = nil,
        imdbID: FieldEdit<String>? = nil, letterboxdURI: FieldEdit<String>? = nil
    ) {
        self.title = title
        self.year = year
        self.rating = rating
        self.stars = stars
        self.watchedOn = watchedOn
        self.note = note
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        title == nil && year == nil && rating == nil && stars == nil && watchedOn == nil && note == nil
            && imdbID == nil && letterboxdURI == nil
    }

    /// `movie` with these changes applied (not yet validated or stored). A new rating is dated `today`;
    /// stars stay only while they agree with the (new) rating.
    public func applied(to movie: Movie, today: CalendarDate) -> MovieDraft {
        var draft = MovieDraft(movie)
        if let title { draft.title = title }
        if let year { draft.year = year.newValue }
        if let note { draft.note = note.newValue }
        if let imdbID { draft.imdbID = imdbID.newValue }
        if let letterboxdURI { draft.letterboxdURI = letterboxdURI.newValue }
        let word = rating ?? stars.map { RatingWord($0.rating) } ?? movie.ratingWord
        let starsChanged = stars != nil && stars != movie.stars
        if word != movie.ratingWord || starsChanged {
            draft.rating = word.rating
            draft.watchState = word.watchState
            draft.stars = stars ?? (movie.stars?.rating == word.rating ? movie.stars : nil)
            draft.ratedOn = word.rating == .notSeen ? nil : today
            if word == .notSeen {
                draft.watchedOn = nil
                draft.watchCount = nil
            }
        }
        if let watchedOn {
            draft.watchedOn = watchedOn.newValue
            if watchedOn.newValue != nil { draft.watchState = .seen }
        }
        return draft
    }
}
