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

    /// The kind of a file with these header keys (see `ImportHeader.key`) and this name, or nil when
    /// neither decides: watched.csv and watchlist.csv have the same columns, so a file of
    /// `Date,Name,Year,Letterboxd URI` is a watchlist when its name says `watchlist`, watched films
    /// when it says `watched`, and for anything else (standard input, a renamed file) `--from` must say.
    static func detect(keys: Set<String>, fileName: String) -> LetterboxdFileKind? {
        if !keys.contains("date") { return .importLayout }
        if keys.contains("review") { return .reviews }
        if keys.contains("watcheddate") || keys.contains("rewatch") { return .diary }
        if keys.contains("rating") { return .ratings }
        let name = fileName.lowercased()
        if name.contains("watchlist") { return .watchlist }
        if name.contains("watched") { return .watched }
        return nil
    }

    /// Whether the file's columns fit the kind `--from` named: a diary needs its watched dates, reviews
    /// their reviews, ratings their ratings.
    func fits(keys: Set<String>) -> Bool {
        switch self {
        case .ratings: keys.contains("rating")
        case .diary: keys.contains("watcheddate")
        case .reviews: keys.contains("review")
        case .watched, .watchlist, .importLayout: true
        }
    }
}

/// Reads rows of Letterboxd's export files (and its import layout) into films and viewings.
///
/// - Stars come from `Rating` (½–5) or `Rating10` (1–10); the word follows from the stars.
/// - `Letterboxd URI` names the film in watched.csv, ratings.csv, watchlist.csv and the import layout,
///   and the diary entry in diary.csv and reviews.csv (`https://boxd.it/1VoAHp` is an entry of the film
///   `https://boxd.it/gqMw`): a diary row names its film by title and year alone, and its viewing by
///   the entry's address, so a re-import finds it.
/// - A diary row, a review, and a seen row of the import layout are one viewing each: `Watched Date`
///   (or `WatchedDate`) its day, the rating given then, `Rewatch`, `Review` (public) and `Tags`. A
///   ratings.csv row is the film's current rating, dated by `Date`.
/// - `Date` is when the film was logged or rated, so it seeds `createdAt`.
/// - Letterboxd's own importer takes every film of an import layout as watched, and so does this one,
///   unless the file is named as a watchlist (`letterboxd-watchlist.csv`), as its watchlist importer's
///   files are.
struct LetterboxdMapping {
    enum Column: Int, ImportColumn {
        case date, name, title, year, letterboxdURI, rating, rating10, watchedDate, review, imdbID, rewatch,
            tags

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
            case .tags: "tags"
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
        let address = try ImportValueParsing.letterboxdURI(row.text(Column.letterboxdURI))
        var meaning = ImportedMovie.Meaning()
        var watchState = WatchState.seen
        var filmAddress = address
        var entryAddress: String?
        var ratedOn = stars == nil ? nil : logged
        switch kind {
        case .watchlist:
            watchState = .watchlist
        case .importLayout:
            if isWatchlistFile && stars == nil && watchedOn == nil {
                watchState = .watchlist
            } else {
                meaning.isViewing = true
                meaning.ratingIsCurrent = false
                ratedOn = stars == nil ? nil : watchedOn
            }
        case .ratings, .watched:
            break
        case .diary, .reviews:
            meaning.isViewing = true
            meaning.ratingIsCurrent = false
            filmAddress = nil
            entryAddress = address
            ratedOn = stars == nil ? nil : (watchedOn ?? logged)
        }
        meaning.isRewatch = meaning.isViewing && rewatch
        return try ImportedMovie(
            line: row.line,
            title: title ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            watchState: watchState,
            stars: stars,
            watchedOn: meaning.isViewing ? watchedOn : nil,
            ratedOn: ratedOn,
            review: row.text(Column.review),
            tags: ViewingTags(stored: row.text(Column.tags)),
            imdbID: ImportValueParsing.imdbID(row.text(Column.imdbID)),
            letterboxdURI: filmAddress,
            entryURI: entryAddress,
            createdAt: logged.map(ImportValueParsing.start(of:)),
            meaning: meaning
        ).validated(today: today)
    }
}
