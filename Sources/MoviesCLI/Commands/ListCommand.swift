import Foundation
import Interchange
import MoviesCore
import ViewModels

/// `movies list [--rating R ...] [--sort S] [--reverse] [--limit N] [--after ID] [--format F]`
enum ListCommand: Command {
    static let sort = Option<MovieSort>(
        "sort", short: "s", valueName: "order",
        help: "The order: when added (oldest first), title (A–Z), rating (best first), year (oldest first).",
        default: .added)
    static let reverse = Flag("reverse", help: "Reverse the order.")
    static let limit = Option<Count>(
        "limit", short: "l", valueName: "n", help: "Show at most this many movies.")
    static let after = Option<MovieID>(
        "after", valueName: "id",
        help: "Continue after the movie with this id (the last one of the previous page).")
    static let watch = Flag(
        "watch", short: "w",
        help: """
            Keep running and print each change as it happens, from any program, until Ctrl-C: \
            + added, ~ changed, - removed (with --format ndjson, one JSON object per change).
            """)

    static let spec = CommandSpec(
        name: "list",
        abstract: "Show the movie list.",
        discussion: """
            With --limit, a page ends with a line on stderr telling how to get the next one \
            (--after <id>): pages continue by key, so a late page costs what the first does.
            """,
        options: [
            CommonOptions.ratingFilter.spec, sort.spec, reverse.spec, limit.spec, after.spec,
            CommonOptions.format.spec, watch.spec,
        ],
        examples: [
            "movies list --rating good,excellent --sort rating",
            "movies list --watch",
            "movies list --format csv > movies.csv",
            "movies list --limit 50 --after 1200",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let limit = arguments[Self.limit]
        let after = arguments[Self.after]?.rawValue
        let format = arguments.outputFormat
        let watches = arguments[watch]
        if watches {
            guard format == .table || format == .ndjson else {
                throw arguments.validationError(
                    "--watch prints changes as table lines or as ndjson, not as \(format.rawValue)")
            }
            guard limit == nil && after == nil else {
                throw arguments.validationError(
                    "--watch follows the whole list; it cannot be combined with --limit or --after")
            }
        }
        let list = MovieListViewModel(store: try context.dependencies().movies)
        list.ratingFilter = Set(arguments.all(CommonOptions.ratingFilter))
        list.sort = arguments[Self.sort] ?? .added
        list.isReversed = arguments[reverse]
        if watches {
            try await watch(list, format: format, context: context)
            return
        }
        list.after = after
        // One more than the page, to know whether there is a next page without a count query.
        list.limit = limit?.withLookahead
        try list.load()
        var movies = list.movies
        let hasMore = limit.map { movies.count > $0.value } ?? false
        if hasMore, let limit {
            movies.removeLast(movies.count - limit.value)
        }
        try MovieListRendering.write(movies, format: format, context: context)
        if hasMore, let last = movies.last {
            context.errors.line("More movies: continue with --after \(last.id)")
        }
    }

    /// Prints the list, then each change until SIGINT or SIGTERM, which end it with exit code 0.
    @MainActor
    static func watch(_ list: MovieListViewModel, format: OutputFormat, context: CommandContext) async throws
    {
        let stop = InterruptFlag(signals: [SIGINT, SIGTERM])
        defer { stop.restore() }
        try list.load()
        try MovieListRendering.write(list.movies, format: format, context: context)
        context.output.flush()
        list.onChanges = { changes in
            for change in changes {
                if format == .ndjson {
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
    static func write(_ movies: [Movie], format: OutputFormat, context: CommandContext) throws {
        if let recordFormat = format.recordFormat {
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
