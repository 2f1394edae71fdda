import Basics
import FoundationEssentials
import MoviesCore
import Observation
import UserFacing

/// The add-a-movie form: fields, whether it can be saved, and saving.
///
/// Saving writes through the store only; any list showing the store learns of the new movie from the
/// store's notification, never from this view model.
@MainActor
@Observable
public final class AddMovieViewModel {
    public var title = ""
    /// `not-seen` (the watchlist, the default), `seen`, or a rating.
    public var rating: RatingWord = .notSeen
    /// Half stars; the word follows from them when `rating` says no rating.
    public var stars: StarRating?
    public var year: Int?
    public var watchedOn: CalendarDate?
    public var note = ""
    /// What a film catalog says of the film chosen for it (its IMDb id, directors, runtime, genres),
    /// stored with it; nil for none.
    public var details: FilmDetails?

    /// Movies already listed that a person may have meant, found by the last save (`Heat (1995)` when
    /// `Heat` was added without a year; `Amélie` for `Amelie`): the movie was added, and this says so.
    public private(set) var similarMovies: [Movie] = []

    /// The last save's error, as a sentence; cleared by the next success or `reset()`.
    public private(set) var lastError: String?

    @ObservationIgnored private let store: MovieStore

    /// An empty form over `store`.
    public init(store: MovieStore) {
        self.store = store
    }

    /// The first rule the form breaks (a blank title, a year out of range...), or nil when it can be
    /// saved: the store's validator asked, not a check of its own. `field` says which field to ask for
    /// again.
    public var validationError: MovieError? {
        do {
            _ = try MovieValidation.validated(draft)
            return nil
        } catch {
            return error
        }
    }

    /// The film already listed under the form's title and year, which `save()` would refuse: a form
    /// asks this as soon as it has both, rather than after every other answer.
    public var alreadyListed: Movie? {
        try? store.existing(sameAs: draft)
    }

    /// The movie the form describes.
    public var draft: MovieDraft {
        let draft = MovieDraft(
            title: title, year: year, word: rating, watchedOn: watchedOn, note: note.isEmpty ? nil : note,
            stars: stars)
        return details.map { $0.applied(to: draft) } ?? draft
    }

    /// Saves the movie and returns it as stored; throws a `MovieError` a person can read (blank title,
    /// bad year, duplicate). The form keeps its fields after a failure so they can be corrected.
    @discardableResult
    public func save() throws -> Movie {
        do {
            let movie = try store.add(MovieValidation.validated(draft))
            lastError = nil
            similarMovies = (try? store.similar(to: movie)) ?? []
            return movie
        } catch {
            lastError = userFacingMessage(for: error)
            throw error
        }
    }

    /// Empties the form for the next movie.
    public func reset() {
        title = ""
        rating = .notSeen
        stars = nil
        similarMovies = []
        year = nil
        watchedOn = nil
        note = ""
        details = nil
        lastError = nil
    }
}
