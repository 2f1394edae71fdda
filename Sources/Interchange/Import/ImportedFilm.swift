import Basics
import FoundationEssentials
import MoviesCore

/// What one import says about one film: the rows it has for it (a diary's viewings, the files of one
/// Letterboxd export, a line of IMDb's), combined in the order they were read.
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
    /// The rating: the current one (Letterboxd's ratings.csv, IMDb) over any given at a viewing, and
    /// among those the latest by its date, then by order.
    var rating: Rating = .notSeen
    var stars: StarRating?
    var ratedOn: CalendarDate?
    var ratingIsCurrent = false
    /// The latest viewing's day.
    var watchedOn: CalendarDate?
    /// The largest watch count a row gave (the own formats, a re-watch in Letterboxd's import layout).
    var statedWatchCount: Int?
    /// Viewings: diary entries.
    var viewings = 0
    /// Whether the earliest viewing was marked a re-watch (it was seen once before the diary began).
    var earliestViewingIsRewatch = false
    var earliestViewing: CalendarDate?
    /// The note: the latest review by its viewing's day (or rating's), then by order.
    var note: String?
    var noteDate: CalendarDate?
    var imdbID: String?
    /// The film's Letterboxd address, else a diary entry's.
    var letterboxdURI: String?
    var linksFilm = false
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
            }
        }
        if let day = row.watchedOn, watchedOn.map({ day > $0 }) ?? true { watchedOn = day }
        if let count = row.watchCount { statedWatchCount = max(statedWatchCount ?? 0, count) }
        if row.meaning.isViewing {
            viewings += 1
            let day = row.watchedOn ?? .earliestWatched
            if viewings == 1 || earliestViewing.map({ day < $0 }) ?? false {
                earliestViewing = day
                earliestViewingIsRewatch = row.meaning.isRewatch
            }
        }
        if let text = row.note {
            let day = row.watchedOn ?? row.ratedOn
            if note == nil || (day ?? .earliestWatched) >= (noteDate ?? .earliestWatched) {
                note = text
                noteDate = day
            }
        }
        if imdbID == nil { imdbID = row.imdbID }
        if let uri = row.letterboxdURI, letterboxdURI == nil || (row.meaning.linksFilm && !linksFilm) {
            letterboxdURI = uri
            linksFilm = row.meaning.linksFilm
        }
        if let created = row.createdAt, createdAt.map({ created < $0 }) ?? true { createdAt = created }
        if let updated = row.updatedAt { updatedAt = updated }
    }

    /// How many times the film was watched, as far as the rows tell: the viewings (one more when the
    /// first was a re-watch), or a count a row stated, whichever is more; nil when no row tells.
    var watchCount: Int? {
        let counted = viewings == 0 ? nil : viewings + (earliestViewingIsRewatch ? 1 : 0)
        switch (counted, statedWatchCount) {
        case (let counted?, let stated?): return max(counted, stated)
        case (let counted?, nil): return counted
        case (nil, let stated): return stated
        }
    }

    /// The film as a new movie.
    var draft: MovieDraft {
        MovieDraft(
            title: title, year: year, rating: rating, watchState: watchState, watchedOn: watchedOn,
            watchCount: watchCount, ratedOn: ratedOn, note: note, stars: stars, imdbID: imdbID,
            letterboxdURI: letterboxdURI)
    }
}
