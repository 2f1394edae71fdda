import Foundation
import Interchange
import MoviesCore
import ViewModels

/// `movies list [--rating R ...] [--sort S] [--reverse] [--limit N] [--after ID] [--format F]`
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Show the movie list.",
        discussion: """
            With --limit, a page ends with a line on stderr telling how to get the next one \
            (--after <id>): pages continue by key, so a late page costs what the first does.
            """,
        options: [
            .ratingFilter,
            OptionSpec(
                name: "sort", short: "s", kind: .value(name: "order"),
                help:
                    "The order: when added (oldest first), title (A–Z), rating (best first), year (oldest first).",
                allowedValues: MovieSort.allCases.map(\.rawValue), defaultValue: "added"),
            OptionSpec(name: "reverse", kind: .flag, help: "Reverse the order."),
            OptionSpec(
                name: "limit", short: "l", kind: .value(name: "n"), help: "Show at most this many movies."),
            OptionSpec(
                name: "after", kind: .value(name: "id"),
                help: "Continue after the movie with this id (the last one of the previous page)."),
            .format(),
            OptionSpec(
                name: "watch", short: "w", kind: .flag,
                help: """
                    Keep running and print each change as it happens, from any program, until Ctrl-C: \
                    + added, ~ changed, - removed (with --format ndjson, one JSON object per change).
                    """),
        ],
        examples: [
            "movies list --rating good,excellent --sort rating",
            "movies list --watch",
            "movies list --format csv > movies.csv",
            "movies list --limit 50 --after 1200",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let limit = try arguments.converted(
            "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
            ValueParsing.positiveCount)
        let after = try arguments.movieID("after", display: "'--after <id>'")
        let format = arguments.string("format") ?? "table"
        let watches = arguments.flag("watch")
        if watches {
            guard format == "table" || format == "ndjson" else {
                throw arguments.usageError(
                    "--watch prints changes as table lines or as ndjson, not as \(format)")
            }
            guard limit == nil && after == nil else {
                throw arguments.usageError(
                    "--watch follows the whole list; it cannot be combined with --limit or --after")
            }
        }
        let list = MovieListViewModel(store: try context.dependencies().movies)
        configure(list, from: arguments)
        if watches {
            try await watch(list, format: format, context: context)
            return
        }
        list.after = after
        // One more than the page, to know whether there is a next page without a count query.
        list.limit = limit.map { $0 + 1 }
        try list.load()
        var movies = list.movies
        let hasMore = limit.map { movies.count > $0 } ?? false
        if hasMore, let limit {
            movies.removeLast(movies.count - limit)
        }
        try MovieListRendering.write(movies, format: format, context: context)
        if hasMore, let last = movies.last {
            context.errors.line("More movies: continue with --after \(last.id)")
        }
    }

    /// Sets the list's filter and sort from `--rating`, `--sort` and `--reverse`.
    @MainActor
    static func configure(_ list: MovieListViewModel, from arguments: ParsedArguments) {
        list.ratingFilter = Set(arguments.strings("rating").compactMap(Rating.init(parsing:)))
        list.sort = arguments.string("sort").flatMap(MovieSort.init(rawValue:)) ?? .added
        list.isReversed = arguments.flag("reverse")
    }

    /// Prints the list, then each change until SIGINT or SIGTERM, which end it with exit code 0.
    @MainActor
    static func watch(_ list: MovieListViewModel, format: String, context: CommandContext) async throws {
        let stop = InterruptFlag(signals: [SIGINT, SIGTERM])
        defer { stop.restore() }
        try list.load()
        try MovieListRendering.write(list.movies, format: format, context: context)
        context.output.flush()
        list.onChanges = { changes in
            for change in changes {
                if format == "ndjson" {
                    context.output.line(ChangeRecord.json(change))
                } else {
                    context.output.line(MovieText.changeLine(change, terminal: context.terminal))
                }
            }
            context.output.flush()
        }
        list.startObserving()
        defer { list.stopObserving() }
        while !stop.isRaised && !context.output.isBroken {
            try await Task.sleep(for: .milliseconds(50))
            if case .failed(let message) = list.state {
                throw WatchFailure(message: message)
            }
        }
    }
}

/// The observation behind `--watch` failed (the database became unreadable).
struct WatchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A change as one JSON object: `{"change":"added","movie":{...}}`, with `"before"` for changes.
enum ChangeRecord {
    static func json(_ change: MovieChange) -> String {
        switch change {
        case .added(let movie):
            "{\"change\":\"added\",\"movie\":\(MovieRecordWriter.jsonObject(movie))}"
        case .removed(let movie):
            "{\"change\":\"removed\",\"movie\":\(MovieRecordWriter.jsonObject(movie))}"
        case .changed(let before, let after):
            "{\"change\":\"changed\",\"movie\":\(MovieRecordWriter.jsonObject(after)),\"before\":\(MovieRecordWriter.jsonObject(before))}"
        }
    }
}

/// Prints a list of movies in the format asked for.
@MainActor
enum MovieListRendering {
    static func write(_ movies: [Movie], format: String, context: CommandContext) throws {
        if let recordFormat = MovieRecordFormat(rawValue: format) {
            try MovieRecordWriter(format: recordFormat, sink: context.output).writeAll(movies)
            return
        }
        guard !movies.isEmpty else {
            context.hint("No movies to show. Add one with: movies add \"Title\" --rating good")
            return
        }
        context.output.write(MovieText.table(movies, terminal: context.terminal))
    }
}
