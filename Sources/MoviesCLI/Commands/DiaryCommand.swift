import Basics
import Interchange
import MoviesCore

/// `movies diary`: see docs/COMMANDS.md, written from the declarations below.
struct DiaryCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "diary",
        abstract: "Show your viewings, newest first, as a diary.",
        discussion: """
            One line per viewing: its id (for diary edit and diary rm), the day, the film, the rating \
            given then, ↻ for a rewatch and ✎ where there is a review, then its tags. Viewings whose day \
            is not known come last. With --limit, a page that has more after it ends with a line on \
            stderr giving the command for the next one.
            """,
        examples: [
            "movies diary", "movies diary --year 2024", "movies diary --month 2024-03 --tag cinema",
            "movies diary --format csv > diary.csv",
        ])

    static let subcommands: [any Command.Type] = [DiaryEditCommand.self, DiaryRemoveCommand.self]

    @Option(.diaryYear) var year: ReleaseYear?
    @Option(.diaryMonth) var month: DiaryMonth?
    @Option(.diaryTag) var tag: String?
    @Option("movie", valueName: "id", help: "Only the viewings of this movie.")
    var movie: MovieID?
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many viewings.")
    var limit: Count?
    @Option(
        "after", valueName: "cursor", help: "Continue after this point: the cursor the previous page printed."
    )
    var after: DiaryCursor?
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func validate() throws(CommandLineRule) {
        try DiaryFilterOptions.check(year: year, month: month)
    }

    func runSynchronously(in context: CommandContext) throws {
        var query = DiaryFilterOptions.query(year: year, month: month, tag: tag)
        query.movieID = movie?.rawValue
        query.limit = limit?.withLookahead
        query.after = after
        // No file yet is an empty diary; any other failure to open it (a newer version's file, a
        // damaged one) is said as it is.
        guard let store = try context.existingMoviesIfAny(reading: true) else {
            if format == .table { context.errors.line(Self.emptyHint(query, context: context)) }
            try DiaryRendering.write([], format: format, context: context)
            return
        }
        var entries = try store.diary(query)
        let hasMore = limit.map { entries.count > $0.value } ?? false
        if let limit, hasMore { entries = Array(entries.prefix(limit.value)) }
        if entries.isEmpty && format == .table {
            context.errors.line(
                after != nil ? "No more viewings after this point." : Self.emptyHint(query, context: context))
            return
        }
        context.startPager()
        try DiaryRendering.write(entries, format: format, context: context)
        if hasMore, let last = entries.last, let limit {
            var words = ["movies"] + NextPageHint.databaseWords(context) + ["diary"]
            if let month {
                words += [
                    "--month", String(month.year) + "-" + (month.month < 10 ? "0" : "") + String(month.month),
                ]
            } else if let year {
                words += ["--year", String(year.value)]
            }
            if let tag { words += ["--tag", tag] }
            if let movie { words += ["--movie", String(movie.rawValue)] }
            if format != .table { words += ["--format", format.rawValue] }
            words += [
                "--limit", String(limit.value), "--after", DiaryCursor(after: last.viewing).description,
            ]
            context.output.flush()
            context.errors.line(NextPageHint.line("viewings", command: words))
        }
    }

    @MainActor
    static func emptyHint(_ query: DiaryQuery, context: CommandContext) -> String {
        if query.year == nil && query.tag == nil && query.movieID == nil {
            return "No viewings yet. Log one with: "
                + NextPageHint.command("log", "<movie>", "--on", "<YYYY-MM-DD>", in: context)
        }
        return "No viewings match."
    }
}

/// The diary in the format asked for: the table for people, records for programs.
enum DiaryRendering {
    @MainActor
    static func write(_ entries: [DiaryEntry], format: OutputFormat, context: CommandContext) throws {
        if let recordFormat = format.recordFormat {
            let writer = ViewingRecordWriter(format: recordFormat, sink: context.output)
            try writer.writeAll(entries)
        } else if !entries.isEmpty {
            context.output.write(DiaryText.table(entries, terminal: context.terminal, glyphs: context.glyphs))
        }
    }
}

/// `movies diary edit`: see docs/COMMANDS.md, written from the declarations below.
struct DiaryEditCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "edit",
        abstract: "Change a viewing: its day, the rating given then, rewatch, review, tags.",
        discussion: "An empty --on or --review clears it; --rating none clears the rating given then.",
        examples: [
            "movies diary edit 31 --on 2024-03-08", "movies diary edit 31 --stars 4 --tag cinema",
            "movies diary edit 31 --review ''", "movies diary edit Heat --rewatch",
        ])

    @Argument(
        "viewing", help: "The viewing's id, as diary and show print it, or its film's title when it has one.")
    var viewing: ViewingReference
    @Option("on", valueName: "date", help: "The day you watched it; empty when the day is not known.")
    var on: Clearable<CalendarDate>?
    @Option("rating", short: "r", help: "The rating you gave it then (terrible to excellent), or none.")
    var rating: ViewingRatingWord?
    @Option("stars", help: "The stars you gave it then, 0.5 to 5 in halves.")
    var stars: StarRating?
    @Flag("rewatch", help: "You had seen it before.")
    var rewatch: Bool
    @Flag("first-watch", help: "It was the first time you saw it (not a rewatch).")
    var firstWatch: Bool
    @Option("review", valueName: "text", help: "The review of this viewing; empty removes it.")
    var review: Clearable<String>?
    @Option("tag", valueName: "tag", help: "A tag to add; give it again for more.")
    var tags: [String]
    @Option("untag", valueName: "tag", help: "A tag to take away; give it again for more.")
    var untags: [String]

    var changes: ViewingChanges {
        ViewingChanges(
            watchedOn: on?.fieldEdit { $0 }, rating: rating.map { $0.rating.map(FieldEdit.set) ?? .clear },
            stars: stars,
            isRewatch: rewatch ? true : firstWatch ? false : nil, review: review?.fieldEdit { $0 },
            addedTags: ViewingTags(tags), removedTags: ViewingTags(untags))
    }

    func validate() throws(CommandLineRule) {
        if rewatch && firstWatch {
            throw CommandLineRule("--rewatch and --first-watch exclude each other; give one of them")
        }
        if changes.isEmpty {
            throw CommandLineRule(
                "Say what to change: --on, --rating, --stars, --rewatch, --review, --tag or --untag")
        }
    }

    func runSynchronously(in context: CommandContext) throws {
        let (store, id) = try context.existingViewing(viewing)
        let change = try store.editViewing(id: id, changes)
        guard let movie = try store.movie(id: change.after.movieID) else {
            throw MovieError.notFound(id: change.after.movieID)
        }
        let verb = change.before == change.after ? "Unchanged" : "Changed"
        context.output.line(
            "\(verb) viewing \(change.after.id): \(DiaryText.line(change.after, of: movie, glyphs: context.glyphs))"
        )
    }
}

/// `movies diary rm`: see docs/COMMANDS.md, written from the declarations below.
struct DiaryRemoveCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "rm",
        abstract: "Remove viewings from the diary; the movies stay, seen.",
        aliases: ["remove"],
        examples: ["movies diary rm 31", "movies diary rm 31 32", "movies diary rm \"Dune (2021)\""])

    @Argument(
        "viewing",
        help: "The viewings' ids, as diary and show print them, or their films' titles where each has one.")
    var viewings: [ViewingReference]

    func runSynchronously(in context: CommandContext) throws {
        // Every viewing is found first: one that is not refuses the whole command.
        var found: [(store: MovieStore, id: Int64)] = []
        for reference in viewings { found.append(try context.existingViewing(reference)) }
        guard let store = found.first?.store else { return }
        for viewing in try store.removeViewings(ids: found.map(\.id)) {
            let movie = try store.movie(id: viewing.movieID)
            context.output.line(
                "Removed viewing \(viewing.id): "
                    + (movie.map { DiaryText.line(viewing, of: $0, glyphs: context.glyphs) } ?? viewing
                        .watchedOn?.description ?? ""))
        }
    }
}

/// The filters `movies diary` and the shell's `diary` screen share: one declaration each.
enum DiaryFilterOptions {
    /// `--year` and `--month` of different years select nothing: refused.
    static func check(year: ReleaseYear?, month: DiaryMonth?) throws(CommandLineRule) {
        if let year, let month, year.value != month.year {
            throw CommandLineRule(
                "--year \(year.value) and --month \(month.year)-… name different years; give one")
        }
    }

    static func query(year: ReleaseYear?, month: DiaryMonth?, tag: String?) -> DiaryQuery {
        DiaryQuery(year: month?.year ?? year?.value, month: month?.month, tag: tag)
    }
}

extension SharedOption where Value == ReleaseYear? {
    static var diaryYear: SharedOption {
        SharedOption { Option("year", short: "Y", help: "Only the viewings of this year.") }
    }
}

extension SharedOption where Value == DiaryMonth? {
    static var diaryMonth: SharedOption {
        SharedOption { Option("month", valueName: "YYYY-MM", help: "Only the viewings of this month.") }
    }
}

extension SharedOption where Value == String? {
    static var diaryTag: SharedOption {
        SharedOption { Option("tag", valueName: "tag", help: "Only the viewings with this tag.") }
    }
}
