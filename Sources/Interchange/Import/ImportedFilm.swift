import Basics
import FoundationEssentials
import MoviesCore

/// What one import says about one film: the rows placed on it (`FilmPlacement`), combined in the order
/// they were read. Its viewings are `ImportedViewing`s, kept apart.
///
/// The combination depends on the rows alone, never on what is already listed, so importing the same
/// files again combines to the same film, and `MovieMerge` then finds nothing to change.
struct ImportedFilm: Sendable, Hashable {
    /// The first row's line, for messages.
    var line: Int
    /// The first row's id (this program's own formats).
    var id: Int64?
    /// The first row's title (they all fold to the same key).
    var title: String
    var year: Int?
    var watchState: WatchState
    /// The rating: a current one (Letterboxd's ratings.csv, IMDb, the own formats) over any given at a
    /// viewing, and among those the latest by its date, then by order.
    var rating: Rating = .notSeen
    var stars: StarRating?
    var ratedOn: CalendarDate?
    var ratingIsCurrent = false
    /// The own formats' watched day and count (other files' viewings are rows of their own).
    var watchedOn: CalendarDate?
    var watchCount: Int?
    /// The own formats' private note.
    var note: String?
    var imdbID: String?
    /// The film's Letterboxd address.
    var letterboxdURI: String?
    var runtimeMinutes: Int?
    var genres: [String] = []
    var directors: [String] = []
    /// The earliest day a row logged the film: when it went on the list.
    var createdAt: Date?
    /// The last `updated_at` a row gave (own formats).
    var updatedAt: Date?

    /// A film from its first row.
    init(_ row: ImportedMovie) {
        line = row.line
        id = row.id
        title = row.title
        year = row.year
        watchState = row.watchState
        absorb(row)
    }

    /// Takes in one more row of the film.
    mutating func absorb(_ row: ImportedMovie) {
        if row.watchState == .seen { watchState = .seen }
        if row.rating != .notSeen {
            let current = (ratingIsCurrent ? 1 : 0, ratedOn ?? .earliestWatched)
            let candidate = (row.meaning.ratingIsCurrent ? 1 : 0, row.ratedOn ?? .earliestWatched)
            if rating == .notSeen || candidate >= current {
                rating = row.rating
                stars = row.stars
                ratedOn = row.ratedOn
                ratingIsCurrent = row.meaning.ratingIsCurrent
            } else if row.rating == rating, stars == nil {
                stars = row.stars
            }
        }
        if !row.meaning.isViewing {
            if let day = row.watchedOn, watchedOn.map({ day > $0 }) ?? true { watchedOn = day }
            if let count = row.watchCount { watchCount = max(watchCount ?? 0, count) }
        }
        if let text = row.note { note = text }
        if imdbID == nil { imdbID = row.imdbID }
        if letterboxdURI == nil { letterboxdURI = row.letterboxdURI }
        if runtimeMinutes == nil { runtimeMinutes = row.runtimeMinutes }
        if genres.isEmpty { genres = row.genres }
        if directors.isEmpty { directors = row.directors }
        if let created = row.createdAt, createdAt.map({ created < $0 }) ?? true { createdAt = created }
        if let updated = row.updatedAt { updatedAt = updated }
    }

    /// The film as a new movie.
    var draft: MovieDraft {
        var draft = MovieDraft(
            title: title, year: year, rating: rating, watchState: watchState, watchedOn: watchedOn,
            watchCount: watchCount, ratedOn: ratedOn, note: note, stars: stars, imdbID: imdbID,
            letterboxdURI: letterboxdURI)
        draft.runtimeMinutes = runtimeMinutes
        draft.genres = genres
        draft.directors = directors
        return draft
    }
}

/// One viewing an import brings: a diary entry, with its review from reviews.csv (the same entry
/// address), or a seen row of Letterboxd's import layout.
struct ImportedViewing: Sendable, Hashable {
    /// The first row's line, for messages.
    var line: Int
    var draft: ViewingDraft

    init(_ row: ImportedMovie) {
        line = row.line
        draft = row.viewingDraft
    }

    /// Whether `row` is this same viewing told again: the same entry address (a review of a diary
    /// entry), on the same day or one of them undated.
    func isSame(as row: ImportedMovie) -> Bool {
        guard let uri = row.entryURI, uri == draft.letterboxdURI else { return false }
        return row.watchedOn == nil || draft.watchedOn == nil || row.watchedOn == draft.watchedOn
    }

    /// Takes what `row` adds to this viewing: what it lacks, and tags it has not.
    mutating func absorb(_ row: ImportedMovie) {
        draft = ViewingMerge.filled(draft, with: row.viewingDraft)
    }
}

/// How a viewing already listed takes what an import says of it: what it lacks, never a change to
/// what it has (a day, a rating, a review written here since stays), and tags it has not. Merging the
/// same again changes nothing.
enum ViewingMerge {
    static func filled(_ stored: ViewingDraft, with file: ViewingDraft) -> ViewingDraft {
        var merged = stored
        if merged.watchedOn == nil { merged.watchedOn = file.watchedOn }
        if merged.rating == .notSeen, file.rating != .notSeen {
            merged.rating = file.rating
            merged.stars = file.stars
        } else if merged.rating == file.rating, merged.stars == nil {
            merged.stars = file.stars
        }
        if file.isRewatch { merged.isRewatch = true }
        if merged.review == nil { merged.review = file.review }
        merged.tags = merged.tags.adding(file.tags)
        if merged.letterboxdURI == nil { merged.letterboxdURI = file.letterboxdURI }
        return merged
    }
}
