import MoviesCore

/// Reads rows of IMDb's ratings (or watchlist) export into movies, by column name, so both the current
/// layout (`Const,Your Rating,Date Rated,Title,…`) and the old one (`position,const,created,…,
/// You rated,…`) work, in any column order.
///
/// `Your Rating` n of 10 is n half-stars, exactly; an empty rating (a watchlist row) is `notSeen`.
/// `Date Rated` (or the old `created`) seeds `createdAt`; one that cannot be read is ignored rather than
/// costing the movie, since it is only a seed. `Title Type` is not filtered on: a series on the list is
/// the user's choice.
struct IMDbMapping {
    enum Column: Int, ImportColumn {
        case const, yourRating, youRated, dateRated, created, title, year

        var key: String {
            switch self {
            case .const: "const"
            case .yourRating: "yourrating"
            case .youRated: "yourated"
            case .dateRated: "daterated"
            case .created: "created"
            case .title: "title"
            case .year: "year"
            }
        }

        var label: String {
            switch self {
            case .const: "Const"
            case .yourRating, .youRated: "rating"
            case .dateRated: "Date Rated"
            case .created, .title, .year: key
            }
        }
    }

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
        return try ImportedMovie(
            line: row.line,
            title: row.text(Column.title) ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            stars: stars,
            imdbID: ImportValueParsing.imdbID(row.text(Column.const)),
            createdAt: ImportValueParsing.dayStart(dateRated),
            watched: stars != nil
        ).validated()
    }
}
