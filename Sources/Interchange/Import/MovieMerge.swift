import Basics
import MoviesCore

/// What a listed movie becomes when an import brings a film it already has: the rules that make a
/// second import of the same files change nothing, and an older file never undo a newer fact.
///
/// - Seen stays seen: a watchlist row (or a list's) never un-sees a movie.
/// - The rating is the file's when it is newer than the listed one: a later date wins, the same date
///   is a tie that keeps the listed rating (reported when the two disagree: two files that rate a
///   film differently on one day would otherwise each replace the other's on every import), and an
///   undated rating only replaces another undated one or none. Stars the file gives for the word the
///   film already has are kept even when the film's rating stays.
/// - The own formats' watched date is the later of the two, the count the larger.
/// - The own formats' note is taken where the film has none, or when the file's row was changed
///   later than the film.
/// - An IMDb id, a Letterboxd address, a runtime, genres and directors fill what is missing. The
///   title, year and `created_at` stay as listed.
///
/// Every rule takes the file's value only when it is at least as new as the listed one, so merging a
/// film into what merging it made gives the same movie (a test checks this on random files).
enum MovieMerge {
    /// The listed film and the file's disagreeing about its rating, and which one stays.
    struct RatingChoice: Sendable, Hashable {
        var fileRating: RatingWord
        var fileStars: StarRating?
        var fileDay: CalendarDate?
        var fileWins: Bool
    }

    static func merged(_ stored: Movie, with film: ImportedFilm) -> (MovieDraft, RatingChoice?) {
        var draft = MovieDraft(stored)
        var choice: RatingChoice?
        if film.watchState == .seen { draft.watchState = .seen }
        if film.rating != .notSeen {
            let takes = takesRating(film, over: stored)
            let sameWord = film.rating == stored.rating
            if takes {
                draft.rating = film.rating
                draft.stars = film.stars ?? (sameWord ? stored.stars : nil)
                draft.ratedOn = film.ratedOn ?? (sameWord ? stored.ratedOn : nil)
                draft.watchState = .seen
            } else if sameWord, stored.stars == nil {
                draft.stars = film.stars
            }
            let disagree =
                stored.rating != .notSeen
                && (!sameWord || (film.stars != nil && stored.stars != nil && film.stars != stored.stars))
            if disagree && (takes || film.ratingIsCurrent) {
                choice = RatingChoice(
                    fileRating: RatingWord(watchState: .seen, rating: film.rating), fileStars: film.stars,
                    fileDay: film.ratedOn, fileWins: takes)
            }
        }
        if let day = film.watchedOn, stored.watchedOn.map({ day > $0 }) ?? true { draft.watchedOn = day }
        if let count = film.watchCount, stored.watchCount.map({ count > $0 }) ?? true {
            draft.watchCount = count
        }
        if let note = film.note,
            stored.note == nil || (film.updatedAt.map { $0 > stored.updatedAt } ?? false)
        {
            draft.note = note
        }
        if draft.imdbID == nil { draft.imdbID = film.imdbID }
        if draft.letterboxdURI == nil { draft.letterboxdURI = film.letterboxdURI }
        if draft.runtimeMinutes == nil { draft.runtimeMinutes = film.runtimeMinutes }
        if draft.genres.isEmpty { draft.genres = film.genres }
        if draft.directors.isEmpty { draft.directors = film.directors }
        return (draft, choice)
    }

    /// Whether the film's rating replaces the listed one: newer, or both undated.
    private static func takesRating(_ film: ImportedFilm, over stored: Movie) -> Bool {
        guard stored.rating != .notSeen else { return true }
        switch (film.ratedOn, stored.ratedOn) {
        case (let filmDay?, let storedDay?):
            return filmDay > storedDay
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return true
        }
    }
}
