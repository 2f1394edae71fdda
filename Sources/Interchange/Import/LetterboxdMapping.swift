import MoviesCore

/// Which of Letterboxd's files a CSV is; they share columns, and differ in what a row means.
public enum LetterboxdFileKind: String, Sendable, Hashable, CaseIterable {
    /// ratings.csv: `Date,Name,Year,Letterboxd URI,Rating`; every row was watched and rated.
    case ratings
    /// watched.csv: `Date,Name,Year,Letterboxd URI`; watched, no rating, no watch date.
    case watched
    /// watchlist.csv: the same columns as watched.csv, told apart by the file name; not seen.
    case watchlist
    /// diary.csv: `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`; one row per viewing.
    case diary
    /// reviews.csv: diary.csv's columns plus `Review`.
    case reviews
    /// Letterboxd's import layout, `Title,Year,Rating,WatchedDate,Review,imdbID,LetterboxdURI`, as
    /// `LetterboxdExportWriter` writes it (also `Rating10`, `Directors`, `tmdbID`, `Tags`, `Rewatch`).
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
/// - Stars come from `Rating` (½–5) or `Rating10` (1–10); the word follows from the stars.
/// - A watched.csv row has no rating and becomes `notSeen` with `watched` set: `Rating` has no word for
///   "seen, not rated", and inventing an opinion would be worse than leaving it out.
/// - `Watched Date` (diary, reviews) is the watch day; `Date` is when the film was logged or rated, so it
///   seeds `createdAt` instead. A diary has one row per viewing; merging rewatches is the importer's job.
/// - `Review` becomes the note. `Tags`, `Rewatch`, `Directors`, `tmdbID` are not kept.
struct LetterboxdMapping {
    enum Column: Int, ImportColumn {
        case date, name, title, year, letterboxdURI, rating, rating10, watchedDate, review, imdbID

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
        let watched: Bool
        switch kind {
        case .watchlist: watched = false
        case .importLayout: watched = stars != nil || watchedOn != nil
        case .ratings, .watched, .diary, .reviews: watched = true
        }
        return try ImportedMovie(
            line: row.line,
            title: title ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            stars: stars,
            watchedOn: watchedOn,
            note: row.text(Column.review),
            imdbID: ImportValueParsing.imdbID(row.text(Column.imdbID)),
            letterboxdURI: ImportValueParsing.letterboxdURI(row.text(Column.letterboxdURI)),
            createdAt: ImportValueParsing.dayStart(row.text(Column.date)),
            watched: watched
        ).validated()
    }
}
