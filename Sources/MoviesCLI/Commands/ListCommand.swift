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
            OptionSpec(
                name: "rating", short: "r", kind: .repeatingValue(name: "rating"),
                help: "Only movies with this rating; repeat or separate with commas for several.",
                allowedValues: Rating.words),
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
        ],
        examples: [
            "movies list --rating good,excellent --sort rating",
            "movies list --format csv > movies.csv",
            "movies list --limit 50 --after 1200",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let query = try query(from: arguments)
        let format = arguments.string("format") ?? "table"
        let store = try context.database().movies
        // One more than the page, to know whether there is a next page without a count query.
        var pageQuery = query
        pageQuery.limit = query.limit.map { $0 + 1 }
        var movies = try store.list(pageQuery)
        let hasMore = query.limit.map { movies.count > $0 } ?? false
        if hasMore, let limit = query.limit {
            movies.removeLast(movies.count - limit)
        }
        try MovieListRendering.write(movies, format: format, context: context)
        if hasMore, let last = movies.last {
            context.errors.line("More movies: continue with --after \(last.id)")
        }
    }

    /// The store query the options describe.
    static func query(from arguments: ParsedArguments) throws(UsageError) -> MovieQuery {
        MovieQuery(
            ratings: Set(arguments.strings("rating").compactMap(Rating.init(parsing:))),
            sort: arguments.string("sort").flatMap(MovieSort.init(rawValue:)) ?? .added,
            reversed: arguments.flag("reverse"),
            limit: try arguments.converted(
                "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
                ValueParsing.positiveCount),
            after: try arguments.movieID("after", display: "'--after <id>'"))
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
