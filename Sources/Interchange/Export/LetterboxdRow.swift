import MoviesCore

/// One film as Letterboxd's importer reads it: the columns `LetterboxdExportWriter` writes.
///
/// `init(movie:)` takes a stored movie; `init(_:)` an import's row, as read.
public struct LetterboxdRow: Sendable, Hashable {
    public var title: String
    public var year: Int?
    public var rating: Rating
    /// Written as the rating when present; otherwise the rating word's default stars are.
    public var stars: StarRating?
    public var watchedOn: CalendarDate?
    /// Written as the `Review` column.
    public var review: String?
    public var imdbID: String?
    public var letterboxdURI: String?

    /// A row from its values.
    public init(
        title: String, year: Int? = nil, rating: Rating = .notSeen, stars: StarRating? = nil,
        watchedOn: CalendarDate? = nil, review: String? = nil, imdbID: String? = nil,
        letterboxdURI: String? = nil
    ) {
        self.title = title
        self.year = year
        self.rating = rating
        self.stars = stars
        self.watchedOn = watchedOn
        self.review = review
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }

    /// A stored movie.
    public init(movie: Movie) {
        self.init(
            title: movie.title, year: movie.year, rating: movie.rating, stars: movie.stars,
            watchedOn: movie.watchedOn, review: movie.note, imdbID: movie.imdbID,
            letterboxdURI: movie.letterboxdURI)
    }

    /// An imported row, as it was read.
    public init(_ movie: ImportedMovie) {
        self.init(
            title: movie.title, year: movie.year, rating: movie.rating, stars: movie.stars,
            watchedOn: movie.watchedOn, review: movie.note, imdbID: movie.imdbID,
            letterboxdURI: movie.letterboxdURI)
    }

    /// The stars the `Rating` column gets: the row's own, else the word's default, none for not seen.
    public var exportedStars: StarRating? {
        stars ?? StarRating(rating)
    }
}
