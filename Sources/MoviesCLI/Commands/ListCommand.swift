import Basics
import FoundationEssentials
import Glibc
import Interchange
import MoviesCore
import ViewModels

/// `movies list`: see docs/COMMANDS.md, written from the declarations below.
struct ListCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "list",
        abstract: "Show the movie list.",
        discussion: """
            With --limit, a page that has more after it ends with a line on stderr giving the command for \
            the next one, with --after <cursor>: pages continue by key, so a late page costs what the \
            first does, and from where the last movie stood even if it was removed since. At a terminal \
            the table fits its width and long output goes through $PAGER (less -FRX by default).
            """,
        examples: [
            "movies list --rating good,excellent --sort rating",
            "movies list --seen --rating seen",
            "movies list --watch",
            "movies list --format csv > movies.csv",
            "movies list --limit 50 --after 1200",
            "movies list --sort title --limit 50 --after title:heat:12",
        ])

    @Option(.ratingFilter) var ratings: [RatingWord]
    @Flag("seen", help: "Only the movies you have seen, rated or not.")
    var seen: Bool
    @Flag("watchlist", help: "Only the watchlist: the movies not seen yet.")
    var watchlist: Bool
    @Option(
        "tag", valueName: "tag", help: "Only the movies with a viewing tagged so (see movies diary --tag).")
    var tag: String?
    @Option("in", valueName: "list", help: "Only the movies on this list (movies lists shows them).")
    var inList: String?
    /// Nil when not given: the command line lists in the order added, the shell in the order `sort` set.
    @Option(
        "sort", short: "s", valueName: "order",
        help: "The order: when added (oldest first), title (A–Z), rating (best first), year (oldest first).",
        defaultDescription: MovieSort.added.rawValue)
    var sort: MovieSort?
    @Flag("reverse", help: "Reverse the order.")
    var reverse: Bool
    @Option(
        "director", valueName: "name",
        help:
            "Only films this person directed, by any word of the name (mann finds Michael Mann; see movies link)."
    )
    var director: String?
    @Option(
        "genre", valueName: "genre", help: "Only films of this genre, as IMDb names it (Drama, Comedy...).")
    var genre: String?
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many movies.")
    var limit: Count?
    @Option(
        "after", valueName: "cursor",
        help: """
            Continue after this point: the cursor the previous page printed (in the order added, the id \
            of its last movie).
            """)
    var after: MovieCursor?
    @Option(.format) var format: OutputFormat
    @Flag(
        "watch", short: "w",
        help: """
            Keep running and print each change as it happens, from any program, until Ctrl-C: \
            + added, ~ changed, - removed (with --format ndjson, one JSON object per change).
            """)
    var watch: Bool
    @Flag(.noPager) var noPager: Bool

    /// `--seen` or `--watchlist`, not both.
    var watchState: WatchState? {
        seen ? .seen : watchlist ? .watchlist : nil
    }

    func validate() throws(CommandLineRule) {
        if seen && watchlist {
            throw CommandLineRule("--seen and --watchlist exclude each other; give one of them")
        }
        // `-r not-seen --seen` could only ever list nothing: a mistake, said rather than shown as empty.
        if let watchState, !ratings.isEmpty, !ratings.contains(where: { $0.watchState == watchState }) {
            let given = ratings.map(\.rawValue).joined(separator: ",")
            let flag = watchState == .seen ? "seen" : "watchlist"
            let state = watchState == .seen ? "on the watchlist" : "seen"
            throw CommandLineRule(
                "--rating \(given) and --\(flag) exclude each other: a film rated \(given) is \(state); "
                    + "give one of them")
        }
        if watch {
            guard format == .table || format == .ndjson else {
                throw CommandLineRule(
                    "--watch prints changes as table lines or as ndjson, not as \(format.rawValue)")
            }
            guard limit == nil && after == nil else {
                throw CommandLineRule(
                    "--watch follows the whole list; it cannot be combined with --limit or --after")
            }
            guard director == nil && genre == nil else {
                throw CommandLineRule(
                    "--watch follows the whole list; it cannot be combined with --director or --genre")
            }
        }
        if let after, let sort, after.sort != sort {
            throw CommandLineRule(Self.cursorMismatch(after, sort: sort))
        }
    }

    /// `--watch` waits for changes; every other list is one page, or all of them, and done.
    var runsSynchronously: Bool { !watch }

    func run(in context: CommandContext) async throws {
        guard watch, context.shell?.movieScreen == nil else {
            try runSynchronously(in: context)
            return
        }
        let sort = try checkedSort(in: context)
        // Follows the change stream: the list view model keeps it current.
        context.isOneShot = false
        let list = MovieListViewModel(store: try context.readingDependencies().movies)
        list.ratingFilter = Set(ratings)
        list.watchStateFilter = watchState
        list.tagFilter = tag
        list.sort = sort
        list.isReversed = reverse
        try await Self.watch(
            list, store: try context.readingDependencies().movies, format: format, context: context)
    }

    /// The list without `--watch` (`run(in:)` follows the changes).
    func runSynchronously(in context: CommandContext) throws {
        if let screen = context.shell?.movieScreen {
            try listOnScreen(screen, in: context)
            return
        }
        if let director { _ = try FullTextQuery.phrase(for: director) }  // no words: refused before opening
        let sort = try checkedSort(in: context)
        // An empty set when no --rating was given, without building one from the empty array (which
        // asks the Swift library's set initialiser for room, one more 64 KiB window of its text).
        let ratings: Set<RatingWord> = ratings.isEmpty ? [] : Set(ratings)
        let store = try context.readingDependencies().movies
        let listID = try inList.map { try Self.listID(named: $0, in: store) }
        // One more than the page, to know whether there is a next page without a count query.
        let query = MovieQuery(
            ratings: ratings, watchState: watchState, tag: tag, listID: listID, sort: sort, reversed: reverse,
            limit: limit?.withLookahead,
            after: after, director: director, genre: genre)
        let emptyHint =
            after != nil
            ? "No more movies after this point."
            : tag.map { "No movies have a viewing tagged '\(TerminalText.singleLine($0))'." }
                ?? Self.emptyFilterHint(ratings: ratings, watchState: watchState, context: context)
        let page = try MovieListRendering.stream(
            query, from: try context.readingDependencies().movies, pageSize: limit?.value, format: format,
            context: context, emptyHint: emptyHint)
        if let last = page.lastBeforeMore, let limit {
            var words = ["movies"] + NextPageHint.databaseWords(context) + ["list"]
            if !ratings.isEmpty { words += ["--rating", Self.words(ratings, joinedBy: ",")] }
            if let watchState { words.append(watchState == .seen ? "--seen" : "--watchlist") }
            if let tag { words += ["--tag", tag] }
            if let inList { words += ["--in", inList] }
            if let director { words += ["--director", director] }
            if let genre { words += ["--genre", genre] }
            if sort != .added { words += ["--sort", sort.rawValue] }
            if reverse { words.append("--reverse") }
            if format != .table { words += ["--format", format.rawValue] }
            words += [
                "--limit", String(decimal: limit.value), "--after",
                MovieCursor(after: last, sort: sort).description,
            ]
            context.output.flush()
            context.errors.line(NextPageHint.line("movies", command: words))
        }
    }

    /// The order asked for, once the cursor of `--after` is known to belong to it and to name a movie.
    @MainActor
    private func checkedSort(in context: CommandContext) throws -> MovieSort {
        let sort = sort ?? .added
        if let after, after.sort != sort {
            throw UsageError(
                .validation(Self.cursorMismatch(after, sort: sort)), commandPath: context.commandPath)
        }
        if let after { try Self.checkCursor(after, in: try context.readingDependencies().movies) }
        return sort
    }

    /// `list` in the shell: the screen's filter and sort unless the options say otherwise (`--reverse`
    /// reverses the screen's order). The screen's list view model holds them; the page is read from the
    /// store.
    @MainActor
    private func listOnScreen(_ screen: MovieScreen, in context: CommandContext) throws {
        let shown = screen.list
        let order = sort ?? shown.sort
        let query = MovieQuery(
            ratings: ratings.isEmpty ? shown.ratingFilter : Set(ratings), watchState: watchState,
            text: shown.textFilter.isEmpty ? nil : shown.textFilter, tag: tag ?? shown.tagFilter,
            listID: try inList.map { try Self.listID(named: $0, in: context.dependencies().movies) },
            sort: order,
            reversed: reverse != shown.isReversed, limit: limit?.withLookahead, after: after)
        let page = try MovieListRendering.stream(
            query, from: try context.dependencies().movies, pageSize: limit?.value, format: format,
            context: context, emptyHint: nil)
        if page.count == 0 && format == .table {
            context.output.line(
                after != nil
                    ? "No more movies."
                    : screen.list.query == MovieQuery() ? "No movies yet." : "No movies match the filter.")
        }
        if let last = page.lastBeforeMore, let limit {
            // The options given again; the shell's filter and sort stay as they are.
            var words = ["list"]
            if !ratings.isEmpty { words += ["--rating", ratings.map(\.rawValue).joined(separator: ",")] }
            if let tag { words += ["--tag", tag] }
            if let inList { words += ["--in", inList] }
            if let sort { words += ["--sort", sort.rawValue] }
            if reverse { words.append("--reverse") }
            if format != .table { words += ["--format", format.rawValue] }
            words += [
                "--limit", String(decimal: limit.value), "--after",
                MovieCursor(after: last, sort: order).description,
            ]
            context.output.flush()
            context.errors.line(NextPageHint.line("movies", command: words))
        }
    }

    /// The list `name` names (any case), or a refusal naming the lists there are.
    static func listID(named name: String, in store: MovieStore) throws -> Int64 {
        guard let list = try store.list(named: name) else {
            throw MovieListError.noList(name, known: try store.lists().map(\.name))
        }
        return list.id
    }

    /// Refuses a cursor no page of the list could have ended with: one whose movie is listed with
    /// another key in its order (`title:heat:12` where 12 is Alien). Read silently, it would start the
    /// page somewhere else than the person meant. A cursor of a movie removed since stays good: the page
    /// goes on from where it stood.
    @MainActor
    static func checkCursor(_ after: MovieCursor, in store: MovieStore) throws {
        guard after.sort != .added, let movie = try store.movie(id: after.id) else { return }
        let actual = MovieCursor(after: movie, sort: after.sort)
        guard actual != after else { return }
        throw CommandFailure(
            message: "The cursor \(after) matches no page of this list: movie \(after.id) is listed there as "
                + "\(actual); give the cursor the previous page printed, or start again without --after",
            exitCode: .usage)
    }

    /// What an empty list says, naming its filter; a command it suggests reads the same file.
    @MainActor
    static func emptyFilterHint(ratings: Set<RatingWord>, watchState: WatchState?, context: CommandContext)
        -> String
    {
        switch (ratings.isEmpty, watchState) {
        case (true, nil):
            "No movies to show. Add one with: "
                + NextPageHint.command("add", "\"Title\"", "--rating", "good", in: context)
        case (false, nil): "No movies rated \(words(ratings, joinedBy: " or "))."
        case (true, .seen?):
            "No movies seen yet. Log one with: " + NextPageHint.command("log", "<movie>", in: context)
        case (true, .watchlist?): "Nothing on the watchlist."
        case (false, _): "No movies match the filter."
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
    static func watch(
        _ list: MovieListViewModel, store: MovieStore, format: OutputFormat, context: CommandContext
    ) async throws {
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
                    context.output.line(
                        ChangeRecord.json(change, stillListed: { (try? store.movie(id: $0)) != nil }))
                } else {
                    context.output.line(
                        MovieText.changeLine(change, terminal: context.terminal, glyphs: context.glyphs))
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
///
/// A filtered list (`--rating excellent`) gains a film that was added, or one that was changed into the
/// filter, and loses one that was removed, or changed out of it; a script must tell a real add or
/// delete from a film only moving in or out of view, so those are `entered` and `left`. A film appears
/// as added when it was not in the database at the last reading (`MovieChange.differences`), and
/// leaves as removed when it is no longer listed at all (`stillListed`).
enum ChangeRecord {
    static func json(_ change: MovieChange, stillListed: (Int64) -> Bool) -> String {
        switch change {
        case .added(let movie):
            "{\"change\":\"added\",\"movie\":\(MovieRecordWriter.jsonObject(movie))}"
        case .entered(let movie):
            "{\"change\":\"entered\",\"movie\":\(MovieRecordWriter.jsonObject(movie))}"
        case .removed(let movie):
            "{\"change\":\"\(stillListed(movie.id) ? "left" : "removed")\",\"movie\":\(MovieRecordWriter.jsonObject(movie))}"
        case .changed(let before, let after):
            "{\"change\":\"changed\",\"movie\":\(MovieRecordWriter.jsonObject(after)),\"before\":\(MovieRecordWriter.jsonObject(before))}"
        }
    }
}
