import FoundationEssentials
import Glibc
import Interchange
import MoviesCore
import ViewModels

/// `movies list [--rating R ...] [--seen | --watchlist] [--sort S] [--reverse] [--limit N] [--after CURSOR]
/// [--format F]`
enum ListCommand: Command {
    static let sort = Option<MovieSort>(
        "sort", short: "s", valueName: "order",
        help: "The order: when added (oldest first), title (A–Z), rating (best first), year (oldest first).",
        default: .added)
    static let reverse = Flag("reverse", help: "Reverse the order.")
    static let seen = Flag("seen", help: "Only the movies you have seen, rated or not.")
    static let watchlist = Flag("watchlist", help: "Only the watchlist: the movies not seen yet.")
    static let limit = Option<Count>(
        "limit", short: "l", valueName: "n", help: "Show at most this many movies.")
    static let after = Option<MovieCursor>(
        "after", valueName: "cursor",
        help: """
            Continue after this point: the cursor the previous page printed (in the order added, the id \
            of its last movie).
            """)
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
            With --limit, a page that has more after it ends with a line on stderr giving the command for \
            the next one, with --after <cursor>: pages continue by key, so a late page costs what the \
            first does, and from where the last movie stood even if it was removed since. At a terminal \
            the table fits its width and long output goes through $PAGER (less -FRX by default).
            """,
        options: [
            CommonOptions.ratingFilter.spec, seen.spec, watchlist.spec, sort.spec, reverse.spec, limit.spec,
            after.spec,
            CommonOptions.format.spec, watch.spec, Pager.disableFlag.spec,
        ],
        examples: [
            "movies list --rating good,excellent --sort rating",
            "movies list --seen --rating seen",
            "movies list --watch",
            "movies list --format csv > movies.csv",
            "movies list --limit 50 --after 1200",
            "movies list --sort title --limit 50 --after title:Heat:12",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let limit = arguments[Self.limit]
        let after = arguments[Self.after]
        let sort = arguments[Self.sort] ?? .added
        let format = arguments.outputFormat
        let watches = arguments[watch]
        if watches {
            context.isOneShot = false
            guard format == .table || format == .ndjson else {
                throw arguments.validationError(
                    "--watch prints changes as table lines or as ndjson, not as \(format.rawValue)")
            }
            guard limit == nil && after == nil else {
                throw arguments.validationError(
                    "--watch follows the whole list; it cannot be combined with --limit or --after")
            }
        }
        if let after, after.sort != sort {
            throw arguments.validationError(Self.cursorMismatch(after, sort: sort))
        }
        let list = MovieListViewModel(store: try context.dependencies().movies)
        let ratings = Set(arguments.all(CommonOptions.ratingFilter))
        list.ratingFilter = ratings
        let watchState = try Self.watchState(arguments)
        list.watchStateFilter = watchState
        list.sort = sort
        list.isReversed = arguments[reverse]
        if watches {
            try await watch(list, format: format, context: context)
            return
        }
        list.after = after
        // One more than the page, to know whether there is a next page without a count query.
        list.limit = limit?.withLookahead
        let emptyHint =
            after != nil
            ? "No more movies after this point."
            : Self.emptyFilterHint(ratings: ratings, watchState: watchState)
        let page = try MovieListRendering.stream(
            list, pageSize: limit?.value, format: format, context: context, emptyHint: emptyHint)
        if let last = page.lastBeforeMore, let limit {
            var words = ["movies"] + NextPageHint.databaseWords(context) + ["list"]
            if !ratings.isEmpty { words += ["--rating", Self.words(ratings, joinedBy: ",")] }
            if let watchState { words.append(watchState == .seen ? "--seen" : "--watchlist") }
            if sort != .added { words += ["--sort", sort.rawValue] }
            if arguments[reverse] { words.append("--reverse") }
            if format != .table { words += ["--format", format.rawValue] }
            words += ["--limit", String(limit.value), "--after", list.cursor(after: last).description]
            context.output.flush()
            context.errors.line(NextPageHint.line("movies", command: words))
        }
    }

    /// What an empty list says, naming its filter.
    static func emptyFilterHint(ratings: Set<RatingWord>, watchState: WatchState?) -> String {
        switch (ratings.isEmpty, watchState) {
        case (true, nil): "No movies to show. Add one with: movies add \"Title\" --rating good"
        case (false, nil): "No movies rated \(words(ratings, joinedBy: " or "))."
        case (true, .seen?): "No movies seen yet. Log one with: movies watched <id>"
        case (true, .watchlist?): "Nothing on the watchlist."
        case (false, _): "No movies match the filter."
        }
    }

    /// `--seen` or `--watchlist`, not both.
    static func watchState(_ arguments: ParsedArguments) throws -> WatchState? {
        switch (arguments[seen], arguments[watchlist]) {
        case (true, true):
            throw arguments.validationError("--seen and --watchlist exclude each other; give one of them")
        case (true, false): return .seen
        case (false, true): return .watchlist
        case (false, false): return nil
        }
    }

    /// Why `after` cannot continue a list in the order `sort`, and what to give instead.
    static func cursorMismatch(_ after: MovieCursor, sort: MovieSort) -> String {
        if after.sort == .added {
            return "An id after --after continues the list in the order added; "
                + "\(sort.listDescription) continues from the cursor its previous page printed "
                + "(such as \(sort.rawValue):…:\(after.id)), or starts again without --after"
        }
        return "The cursor \(after) continues \(after.sort.listDescription), not "
            + "\(sort.listDescription); give --sort \(after.sort.rawValue) with it"
    }

    /// The ratings' words, worst first, as `good,excellent` or `good or excellent`.
    private static func words(_ ratings: Set<RatingWord>, joinedBy separator: String) -> String {
        ratings.sorted().map(\.rawValue).joined(separator: separator)
    }

    /// Prints the list, then each change until SIGINT or SIGTERM, which end it with exit code 0.
    @MainActor
    static func watch(_ list: MovieListViewModel, format: OutputFormat, context: CommandContext) async throws
    {
        let stop = InterruptFlag(signals: [SIGINT, SIGTERM])
        defer { stop.restore() }
        // It runs until Ctrl-C: a pager would hold the changes back, and catch the Ctrl-C.
        context.allowsPager = false
        try list.load()
        try MovieListRendering.write(
            list.movies, format: format, context: context,
            emptyHint: "No movies yet; changes will show here as they happen.")
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
