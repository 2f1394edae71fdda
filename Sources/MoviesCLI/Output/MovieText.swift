import Basics
import FoundationEssentials
import MoviesCore
import ViewModels

/// How movies read in one line, in a table, and in detail, for people at a terminal.
enum MovieText {
    /// `1  Heat (1995)  excellent ★★★★½`: the line `add`, `rate`, `rm` and the shell's change feed print.
    /// The id is as a command takes it back (`movies show 1`), never `#1`, which a shell reads as the
    /// start of a comment.
    static func summary(_ movie: Movie, glyphs: Glyphs) -> String {
        "\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))  \(rating(movie, glyphs: glyphs))"
    }

    /// What `add` says after adding `movie` about a film already listed that a person may have meant:
    /// `Heat (1995) is already listed as id 1; give --year to tell them apart.`
    static func alreadyListed(_ other: Movie, besides movie: Movie) -> String {
        "\(TerminalText.singleLine(other.titleWithYear)) is already listed as id \(other.id)"
            + (movie.year == nil || other.year == nil ? "; give --year to tell them apart." : ".")
    }

    /// The word, with the stars when the movie has them: `good ★★★½`, `seen`, `not-seen`.
    static func rating(_ movie: Movie, glyphs: Glyphs) -> String {
        movie.stars.map { "\(movie.ratingWord.rawValue) \(glyphs.stars($0))" } ?? movie.ratingWord.rawValue
    }

    /// `3.5 stars`, `1 star`: a number of stars in words.
    static func starCount(_ number: String) -> String {
        number == "1" ? "1 star" : "\(number) stars"
    }

    /// The movie list as an aligned table, fitted to the terminal (see `MovieTable`); `foundIn` says
    /// where a search found each movie (a FOUND IN column, shown when any was found elsewhere than in
    /// its title).
    static func table(
        _ movies: [Movie], terminal: Terminal, glyphs: Glyphs, foundIn: [Int64: SearchField] = [:]
    ) -> String {
        var table = MovieTable(glyphs: glyphs)
        for movie in movies {
            table.measure(movie, foundIn: foundIn[movie.id])
        }
        table.finishMeasuring(width: terminal.columns)
        return table.header(terminal: terminal)
            + movies.map { table.line($0, foundIn: foundIn[$0.id]) }.joined()
    }

    /// Every field the file holds, one per line, for `movies show` (the title keys, which follow from
    /// the title, aside).
    static func detail(
        _ movie: Movie, viewings: [Viewing] = [], imdbRating: String? = nil, glyphs: Glyphs
    ) -> String {
        var lines = ["\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))"]
        // The longest label, `directed by`, is 11 characters: every value starts one space after it.
        let labelWidth = 12
        func add(_ label: String, _ value: String) {
            lines.append("  " + TerminalText.padded(label, to: labelWidth) + value)
        }
        switch movie.ratingWord {
        case .notSeen: add("rating", "not-seen (on the watchlist)")
        case .seen: add("rating", "seen, not rated")
        default:
            let stars = movie.stars.map { "  \(glyphs.stars($0)) (\(starCount($0.description)))" } ?? ""
            add("rating", movie.ratingWord.rawValue + stars)
        }
        if let rated = movie.ratedOn { add("rated on", rated.description) }
        if movie.watchedOn != nil || movie.watchCount != nil {
            let times = movie.watchCount.map { $0 == 1 ? "once" : "\($0) times" }
            add("watched", [movie.watchedOn?.description, times].compactMap { $0 }.joined(separator: ", "))
        }
        if let note = movie.note {
            let noteLines = note.replacingEach("\t", with: "    ")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitized(String($0)) }
            add("note", noteLines.joined(separator: "\n" + String(repeating: " ", count: 2 + labelWidth)))
        }
        if !movie.directors.isEmpty {
            add("directed by", TerminalText.singleLine(movie.directors.joined(separator: ", ")))
        }
        if let minutes = movie.runtimeMinutes { add("runtime", "\(minutes) min") }
        if !movie.genres.isEmpty {
            add("genres", TerminalText.singleLine(movie.genres.joined(separator: ", ")))
        }
        if let imdbID = movie.imdbID { add("IMDb", "\(imdbID)  https://www.imdb.com/title/\(imdbID)/") }
        if let imdbRating { add("on IMDb", imdbRating) }
        if let uri = movie.letterboxdURI { add("Letterboxd", TerminalText.singleLine(uri)) }
        add("added", readableDay(movie.createdAt))
        add("updated", readable(movie.updatedAt))
        if !viewings.isEmpty {
            lines.append("  viewings, newest first:")
            lines += DiaryText.viewings(viewings, glyphs: glyphs).map {
                "    " + $0.replacingEach("\n", with: "\n    ")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line of the change feed: `+ 12 Heat (1995) excellent`, `~ 3 Heat (1995) good -> excellent`,
    /// `- 7 Heat (1995)`; coloured green, yellow and red on a colour terminal.
    /// At a terminal the line is cut to its width, so a long title does not wrap.
    static func changeLine(_ change: MovieChange, terminal: Terminal, glyphs: Glyphs) -> String {
        let rating = { (movie: Movie) in Self.rating(movie, glyphs: glyphs) }
        let fitted = { (text: String) in terminal.columns.map { TerminalText.truncated(text, to: $0) } ?? text
        }
        switch change {
        case .added(let movie), .entered(let movie):
            return terminal.green(
                fitted("+ \(movie.id) \(TerminalText.singleLine(movie.titleWithYear)) \(rating(movie))"))
        case .removed(let movie):
            return terminal.red(fitted("- \(movie.id) \(TerminalText.singleLine(movie.titleWithYear))"))
        case .changed(let before, let after):
            let title = TerminalText.singleLine(after.titleWithYear)
            let text: String
            if before.ratingWord != after.ratingWord || before.stars != after.stars {
                text = "\(title) \(rating(before)) -> \(rating(after))"
            } else if before.titleWithYear != after.titleWithYear {
                text = "\(TerminalText.singleLine(before.titleWithYear)) -> \(title)"
            } else {
                var fields: [String] = []
                if before.watchedOn != after.watchedOn { fields.append("watched date") }
                if before.watchCount != after.watchCount { fields.append("watch count") }
                if before.note != after.note { fields.append("note") }
                text =
                    "\(title) \(rating(after))"
                    + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")) changed)")
            }
            return terminal.yellow(fitted("~ \(after.id) \(text)"))
        }
    }

    /// `2026-11-30 23:56 CET`: local time, with the zone's name, as people read it.
    static func readable(_ date: Date) -> String {
        LocalTime(date).textWithZone
    }

    /// A time at midnight UTC to the millisecond is a day an import gave without a time (Letterboxd's
    /// `Date`, IMDb's `Date Rated`): shown as that day, not as the local time it never had ("01:00
    /// CET"). A film added by hand at that very millisecond reads as its day too, which is still true.
    static func readableDay(_ date: Date) -> String {
        guard date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0 else {
            return readable(date)
        }
        return String(Timestamp.string(from: date).prefix(10))
    }
}

/// The movie list as a table, made in two passes so a list of any length streams (see `Table`):
/// `measure` each movie, `finishMeasuring`, then the `header` and each movie's `line`.
///
/// A whole list shows STARS when any movie has stars, WATCHED when any has a date. A list read a page
/// at a time decides its columns from the query, not the page, so that following the paging hints
/// shows the same columns at the same places: every column, the id as wide as the largest id, the
/// rating as wide as its longest word and, at a terminal, the title as wide as the room left (up to
/// `pagedTitleWidth`). At a terminal every line fits: WATCHED, then STARS, YEAR and RATING give way
/// on a narrow one, and titles are cut (`Table.fit`).
struct MovieTable {
    private var table = Table(columns: [
        Table.Column(title: "#", alignRight: true), Table.Column(title: "TITLE", isShortenable: true),
        Table.Column(title: "YEAR", alignRight: true, dropRank: 3),
        Table.Column(title: "RATING", dropRank: 4),
        Table.Column(title: "STARS", dropRank: 2),
        Table.Column(title: "WATCHED", dropRank: 1),
        Table.Column(title: "FOUND IN", dropRank: 0),
    ])
    /// How the STARS column draws them.
    private let glyphs: Glyphs
    private var showsStars = false
    private var showsWatched = false
    private var showsFoundIn = false
    /// Whether the table is one page of a longer list.
    private let isPaged: Bool

    /// At most this many cells of a title in a paged table, so a wide terminal does not push the
    /// other columns far off.
    static let pagedTitleWidth = 48

    /// A table of a whole list; for a page of one, `largestID` is the list's largest id.
    init(glyphs: Glyphs, pageOfListUpTo largestID: Int64? = nil) {
        self.glyphs = glyphs
        isPaged = largestID != nil
        if let largestID {
            showsStars = true
            showsWatched = true
            for word in RatingWord.allCases {
                table.measure([String(largestID), "", "", word.rawValue, glyphs.widestStars, "2000-01-01"])
            }
        }
    }

    /// Widens the columns for `movie`, which a search found in `foundIn`.
    mutating func measure(_ movie: Movie, foundIn: SearchField? = nil) {
        table.measure(cells(movie, foundIn: foundIn))
        if movie.stars != nil { showsStars = true }
        if movie.watchedOn != nil { showsWatched = true }
        if let foundIn, foundIn != .title { showsFoundIn = true }
    }

    /// Ends the first pass: hides STARS and WATCHED when no movie has them, and fits the table to
    /// `width` cells (the terminal's; nil prints whole titles).
    mutating func finishMeasuring(width: Int?) {
        if !showsFoundIn { table.hideColumn(at: 6) }
        if !showsWatched { table.hideColumn(at: 5) }
        if !showsStars { table.hideColumn(at: 4) }
        table.fit(width: width)
        if isPaged, let width {
            // The columns the terminal has room for are known: the title takes the rest.
            table.setWidth(1, to: min(Self.pagedTitleWidth, width - (table.lineWidth - table.widths[1])))
            table.fit(width: width)
        }
    }

    /// The header line (bold on a colour terminal).
    func header(terminal: Terminal) -> String {
        table.header(style: terminal.bold)
    }

    /// One movie's line.
    func line(_ movie: Movie) -> String {
        table.line(cells(movie, foundIn: nil))
    }

    /// One movie's line in a search's results.
    func line(_ movie: Movie, foundIn: SearchField?) -> String {
        table.line(cells(movie, foundIn: foundIn))
    }

    private func cells(_ movie: Movie, foundIn: SearchField?) -> [String] {
        [
            String(movie.id), movie.title, movie.year.map(String.init) ?? "", movie.ratingWord.rawValue,
            movie.stars.map(glyphs.stars) ?? "", movie.watchedOn?.description ?? "", foundIn?.name ?? "",
        ]
    }
}
