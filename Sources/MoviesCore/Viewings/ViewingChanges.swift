import Basics

/// What `MovieStore.editViewing` changes; nil fields stay as they are.
public struct ViewingChanges: Sendable, Hashable {
    /// A new day, or none (the day is not known).
    public var watchedOn: FieldEdit<CalendarDate>?
    /// A new rating given then, or none (`.clear`: not rated at this viewing).
    public var rating: FieldEdit<Rating>?
    /// New stars; the rating follows from them.
    public var stars: StarRating?
    public var isRewatch: Bool?
    public var review: FieldEdit<String>?
    /// Tags to add, and tags to take away.
    public var addedTags: ViewingTags
    public var removedTags: ViewingTags

    public init(
        watchedOn: FieldEdit<CalendarDate>? = nil, rating: FieldEdit<Rating>? = nil, stars: StarRating? = nil,
        isRewatch: Bool? = nil, review: FieldEdit<String>? = nil, addedTags: ViewingTags = [],
        removedTags: ViewingTags = []
    ) {
        self.watchedOn = watchedOn
        self.rating = rating
        self.stars = stars
        self.isRewatch = isRewatch
        self.review = review
        self.addedTags = addedTags
        self.removedTags = removedTags
    }

    public var isEmpty: Bool {
        watchedOn == nil && rating == nil && stars == nil && isRewatch == nil && review == nil
            && addedTags.isEmpty && removedTags.isEmpty
    }

    /// `viewing` with these changes (not yet validated). Stars stay only while they say the rating.
    public func applied(to viewing: Viewing) -> ViewingDraft {
        var draft = ViewingDraft(viewing)
        if let watchedOn { draft.watchedOn = watchedOn.newValue }
        if let rating {
            draft.rating = rating.newValue ?? .notSeen
            if draft.stars?.rating != draft.rating { draft.stars = nil }
        }
        if let stars {
            draft.stars = stars
            if rating == nil { draft.rating = stars.rating }
        }
        if let isRewatch { draft.isRewatch = isRewatch }
        if let review { draft.review = review.newValue }
        draft.tags = ViewingTags(draft.tags.adding(addedTags).filter { !removedTags.contains($0) })
        return draft
    }
}
