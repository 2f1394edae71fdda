import Basics
import MoviesCore

/// One viewing as Letterboxd's importer reads it: the columns `LetterboxdExportWriter` writes.
public struct LetterboxdRow: Sendable, Hashable {
    public var title: String
    public var year: Int?
    /// Written as the `Rating` column when present: ½–5 stars, never made up from a word.
    public var stars: StarRating?
    public var watchedOn: CalendarDate?
    /// The `Rewatch` column.
    public var isRewatch: Bool
    /// Written as the `Review` column.
    public var review: String?
    public var tags: ViewingTags
    public var imdbID: String?
    /// The film's address.
    public var letterboxdURI: String?

    /// A row from its values.
    public init(
        title: String, year: Int? = nil, stars: StarRating? = nil, watchedOn: CalendarDate? = nil,
        isRewatch: Bool = false, review: String? = nil, tags: ViewingTags = [], imdbID: String? = nil,
        letterboxdURI: String? = nil
    ) {
        self.title = title
        self.year = year
        self.stars = stars
        self.watchedOn = watchedOn
        self.isRewatch = isRewatch
        self.review = review
        self.tags = tags
        self.imdbID = imdbID
        self.letterboxdURI = letterboxdURI
    }

    /// A film on the watchlist: its title, year and ids.
    public init(watchlist movie: Movie) {
        self.init(
            title: movie.title, year: movie.year, imdbID: movie.imdbID, letterboxdURI: movie.letterboxdURI)
    }

    /// One viewing of `movie`: its day, the stars given then (a rating given as a word only is written
    /// without stars: Letterboxd takes an empty rating, and stars never given would be made up), its
    /// rewatch flag, review and tags, and the film's ids.
    public init(movie: Movie, viewing: Viewing) {
        self.init(
            title: movie.title, year: movie.year, stars: viewing.stars, watchedOn: viewing.watchedOn,
            isRewatch: viewing.isRewatch, review: viewing.review, tags: viewing.tags, imdbID: movie.imdbID,
            letterboxdURI: movie.letterboxdURI)
    }

    /// The rows of a seen film: one per viewing, oldest first as a diary is written. With `notes`, the
    /// film's private note goes with its latest viewing's review (after it, a blank line between), since
    /// Letterboxd has no place for a note of its own.
    public static func rows(of movie: Movie, viewings: [Viewing], notes: Bool = false) -> [LetterboxdRow] {
        var rows = viewings.reversed().map { LetterboxdRow(movie: movie, viewing: $0) }
        if rows.isEmpty {
            rows = [
                LetterboxdRow(
                    title: movie.title, year: movie.year, imdbID: movie.imdbID,
                    letterboxdURI: movie.letterboxdURI)
            ]
        }
        if notes, let note = movie.note, let last = rows.indices.last {
            rows[last].review = rows[last].review.map { $0 + "\n\n" + note } ?? note
        }
        return rows
    }
}
