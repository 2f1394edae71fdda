import Basics
import MoviesCore

/// One film as Letterboxd's importer reads it: the columns `LetterboxdExportWriter` writes.
public struct LetterboxdRow: Sendable, Hashable {
    public var title: String
    public var year: Int?
    /// Written as the `Rating` column when present: ½–5 stars.
    public var stars: StarRating?
    public var watchedOn: CalendarDate?
    /// Watched more than once: the `Rewatch` column.
    public var isRewatch: Bool
    /// Written as the `Review` column.
    public var review: String?
    public var imdbID: String?
    public var letterboxdURI: String?

    /// A row from its values.
    public init(
        title: String, year: Int? = nil, stars: StarRating? = nil, watchedOn: CalendarDate? = nil,
        isRewatch: Bool = false, review: String? = nil, imdbID: String? = nil, letterboxdURI: String? = nil
    ) {
        self.title = title
        self.year = year
        self.stars = stars
        self.watchedOn = watchedOn
        self.isRewatch = isRewatch
        self.review = review
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }

    /// A stored movie: its stars, else its word's (good is 4); no rating for a movie seen without
    /// one (and for the watchlist).
    public init(movie: Movie) {
        self.init(
            title: movie.title, year: movie.year, stars: movie.stars ?? StarRating(movie.rating),
            watchedOn: movie.watchedOn, isRewatch: (movie.watchCount ?? 1) > 1, review: movie.note,
            imdbID: movie.imdbID, letterboxdURI: movie.letterboxdURI)
    }
}
