import Interchange
import MoviesCore

/// `movies export [--format F] [-o FILE]`
enum ExportCommand: Command {
    /// `--format`, as every command that prints records names it; `--to` and `-t`, its names before,
    /// still work for scripts.
    static let format = Option<ExportFormat>(
        "format", valueName: "format", help: "The format.", default: .csv, hiddenSpellings: ["--to", "-t"])
    static let output = Option<String>(
        "output", short: "o", valueName: "file", help: "Write to this file (atomically) instead of stdout.",
        completion: .file)

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the list: this program's formats, or Letterboxd's import layout.",
        discussion: """
            csv, tsv, json and ndjson carry every field and `movies import` reads them back exactly. \
            letterboxd writes Letterboxd's import columns (Title, Year, Rating, WatchedDate, Review, imdbID, \
            LetterboxdURI) for the movies you have seen; letterboxd-watchlist the not-seen ones, for its \
            watchlist import. The list is streamed, a row at a time; with -o the file appears whole or not at all.
            """,
        options: [format.spec, output.spec],
        examples: ["movies export -o movies.csv", "movies export --format letterboxd -o letterboxd.csv"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let target = arguments[format] ?? .csv
        let store = try context.dependencies().movies
        let file = try arguments[output].map { try AtomicFileSink(path: $0) }
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
            let wantsWatchlist = target == .letterboxdWatchlist
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            try store.forEachMovie { movie in
                guard (movie.rating == .notSeen) == wantsWatchlist else { return }
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
