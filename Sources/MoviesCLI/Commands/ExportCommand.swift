import Basics
import Interchange
import MoviesCore

/// `movies export`: see docs/COMMANDS.md, written from the declarations below.
struct ExportCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "export",
        abstract: "Export the list: this program's formats, or Letterboxd's import layout.",
        discussion: """
            csv, tsv, json and ndjson carry every field and `movies import` reads them back exactly. \
            letterboxd writes Letterboxd's import columns (Title, Year, Rating, WatchedDate, Rewatch, Review, \
            Tags, imdbID, LetterboxdURI) one row per viewing of the films you have seen: each with its own \
            day, the stars given then (empty for a rating given as a word only), rewatch, review and tags, \
            and the film's address; private notes are left out unless --include-notes. letterboxd-watchlist \
            writes exactly the films not seen, for its watchlist import (name the file so: …watchlist….csv, \
            and `movies import` reads it back as the watchlist); letterboxd-list writes the list --list \
            names as Letterboxd exports lists. The list is streamed, a row at a time; with -o a file appears whole or not at all \
            (a FIFO or device is written in place; the database and its -wal/-shm are refused). \
            csv and tsv start a value that a spreadsheet would run as a formula (=, +, -, @, tab, CR) with \
            a ' (import removes it); the letterboxd formats keep titles, reviews and tags exact for \
            Letterboxd's importer, which would keep the '.
            """,
        examples: [
            "movies export -o movies.csv", "movies export --format letterboxd -o letterboxd.csv",
            "movies export --format letterboxd-watchlist -o letterboxd-watchlist.csv",
            "movies export --format letterboxd-list --list Heists -o heists.csv",
        ])

    /// `--format`, as every command that prints records names it; `--to` and `-t`, its names before,
    /// still work for scripts.
    @Option("format", help: "The format.", hiddenSpellings: ["--to"], retiredLetters: ["t"])
    var format: ExportFormat = .csv
    @Option(
        "output", short: "o", valueName: "file",
        help: """
            Write to this file instead of stdout: a file is replaced whole or not at all, a FIFO or device \
            written in place.
            """,
        completion: .file)
    var output: String?
    @Flag(
        "include-notes",
        help: "With --format letterboxd, add each film's private note to its latest viewing's review.")
    var includeNotes: Bool
    @Option("list", valueName: "name", help: "The list --format letterboxd-list writes.")
    var list: String?

    func validate() throws(CommandLineRule) {
        if format == .letterboxdList && list == nil {
            throw CommandLineRule("--format letterboxd-list writes one list: name it with --list NAME")
        }
        if list != nil && format != .letterboxdList {
            throw CommandLineRule("--list goes with --format letterboxd-list")
        }
        if includeNotes && format != .letterboxd {
            throw CommandLineRule(
                "--include-notes goes with --format letterboxd (the own formats always carry notes)")
        }
    }

    func runSynchronously(in context: CommandContext) throws {
        let target = format
        // The output path is checked (and its temporary file made) before the database is opened, so a
        // refused path leaves the database untouched, or not created.
        let file = try output.map {
            try OutputFileSink(path: $0, refusing: DatabaseFiles(databasePath: try context.databasePath))
        }
        let store = try context.readingDependencies().movies
        let sink: any TextSink = file ?? context.output
        var count = 0
        var rows = 0
        if let recordFormat = target.recordFormat {
            let writer = MovieRecordWriter(format: recordFormat, sink: sink)
            try writer.begin()
            try store.forEachMovie { movie in
                try writer.write(movie)
                count += 1
            }
            try writer.end()
        } else if target == .letterboxdList, let name = list {
            guard let found = try store.list(named: name) else {
                throw MovieListError.noList(name, known: try store.lists().map(\.name))
            }
            let entries = try store.entries(ofList: found.id)
            try LetterboxdListWriter.write(found, entries: entries, to: sink)
            count = entries.count
        } else if target == .letterboxdWatchlist {
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            try store.forEachMovie(MovieQuery(watchState: .watchlist)) { movie in
                try writer.write(LetterboxdRow(watchlist: movie))
                count += 1
            }
            try writer.end()
        } else {
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            var films: [Movie] = []
            try store.forEachMovie(MovieQuery(watchState: .seen)) { films.append($0) }
            for movie in films {
                for row in LetterboxdRow.rows(
                    of: movie, viewings: try store.viewings(ofMovie: movie.id), notes: includeNotes)
                {
                    try writer.write(row)
                    rows += 1
                }
                count += 1
            }
            try writer.end()
        }
        if let file {
            try file.commit()
            let what =
                target == .letterboxd
                ? "\(rows) viewing\(rows == 1 ? "" : "s") of \(count) film\(count == 1 ? "" : "s")"
                : target == .letterboxdList
                    ? "\(count) film\(count == 1 ? "" : "s") of the list"
                    : "\(count) movie\(count == 1 ? "" : "s")"
            context.errors.line("Exported \(what) to \(file.path)")
        }
    }
}
