import Basics
import MoviesCore

/// Which of Letterboxd's files a CSV is; they share columns, and differ in what a row means.
public enum LetterboxdFileKind: String, Sendable, Hashable, CaseIterable {
    /// ratings.csv: `Date,Name,Year,Letterboxd URI,Rating`; every film rated, its current rating.
    case ratings
    /// watched.csv: `Date,Name,Year,Letterboxd URI`; seen, no rating, no watch date.
    case watched
    /// watchlist.csv: the same columns as watched.csv, told apart by the file name; not seen.
    case watchlist
    /// diary.csv: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`; one row per viewing,
    /// with the rating given then.
    case diary
    /// reviews.csv: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date`.
    case reviews
    /// Letterboxd's import layout, `Title,Year,Rating,WatchedDate,Review,imdbID,LetterboxdURI` (also
    /// `Rating10`, `Rewatch`, `Directors`, `tmdbID`, `Tags`), as `LetterboxdExportWriter` writes it.
    case importLayout

    /// The kind of a file with these header keys (see `ImportHeader.key`) and this name.
    ///
    /// Only watched.csv and watchlist.csv need the name: their columns are the same. A file named
    /// `watchlist.csv` (or `…watchlist….csv`) is a watchlist; any other such file is a watched list.
    static func detect(keys: Set<String>, fileName: String) -> LetterboxdFileKind {
        if !keys.contains("date") { return .importLayout }
        if keys.contains("review") { return .reviews }
        if keys.contains("watcheddate") || keys.contains("rewatch") { return .diary }
        if keys.contains("rating") { return .ratings }
        return fileName.lowercased().contains("watchlist") ? .watchlist : .watched
    }
}

/// Reads rows of Letterboxd's export files (and its import layout) into movies.
///
/// - Stars come from `Rating` (½–5) or `Rating10` (1–10); the word follows from the stars. A watched.csv
///   row, or a diary entry without a rating, is seen without a rating.
/// - `Watched Date` (diary, reviews) is the viewing's day; `Date` is when the film was logged or rated,
///   so it dates the rating and seeds `createdAt`. A diary has one row per viewing (`Rewatch` says which
///   were re-watches); `ImportedFilm` counts them and keeps the latest.
/// - `Review` becomes the note. `Tags`, `Directors`, `tmdbID` are not kept.
/// - Letterboxd's own importer takes every film of an import layout as watched, and so does this one,
///   unless the file is named as a watchlist (`letterboxd-watchlist.csv`), as its watchlist importer's
///   files are.
struct LetterboxdMapping {
    enum Column: Int, ImportColumn {
        case date, name, title, year, letterboxdURI, rating, rating10, watchedDate, review, imdbID, rewatch

        var key: String {
            switch self {
            case .date: "date"
            case .name: "name"
            case .title: "title"
            case .year: "year"
            case .letterboxdURI: "letterboxduri"
            case .rating: "rating"
            case .rating10: "rating10"
            case .watchedDate: "watcheddate"
            case .review: "review"
            case .imdbID: "imdbid"
            case .rewatch: "rewatch"
            }
        }

        var label: String {
            switch self {
            case .letterboxdURI: "Letterboxd URI"
            case .watchedDate: "watched date"
            case .imdbID: "imdbID"
            default: key
            }
        }
    }

    let kind: LetterboxdFileKind
    /// Whether an import-layout file is a watchlist (by its name).
    let isWatchlistFile: Bool
    /// The last day a watched date may be.
    let today: CalendarDate

    /// Checks that a header names the film.
    static func check(_ layout: ColumnLayout, path: String) throws(ImportFileError) {
        guard layout.has(slot: Column.name.rawValue) || layout.has(slot: Column.title.rawValue) else {
            throw .unknownFormat(
                path: path,
                reason: "the header has no 'Name' or 'Title' column; a Letterboxd export starts with "
                    + "Date,Name,Year,Letterboxd URI")
        }
    }

    func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
        var stars = try ImportValueParsing.stars(row.text(Column.rating))
        if stars == nil { stars = try ImportValueParsing.outOfTen(row.text(Column.rating10)) }
        var title = try row.text(Column.name)
        if title == nil { title = try row.text(Column.title) }
        let watchedOn = try ImportValueParsing.day(
            row.text(Column.watchedDate), column: Column.watchedDate.label)
        let rewatch = try ImportValueParsing.flag(row.text(Column.rewatch), column: Column.rewatch.label)
        let logged = try ImportValueParsing.loggedDay(row.text(Column.date))
        var meaning = ImportedMovie.Meaning()
        let watchState: WatchState
        switch kind {
        case .watchlist:
            watchState = .watchlist
        case .importLayout:
            watchState = isWatchlistFile && stars == nil && watchedOn == nil ? .watchlist : .seen
        case .ratings, .watched:
            watchState = .seen
        case .diary, .reviews:
            watchState = .seen
            meaning.ratingIsCurrent = false
            meaning.isViewing = kind == .diary
            meaning.isRewatch = rewatch
            meaning.linksFilm = false
        }
        return try ImportedMovie(
            line: row.line,
            title: title ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            watchState: watchState,
            stars: stars,
            watchedOn: watchedOn,
            watchCount: kind == .importLayout && rewatch ? 2 : nil,
            ratedOn: stars == nil ? nil : logged,
            note: row.text(Column.review),
            imdbID: ImportValueParsing.imdbID(row.text(Column.imdbID)),
            letterboxdURI: ImportValueParsing.letterboxdURI(row.text(Column.letterboxdURI)),
            createdAt: logged.map(ImportValueParsing.start(of:)),
            meaning: meaning
        ).validated(today: today)
    }
}
