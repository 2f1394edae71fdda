import Basics
import Interchange
import MoviesCore

/// `movies export`: see docs/COMMANDS.md, written from the declarations below.
struct ExportCommand: Command {
    static let about = CommandAbout(
        name: "export",
        abstract: "Export the list: this program's formats, or Letterboxd's import layout.",
        discussion: """
            csv, tsv, json and ndjson carry every field and `movies import` reads them back exactly. \
            letterboxd writes Letterboxd's import columns (Title, Year, Rating, WatchedDate, Rewatch, Review, \
            imdbID, LetterboxdURI) for the movies you have seen, rated or not; letterboxd-watchlist exactly \
            the ones not seen, for its watchlist import (name the file so: …watchlist….csv, and `movies \
            import` reads it back as the watchlist). The list is streamed, a row at a time; with -o a file appears whole or not at all \
            (a FIFO or device is written in place; the database and its -wal/-shm are refused). \
            csv and tsv start a value that a spreadsheet would run as a formula (=, +, -, @, tab, CR) with \
            a ' (import removes it); letterboxd keeps titles exact for Letterboxd's importer.
            """,
        examples: [
            "movies export -o movies.csv", "movies export --format letterboxd -o letterboxd.csv",
            "movies export --format letterboxd-watchlist -o letterboxd-watchlist.csv",
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

    func run(in context: CommandContext) async throws {
        let target = format
        // The output path is checked (and its temporary file made) before the database is opened, so a
        // refused path leaves the database untouched, or not created.
        let file = try output.map {
            try OutputFileSink(path: $0, refusing: DatabaseFiles(databasePath: try context.databasePath))
        }
        let store = try context.dependencies().movies
        let sink: any TextSink = file ?? context.output
        var count = 0
        if let recordFormat = target.recordFormat {
            let writer = MovieRecordWriter(format: recordFormat, sink: sink)
            try writer.begin()
            try store.forEachMovie { movie in
                try writer.write(movie)
                count += 1
            }
            try writer.end()
        } else {
            let watchState: WatchState = target == .letterboxdWatchlist ? .watchlist : .seen
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            try store.forEachMovie(MovieQuery(watchState: watchState)) { movie in
                try writer.write(LetterboxdRow(movie: movie))
                count += 1
            }
            try writer.end()
        }
        if let file {
            try file.commit()
            context.errors.line("Exported \(count) movie\(count == 1 ? "" : "s") to \(file.path)")
        }
    }
}
