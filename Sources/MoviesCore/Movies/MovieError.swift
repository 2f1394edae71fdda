import Basics
import UserFacing

/// Why the movie store refused a request, in words a person can act on.
public enum MovieError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The title is empty or only spaces.
    case blankTitle
    /// The title is longer than `MovieValidation.maximumTitleLength` characters.
    case titleTooLong(length: Int)
    /// A field holds a control character (a terminal escape, a NUL, ...).
    case controlCharacter(field: MovieField, scalar: Unicode.Scalar)
    /// The year is outside `MovieValidation.yearRange`.
    case yearOutOfRange(Int)
    /// The watched date is before 1870 or after today.
    case watchedDateOutOfRange(CalendarDate, today: CalendarDate)
    /// The note is longer than `MovieValidation.maximumNoteLength` characters.
    case noteTooLong(length: Int)
    /// Not an IMDb title id (`tt0113277`).
    case invalidIMDbID(String)
    /// Not an https address.
    case invalidLetterboxdURI(String)
    /// A rating word and stars that say two different things (`good` and 1½ stars).
    case starsDoNotFitRating(RatingWord, StarRating)
    /// The review is longer than `ViewingValidation.maximumReviewLength` characters.
    case reviewTooLong(length: Int)
    /// The tags, stored, are longer than `ViewingTags.maximumLength` characters.
    case tagsTooLong(length: Int)
    /// A runtime outside `MovieValidation.runtimeRange` minutes.
    case runtimeOutOfRange(Int)
    /// The genres or directors are longer than the schema allows.
    case namesTooLong(field: MovieField, length: Int)
    /// A movie with the same title and year is already on the list.
    case duplicate(existing: Movie)
    /// No film has this title (and year).
    case noFilmTitled(String, year: Int?)
    /// Several films have this title: which one is meant is not said.
    case ambiguousTitle(String, films: [Movie])
    /// No viewing has this id.
    case viewingNotFound(id: Int64)
    /// A change meant for one viewing (the watched day of `edit`) was asked of a film that has several.
    case severalViewings(Movie, count: Int)
    /// The film's viewings hold what a person wrote (a review, tags) or an export named (an entry
    /// address): putting it back on the watchlist would lose them.
    case viewingsWouldBeLost(Movie, viewingIDs: [Int64])
    /// No movie has this id.
    case notFound(id: Int64)
    /// A page of a list in one order was asked to continue from a cursor of another order.
    case cursorOfAnotherOrder(MovieCursor, listSort: MovieSort)
    /// `search --after ID` names a film the search does not find (its words, its ratings).
    case searchCursorNotFound(id: Int64)

    /// True for refusals of what the user typed (exit code 64), as opposed to the list's state.
    public var isValidation: Bool {
        switch self {
        case .blankTitle, .titleTooLong, .controlCharacter, .yearOutOfRange, .watchedDateOutOfRange,
            .noteTooLong, .invalidIMDbID, .invalidLetterboxdURI, .starsDoNotFitRating, .cursorOfAnotherOrder,
            .searchCursorNotFound,
            .reviewTooLong, .tagsTooLong, .runtimeOutOfRange, .namesTooLong:
            true
        case .duplicate, .notFound, .viewingNotFound, .severalViewings, .viewingsWouldBeLost, .noFilmTitled,
            .ambiguousTitle:
            false
        }
    }

    /// The field the refusal is about, so a form can ask for that field again; nil when the refusal is
    /// about the list (a duplicate, an unknown id) rather than one field.
    public var field: MovieField? {
        switch self {
        case .blankTitle, .titleTooLong: .title
        case .controlCharacter(let field, _): field
        case .yearOutOfRange: .year
        case .watchedDateOutOfRange: .watchedOn
        case .noteTooLong: .note
        case .invalidIMDbID: .imdbID
        case .invalidLetterboxdURI: .letterboxdURI
        case .starsDoNotFitRating: .rating
        case .reviewTooLong: .review
        case .tagsTooLong: .tags
        case .runtimeOutOfRange: .runtime
        case .namesTooLong(let field, _): field
        case .duplicate, .notFound, .cursorOfAnotherOrder, .searchCursorNotFound, .viewingNotFound,
            .severalViewings,
            .viewingsWouldBeLost, .noFilmTitled, .ambiguousTitle:
            nil
        }
    }

    public var description: String {
        switch self {
        case .blankTitle:
            return "the title is blank; a movie needs a title"
        case .titleTooLong(let length):
            return
                "the title is \(length) characters long; the limit is \(MovieValidation.maximumTitleLength)"
        case .controlCharacter(let field, let scalar):
            return
                "the \(field.name) contains a control character (\(scalar.codePoint)); only printable text is allowed"
        case .yearOutOfRange(let year):
            let range = MovieValidation.yearRange
            return "the year \(year) is out of range; use \(range.lowerBound)–\(range.upperBound)"
        case .watchedDateOutOfRange(let date, let today):
            return date > today
                ? "the watched date \(date) is in the future; today is \(today)"
                : "the watched date \(date) is before \(CalendarDate.earliestWatched), before any film"
        case .noteTooLong(let length):
            return "the note is \(length) characters long; the limit is \(MovieValidation.maximumNoteLength)"
        case .invalidIMDbID(let text):
            return "'\(Self.excerpt(text))' is not an IMDb id (tt followed by 7 to 10 digits, like tt0113277)"
        case .invalidLetterboxdURI(let text):
            return "'\(Self.excerpt(text))' is not a Letterboxd address (https://letterboxd.com/... or "
                + "https://boxd.it/..., at most \(MovieValidation.maximumAddressLength) characters)"
        case .starsDoNotFitRating(let word, let stars):
            let fits = RatingWord(stars.rating).rawValue
            return
                "the rating \(word.rawValue) does not fit \(stars) stars (\(stars) stars is \(fits)); give one "
                + "of them, or a word that fits"
        case .reviewTooLong(let length):
            return
                "the review is \(length) characters long; the limit is \(ViewingValidation.maximumReviewLength)"
        case .tagsTooLong(let length):
            return
                "the tags are \(length) characters long together; the limit is \(ViewingTags.maximumLength)"
        case .runtimeOutOfRange(let minutes):
            let range = MovieValidation.runtimeRange
            return
                "a runtime of \(minutes) minutes is out of range; use \(range.lowerBound)–\(range.upperBound)"
        case .namesTooLong(let field, let length):
            return "the \(field.name) are \(length) characters long together; that is more than a film has"
        case .duplicate(let existing):
            return "\(existing.titleWithYear) is already on the list as id \(existing.id)"
        case .notFound(let id):
            return "no movie with id \(id)"
        case .noFilmTitled(let title, let year):
            let named = year.map { "\(title) (\($0))" } ?? title
            return "no movie titled \(named) is listed (movies search finds titles by their words)"
        case .ambiguousTitle(let title, let films):
            let each = films.prefix(10).map { "\($0.titleWithYear) is \($0.id)" }.joined(separator: ", ")
            return "\(films.count) movies are titled \(title): \(each); give the id"
        case .viewingNotFound(let id):
            return "no viewing with id \(id) (movies diary lists them with their ids)"
        case .severalViewings(let movie, let count):
            return "\(movie.titleWithYear) has \(count) viewings; change the day of one of them with "
                + "movies diary edit <viewing> --on DATE (movies show \(movie.id) lists them)"
        case .viewingsWouldBeLost(let movie, let ids):
            let list = ids.map(String.init).joined(separator: " ")
            return "\(movie.titleWithYear) has viewings with a review, tags or a Letterboxd entry (\(list)); "
                + "remove them first with movies diary rm \(list) if they should go"
        case .cursorOfAnotherOrder(let cursor, let listSort):
            return "the cursor \(cursor) belongs to \(cursor.sort.listDescription); it cannot continue "
                + listSort.listDescription
        case .searchCursorNotFound(let id):
            return
                "--after \(id) is not among what this search finds, so no page follows it; give the id the "
                + "previous page's hint gave, with the same words, or start again without --after"
        }
    }

    /// An id as a message shows it: at most 80 characters, control characters made visible, so a 5,000-
    /// character address does not flood the terminal.
    private static func excerpt(_ text: String) -> String {
        let shown = String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(80).map {
                    $0.isControlCharacter ? "\u{FFFD}" : $0
                }))
        return text.unicodeScalars.count > 80 ? shown + "…" : shown
    }
}

/// A field of a movie that a validation refusal can be about.
public enum MovieField: Sendable, Hashable {
    case title
    case year
    case rating
    case watchedOn
    case note
    case imdbID
    case letterboxdURI
    case review
    case tags
    case runtime
    case genres
    case directors

    /// How messages name the field.
    public var name: String {
        switch self {
        case .title: "title"
        case .year: "year"
        case .rating: "rating"
        case .watchedOn: "watched date"
        case .note: "note"
        case .imdbID: "IMDb id"
        case .letterboxdURI: "Letterboxd address"
        case .review: "review"
        case .tags: "tags"
        case .runtime: "runtime"
        case .genres: "genres"
        case .directors: "directors"
        }
    }
}

extension MovieError: UserFacingError {
    package var message: String {
        switch self {
        // Starts with the listed movie's title, whose case is the user's.
        case .duplicate: description
        default: description.capitalizingFirstLetter()
        }
    }

    package var exitCode: ExitCode { isValidation ? .usage : .failure }
}
