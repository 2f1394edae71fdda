import Basics
import FoundationEssentials
import MoviesCore
import ViewModels

/// How movies read in one line, in a table, and in detail, for people at a terminal.
enum MovieText {
    /// `#1  Heat (1995)  excellent ★★★★½`: the line `add`, `rate`, `rm` and the shell's change feed print.
    static func summary(_ movie: Movie) -> String {
        "#\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))  \(rating(movie))"
    }

    /// What `add` says after adding `movie` about a film already listed that a person may have meant:
    /// `Heat (1995) is already listed as #1; give --year to tell them apart.`
    static func alreadyListed(_ other: Movie, besides movie: Movie) -> String {
        "\(TerminalText.singleLine(other.titleWithYear)) is already listed as #\(other.id)"
            + (movie.year == nil || other.year == nil ? "; give --year to tell them apart." : ".")
    }

    /// The word, with the stars when the movie has them: `good ★★★½`, `seen`, `not-seen`.
    static func rating(_ movie: Movie) -> String {
        movie.stars.map { "\(movie.ratingWord.rawValue) \(stars($0))" } ?? movie.ratingWord.rawValue
    }

    /// `★★★½`: whole stars, then a half, as Letterboxd draws them.
    static func stars(_ stars: StarRating) -> String {
        String(repeating: "★", count: stars.halfStars / 2) + (stars.halfStars % 2 == 1 ? "½" : "")
    }

    /// The movie list as an aligned table, fitted to the terminal (see `MovieTable`).
    static func table(_ movies: [Movie], terminal: Terminal) -> String {
        var table = MovieTable()
        for movie in movies {
            table.measure(movie)
        }
        table.finishMeasuring(width: terminal.columns)
        return table.header(terminal: terminal) + movies.map(table.line).joined()
    }

    /// Every field the file holds, one per line, for `movies show` (the title keys, which follow from
    /// the title, aside).
    static func detail(_ movie: Movie, viewings: [Viewing] = [], imdbRating: String? = nil) -> String {
        var lines = ["#\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))"]
        func add(_ label: String, _ value: String) {
            lines.append("  " + TerminalText.padded(label, to: 11) + value)
        }
        switch movie.ratingWord {
        case .notSeen: add("rating", "not-seen (on the watchlist)")
        case .seen: add("rating", "seen, not rated")
        default:
            let stars = movie.stars.map { "  \(Self.stars($0)) (\($0) stars)" } ?? ""
            add("rating", movie.ratingWord.rawValue + stars)
        }
        if let rated = movie.ratedOn { add("rated on", rated.description) }
        if movie.watchedOn != nil || movie.watchCount != nil {
            let times = movie.watchCount.map { $0 == 1 ? "once" : "\($0) times" }
            add("watched", [movie.watchedOn?.description, times].compactMap { $0 }.joined(separator: ", "))
        }
        if let note = movie.note {
            let noteLines = note.replacing("\t", with: "    ")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitized(String($0)) }
            add("note", noteLines.joined(separator: "\n             "))
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
            lines += DiaryText.viewings(viewings).map { "    " + $0.replacing("\n", with: "\n    ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line of the change feed: `+ #12 Heat (1995) excellent`, `~ #3 Heat (1995) good -> excellent`,
    /// `- #7 Heat (1995)`; coloured green, yellow and red on a colour terminal.
    static func changeLine(_ change: MovieChange, terminal: Terminal) -> String {
        switch change {
        case .added(let movie):
            return terminal.green(
                "+ #\(movie.id) \(TerminalText.singleLine(movie.titleWithYear)) \(rating(movie))")
        case .removed(let movie):
            return terminal.red("- #\(movie.id) \(TerminalText.singleLine(movie.titleWithYear))")
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
            return terminal.yellow("~ #\(after.id) \(text)")
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
/// `measure` each movie, `finishMeasuring`, then the `header` and each movie's `line`. The STARS
/// column appears when any movie has stars, WATCHED when any has a date; at a terminal, long titles are
/// cut to fit.
struct MovieTable {
    private var table = Table(columns: [
        Table.Column(title: "#", alignRight: true), Table.Column(title: "TITLE", isShortenable: true),
        Table.Column(title: "YEAR", alignRight: true), Table.Column(title: "RATING"),
        Table.Column(title: "STARS"),
        Table.Column(title: "WATCHED"),
    ])
    private var showsStars = false
    private var showsWatched = false

    /// Widens the columns for `movie`.
    mutating func measure(_ movie: Movie) {
        table.measure(Self.cells(movie, stars: true, watched: true))
        if movie.stars != nil { showsStars = true }
        if movie.watchedOn != nil { showsWatched = true }
    }

    /// Ends the first pass: drops STARS and WATCHED when no movie has them, and fits the table to
    /// `width` cells (the terminal's; nil prints whole titles).
    mutating func finishMeasuring(width: Int?) {
        if !showsWatched { table.removeColumn(at: 5) }
        if !showsStars { table.removeColumn(at: 4) }
        table.fit(width: width)
    }

    /// The header line (bold on a colour terminal).
    func header(terminal: Terminal) -> String {
        table.header(style: terminal.bold)
    }

    /// One movie's line.
    func line(_ movie: Movie) -> String {
        table.line(Self.cells(movie, stars: showsStars, watched: showsWatched))
    }

    private static func cells(_ movie: Movie, stars: Bool, watched: Bool) -> [String] {
        var row = [
            String(movie.id), movie.title, movie.year.map(String.init) ?? "", movie.ratingWord.rawValue,
        ]
        if stars { row.append(movie.stars.map(MovieText.stars) ?? "") }
        if watched { row.append(movie.watchedOn?.description ?? "") }
        return row
    }
}
