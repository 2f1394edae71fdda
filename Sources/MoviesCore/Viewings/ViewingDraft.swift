import Basics

/// A viewing about to be logged: everything but what the store assigns (id, film, timestamps).
public struct ViewingDraft: Sendable, Hashable {
    public var watchedOn: CalendarDate?
    /// The rating given then; `.notSeen` for none. Stars without a rating give theirs.
    public var rating: Rating
    public var stars: StarRating?
    public var isRewatch: Bool
    public var review: String?
    public var tags: ViewingTags
    /// The diary entry's address (`https://boxd.it/1VoAHp`).
    public var letterboxdURI: String?

    public init(
        watchedOn: CalendarDate? = nil, rating: Rating = .notSeen, stars: StarRating? = nil,
        isRewatch: Bool = false, review: String? = nil, tags: ViewingTags = [], letterboxdURI: String? = nil
    ) {
        self.watchedOn = watchedOn
        self.rating = rating
        self.stars = stars
        self.isRewatch = isRewatch
        self.review = review
        self.tags = tags
        self.letterboxdURI = letterboxdURI
    }

    /// The draft of a stored viewing.
    public init(_ viewing: Viewing) {
        self.init(
            watchedOn: viewing.watchedOn, rating: viewing.rating, stars: viewing.stars,
            isRewatch: viewing.isRewatch, review: viewing.review, tags: viewing.tags,
            letterboxdURI: viewing.letterboxdURI)
    }
}

/// The rules a viewing meets before it is stored, checked once (as `MovieValidation` does for films);
/// the `viewings` table's CHECKs say the same for writers that bypass this code.
public enum ViewingValidation {
    /// The longest review, in characters (the schema's CHECK).
    public static let maximumReviewLength = 100_000

    /// The draft as stored (an empty review dropped, stars giving the rating), or the first rule it breaks.
    /// `today` bounds the day, which is checked unless `checkingDate` is false (an edit that keeps a day
    /// stored before).
    public static func validated(
        _ draft: ViewingDraft, today: CalendarDate = .today(), checkingDate: Bool = true
    ) throws(MovieError) -> ValidViewingDraft {
        var draft = draft
        if let stars = draft.stars {
            if draft.rating == .notSeen { draft.rating = stars.rating }
            if stars.rating != draft.rating {
                throw .starsDoNotFitRating(RatingWord(watchState: .seen, rating: draft.rating), stars)
            }
        }
        if checkingDate, let day = draft.watchedOn {
            try MovieValidation.checkWatchedDate(day, today: today)
        }
        if let review = draft.review {
            if let scalar = review.unicodeScalars.first(where: {
                $0.isControlCharacter && $0 != "\n" && $0 != "\t"
            }) {
                throw .controlCharacter(field: .review, scalar: scalar)
            }
            let length = review.unicodeScalars.count
            if length > maximumReviewLength { throw .reviewTooLong(length: length) }
            if review.trimmingWhitespace().isEmpty { draft.review = nil }
        }
        if let stored = draft.tags.stored {
            if let scalar = stored.unicodeScalars.first(where: \.isControlCharacter) {
                throw .controlCharacter(field: .tags, scalar: scalar)
            }
            let length = stored.unicodeScalars.count
            if length > ViewingTags.maximumLength { throw .tagsTooLong(length: length) }
        }
        if let uri = draft.letterboxdURI {
            guard let stored = MovieValidation.letterboxdAddress(uri) else {
                throw .invalidLetterboxdURI(uri)
            }
            draft.letterboxdURI = stored
        }
        return ValidViewingDraft(checked: draft)
    }
}

/// A viewing draft that passed `ViewingValidation.validated`: the only kind the store writes.
public struct ValidViewingDraft: Sendable, Hashable {
    public let draft: ViewingDraft

    fileprivate init(checked draft: ViewingDraft) {
        self.draft = draft
    }
}
