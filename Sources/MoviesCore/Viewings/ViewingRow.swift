import Basics
import FoundationEssentials
import Storage

/// How a `Viewing` maps to a row of the `viewings` table (see `MovieRow` for the pattern): the one list
/// of its columns, the decoder and the binder.
package enum ViewingRow {
    package enum Column: Int32, TableColumn {
        case id, movieID, watchedOn, rating, stars, rewatch, review, tags, letterboxdURI, createdAt, updatedAt

        package var name: String {
            switch self {
            case .id: "id"
            case .movieID: "movie_id"
            case .watchedOn: "watched_on"
            case .rating: "rating"
            case .stars: "stars"
            case .rewatch: "rewatch"
            case .review: "review"
            case .tags: "tags"
            case .letterboxdURI: "letterboxd_uri"
            case .createdAt: "created_at"
            case .updatedAt: "updated_at"
            }
        }
    }

    package static let columns = ColumnList<Column>(table: "viewings")

    package static func decode(_ row: Statement) -> Viewing {
        let rating = row.withUTF8(Column.rating) { RatingWord(utf8: $0) }?.rating ?? .notSeen
        return Viewing(
            id: row.int64(Column.id),
            movieID: row.int64(Column.movieID),
            watchedOn: row.optionalString(Column.watchedOn).flatMap(CalendarDate.init(parsing:)),
            rating: rating,
            stars: row.optionalDouble(Column.stars).flatMap(StarRating.init(stars:)),
            isRewatch: row.int(Column.rewatch) != 0,
            review: row.optionalString(Column.review),
            tags: ViewingTags(stored: row.optionalString(Column.tags)),
            letterboxdURI: row.optionalString(Column.letterboxdURI),
            createdAt: row.withUTF8(Column.createdAt) { Timestamp.date(utf8: $0) }
                ?? Date(timeIntervalSince1970: 0),
            updatedAt: row.withUTF8(Column.updatedAt) { Timestamp.date(utf8: $0) }
                ?? Date(timeIntervalSince1970: 0))
    }

    /// Binds a validated draft of the film `movieID` as one row; `id` nil lets SQLite pick the next one,
    /// nil times are `now`.
    package static func bind(
        _ valid: ValidViewingDraft, movieID: Int64, id: Int64? = nil, createdAt: Date? = nil,
        updatedAt: Date? = nil, to row: RowBinder<Column>, now: String
    ) throws {
        let draft = valid.draft
        try row.bind(id, to: .id)
        try row.bind(movieID, to: .movieID)
        try row.bind(draft.watchedOn?.description, to: .watchedOn)
        try row.bind(draft.rating == .notSeen ? nil : RatingWord(draft.rating).rawValue, to: .rating)
        try row.bind(draft.stars?.stars, to: .stars)
        try row.bind(draft.isRewatch ? 1 : 0, to: .rewatch)
        try row.bind(draft.review, to: .review)
        try row.bind(draft.tags.stored, to: .tags)
        try row.bind(draft.letterboxdURI, to: .letterboxdURI)
        try row.bind(createdAt.map(Timestamp.string(from:)) ?? now, to: .createdAt)
        try row.bind(updatedAt.map(Timestamp.string(from:)) ?? now, to: .updatedAt)
    }
}
