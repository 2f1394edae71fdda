import Basics
import MoviesCore

/// Reads rows of IMDb's ratings (or watchlist) export into movies, by column name, so both the current
/// layout (`Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,…`) and the old one
/// (`position,const,created,…,Title type,…,You rated,…`) work, in any column order.
///
/// `Your Rating` n of 10 is n half-stars, exactly; an empty rating (a watchlist row) is the watchlist.
/// `Date Rated` (or the old `created`) dates the rating and seeds `createdAt`; one that cannot be read
/// is ignored rather than costing the movie. A `Title Type` other than a film's (`movie`, `tvMovie`,
/// `video`, `short`; the old export's `Feature Film`, `TV Movie`, `Video`, `Short Film`, `Documentary`)
/// marks the row as another kind of title (a series, an episode), which an import leaves out unless
/// asked to take TV.
struct IMDbMapping {
    enum Column: Int, ImportColumn {
        case const, yourRating, youRated, dateRated, created, title, year, titleType

        var key: String {
            switch self {
            case .const: "const"
            case .yourRating: "yourrating"
            case .youRated: "yourated"
            case .dateRated: "daterated"
            case .created: "created"
            case .title: "title"
            case .year: "year"
            case .titleType: "titletype"
            }
        }

        var label: String {
            switch self {
            case .const: "Const"
            case .yourRating, .youRated: "rating"
            case .dateRated: "Date Rated"
            case .titleType: "Title Type"
            case .created, .title, .year: key
            }
        }
    }

    /// Title types that are films, as `ImportHeader.key` normalizes them (`TV Movie` is `tvmovie`).
    static let filmTypes: Set<String> = [
        "movie", "tvmovie", "video", "short", "featurefilm", "shortfilm", "documentary",
    ]

    /// The last day a watched date may be.
    let today: CalendarDate

    /// Checks that a header has IMDb's id and title.
    static func check(_ layout: ColumnLayout, path: String) throws(ImportFileError) {
        guard layout.has(slot: Column.const.rawValue), layout.has(slot: Column.title.rawValue) else {
            throw .unknownFormat(
                path: path,
                reason: "the header lacks IMDb's 'Const' and 'Title' columns; an IMDb ratings export starts "
                    + "with Const,Your Rating,Date Rated,Title")
        }
    }

    func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
        var stars = try ImportValueParsing.outOfTen(row.text(Column.yourRating))
        if stars == nil { stars = try ImportValueParsing.outOfTen(row.text(Column.youRated)) }
        var dateRated = try row.text(Column.dateRated)
        if dateRated == nil { dateRated = try row.text(Column.created) }
        let rated = ImportValueParsing.loggedDay(dateRated)
        var meaning = ImportedMovie.Meaning()
        if let type = try row.text(Column.titleType), !Self.filmTypes.contains(ImportHeader.key(type)) {
            meaning.otherTitleType = type
        }
        return try ImportedMovie(
            line: row.line,
            title: row.text(Column.title) ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            stars: stars,
            ratedOn: stars == nil ? nil : rated,
            imdbID: ImportValueParsing.imdbID(row.text(Column.const)),
            createdAt: rated.map(ImportValueParsing.start(of:)),
            meaning: meaning
        ).validated(today: today)
    }
}
