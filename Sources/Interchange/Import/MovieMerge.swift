import MoviesCore

/// What a listed movie becomes when an import brings a film it already has: the rules that make a
/// second import of the same files change nothing, and an older file never undo a newer fact.
///
/// - Seen stays seen: a watchlist row never un-sees a movie.
/// - The rating is the film's when the film's is not older: a later date wins, the same date goes to a
///   current rating (ratings.csv, IMDb) over one given at a viewing, and an undated rating only
///   replaces another undated one or none. Stars of the same word that the film lacks are kept.
/// - The watched date is the later of the two, the watch count the larger: `reviews.csv` applied after
///   `diary.csv`, or an old export imported after new viewings, never puts back an older day.
/// - The note is the film's when its review is about a viewing no older than the latest one listed.
/// - An IMDb id and a Letterboxd address fill what is missing; a film's address replaces a diary
///   entry's. The title, year and `created_at` stay as listed.
///
/// Every rule takes the film's value only when it is at least as new as the listed one, so merging a
/// film into what merging it made gives the same movie (a test checks this on random files).
enum MovieMerge {
    static func merged(_ stored: Movie, with film: ImportedFilm) -> MovieDraft {
        var draft = MovieDraft(stored)
        if film.watchState == .seen { draft.watchState = .seen }
        if film.rating != .notSeen && takesRating(film, over: stored) {
            let sameWord = film.rating == stored.rating
            draft.rating = film.rating
            draft.stars = film.stars ?? (sameWord ? stored.stars : nil)
            draft.ratedOn = film.ratedOn ?? (sameWord ? stored.ratedOn : nil)
            draft.watchState = .seen
        }
        if let day = film.watchedOn, stored.watchedOn.map({ day > $0 }) ?? true { draft.watchedOn = day }
        if let count = film.watchCount, stored.watchCount.map({ count > $0 }) ?? true {
            draft.watchCount = count
        }
        if let note = film.note, takesNote(film, over: stored) { draft.note = note }
        if draft.imdbID == nil { draft.imdbID = film.imdbID }
        if let uri = film.letterboxdURI, draft.letterboxdURI == nil || film.linksFilm {
            draft.letterboxdURI = uri
        }
        return draft
    }

    /// Whether the film's rating is at least as new as the listed one.
    private static func takesRating(_ film: ImportedFilm, over stored: Movie) -> Bool {
        guard stored.rating != .notSeen else { return true }
        switch (film.ratedOn, stored.ratedOn) {
        case (let filmDay?, let storedDay?):
            return filmDay > storedDay || (filmDay == storedDay && film.ratingIsCurrent)
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return true
        }
    }

    /// Whether the film's review is about a viewing no older than the latest one listed.
    private static func takesNote(_ film: ImportedFilm, over stored: Movie) -> Bool {
        guard stored.note != nil, let latest = stored.watchedOn, let reviewed = film.noteDate else {
            return true
        }
        return reviewed >= latest
    }
}
