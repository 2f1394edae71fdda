import Foundation
import MoviesCore
import ViewModels

/// How movies read in one line, in a table, and in detail, for people at a terminal.
enum MovieText {
    /// `#1  Heat (1995)  excellent`: the line `add`, `rate`, `rm` and the shell's change feed print.
    static func summary(_ movie: Movie) -> String {
        "#\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))  \(movie.ratingWord.rawValue)"
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

    /// Every field, one per line, for `movies show`.
    static func detail(_ movie: Movie) -> String {
        var lines = ["#\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))"]
        lines.append("  rating   \(movie.ratingWord.rawValue)")
        if let watched = movie.watchedOn {
            lines.append("  watched  \(watched)")
        }
        if let note = movie.note {
            let noteLines = note.replacingOccurrences(of: "\t", with: "    ")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitized(String($0)) }
            lines.append("  note     " + noteLines.joined(separator: "\n           "))
        }
        lines.append("  added    \(readable(movie.createdAt))")
        lines.append("  updated  \(readable(movie.updatedAt))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line of the change feed: `+ #12 Heat (1995) excellent`, `~ #3 Heat (1995) good -> excellent`,
    /// `- #7 Heat (1995)`; coloured green, yellow and red on a colour terminal.
    static func changeLine(_ change: MovieChange, terminal: Terminal) -> String {
        switch change {
        case .added(let movie):
            return terminal.green(
                "+ #\(movie.id) \(TerminalText.singleLine(movie.titleWithYear)) \(movie.ratingWord.rawValue)")
        case .removed(let movie):
            return terminal.red("- #\(movie.id) \(TerminalText.singleLine(movie.titleWithYear))")
        case .changed(let before, let after):
            let title = TerminalText.singleLine(after.titleWithYear)
            let text: String
            if before.ratingWord != after.ratingWord {
                text = "\(title) \(before.ratingWord.rawValue) -> \(after.ratingWord.rawValue)"
            } else if before.titleWithYear != after.titleWithYear {
                text = "\(TerminalText.singleLine(before.titleWithYear)) -> \(title)"
            } else {
                var fields: [String] = []
                if before.watchedOn != after.watchedOn { fields.append("watched date") }
                if before.note != after.note { fields.append("note") }
                text =
                    "\(title) \(after.ratingWord.rawValue)"
                    + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")) changed)")
            }
            return terminal.yellow("~ #\(after.id) \(text)")
        }
    }

    /// `2026-11-30 23:56 CET`: local time, with the zone's name, as people read it.
    static func readable(_ date: Date) -> String {
        LocalTime(date).textWithZone
    }
}

/// The movie list as a table, made in two passes so a list of any length streams (see `Table`):
/// `measure` each movie, `finishMeasuring`, then the `header` and each movie's `line`. The WATCHED
/// column appears when any movie has a date; at a terminal, long titles are cut to fit.
struct MovieTable {
    private var table = Table(columns: [
        Table.Column(title: "#", alignRight: true), Table.Column(title: "TITLE", isShortenable: true),
        Table.Column(title: "YEAR", alignRight: true), Table.Column(title: "RATING"),
        Table.Column(title: "WATCHED"),
    ])
    private var showsWatched = false

    /// Widens the columns for `movie`.
    mutating func measure(_ movie: Movie) {
        table.measure(Self.cells(movie, watched: true))
        if movie.watchedOn != nil {
            showsWatched = true
        }
    }

    /// Ends the first pass: drops WATCHED if no movie has a date, and fits the table to `width`
    /// cells (the terminal's; nil prints whole titles).
    mutating func finishMeasuring(width: Int?) {
        if !showsWatched {
            table.removeColumn(at: 4)
        }
        table.fit(width: width)
    }

    /// The header line (bold on a colour terminal).
    func header(terminal: Terminal) -> String {
        table.header(style: terminal.bold)
    }

    /// One movie's line.
    func line(_ movie: Movie) -> String {
        table.line(Self.cells(movie, watched: showsWatched))
    }

    private static func cells(_ movie: Movie, watched: Bool) -> [String] {
        var row = [
            String(movie.id), movie.title, movie.year.map(String.init) ?? "", movie.ratingWord.rawValue,
        ]
        if watched {
            row.append(movie.watchedOn?.description ?? "")
        }
        return row
    }
}
