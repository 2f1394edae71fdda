import Basics

/// Which viewings `movies diary` lists: newest first, as Letterboxd's diary page does, the undated last.
///
/// Pages continue by key (`DiaryCursor`), never by `OFFSET`, as the movie list's do.
public struct DiaryQuery: Sendable, Hashable {
    /// Only viewings in this year.
    public var year: Int?
    /// Only viewings in this month of `year`... (1–12); needs `year`.
    public var month: Int?
    /// Only viewings with this tag.
    public var tag: String?
    /// Only viewings of this film.
    public var movieID: Int64?
    /// At most this many; nil means all.
    public var limit: Int?
    /// Continue after this point (the end of the previous page).
    public var after: DiaryCursor?

    public init(
        year: Int? = nil, month: Int? = nil, tag: String? = nil, movieID: Int64? = nil, limit: Int? = nil,
        after: DiaryCursor? = nil
    ) {
        self.year = year
        self.month = month
        self.tag = tag
        self.movieID = movieID
        self.limit = limit
        self.after = after
    }

    /// The first and last day the query covers, as the index's text (`''` is below every day, so an
    /// undated viewing falls outside any range).
    var dayRange: (first: String, last: String)? {
        guard let year else { return nil }
        let yearText = String(year)
        guard let month else { return (yearText + "-01-01", yearText + "-12-31") }
        let monthText = (month < 10 ? "0" : "") + String(month)
        return (yearText + "-" + monthText + "-01", yearText + "-" + monthText + "-31")
    }
}

/// Where a page of the diary ends: the last viewing's day (or none) and id. Printed as `2024-03-09:31`
/// (or `undated:31`), made to be pasted back into a shell as it is.
public struct DiaryCursor: Sendable, Hashable, LosslessStringConvertible {
    public let day: CalendarDate?
    public let id: Int64

    public init(after viewing: Viewing) {
        day = viewing.watchedOn
        id = viewing.id
    }

    public init?(_ description: String) {
        guard let colon = description.lastIndex(of: ":"),
            let id = Int64(description[description.index(after: colon)...]), id > 0
        else { return nil }
        let dayText = description[..<colon]
        if dayText == "undated" {
            day = nil
        } else {
            guard let day = CalendarDate(parsing: String(dayText)) else { return nil }
            self.day = day
        }
        self.id = id
    }

    public var description: String { (day?.description ?? "undated") + ":" + String(id) }

    /// The index's key of the viewing the page ended with.
    var key: String { day?.description ?? "" }
}

/// A viewing with its film, as the diary shows it.
public struct DiaryEntry: Sendable, Hashable, Identifiable {
    public var viewing: Viewing
    public var movie: Movie

    public var id: Int64 { viewing.id }

    public init(viewing: Viewing, movie: Movie) {
        self.viewing = viewing
        self.movie = movie
    }
}
