import Foundation
import MoviesCore
import ViewModels

/// How movies read in one line, in a table, and in detail, for people at a terminal.
enum MovieText {
    /// `#1  Heat (1995)  excellent`: the line `add`, `rate`, `rm` and the shell's change feed print.
    static func summary(_ movie: Movie) -> String {
        "#\(movie.id)  \(TerminalText.singleLine(movie.titleWithYear))  \(movie.ratingWord.rawValue)"
    }

    /// The movie list as an aligned table; the WATCHED column appears when any movie has a date.
    static func table(_ movies: [Movie], terminal: Terminal) -> String {
        let showsWatched = movies.contains { $0.watchedOn != nil }
        var columns = [
            Table.Column(title: "#", alignRight: true), Table.Column(title: "TITLE"),
            Table.Column(title: "YEAR", alignRight: true), Table.Column(title: "RATING"),
        ]
        if showsWatched {
            columns.append(Table.Column(title: "WATCHED"))
        }
        var table = Table(columns: columns)
        table.rows = movies.map { movie in
            var row = [
                String(movie.id), movie.title, movie.year.map(String.init) ?? "", movie.ratingWord.rawValue,
            ]
            if showsWatched {
                row.append(movie.watchedOn?.description ?? "")
            }
            return row
        }
        return table.render(header: terminal.bold)
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

    /// `2026-11-30 10:20 UTC`.
    static func readable(_ date: Date) -> String {
        let text = Timestamp.string(from: date)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }
}
