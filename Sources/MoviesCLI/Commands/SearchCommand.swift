import Basics
import MoviesCore

/// `movies search`: see docs/COMMANDS.md, written from the declarations below.
struct SearchCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "search",
        abstract: "Find movies by words of their title or note, or of their viewings' reviews and tags.",
        discussion: """
            Every word must match, as a word or the start of one ("bla run" finds "Blade Runner"), in the \
            title and note, or in the review and tags of one viewing; case and accents are ignored. In \
            scripts written without spaces (Chinese, Japanese, Korean, Thai) any three or more characters \
            of a title find it ("神隠し" finds "千と千尋の神隠し"). Best match first; the table says where a \
            film was found when it was not its title (FOUND IN). With --limit, a page that has more after \
            it ends with the command for the next one, with --after <id>. Quotes, *, -, NEAR and other \
            search operators in the text are plain characters.
            """,
        examples: [
            "movies search heat", "movies search \"blade run\" --format json", "movies search 神隠し",
            "movies search rain --limit 10 --after 42",
        ])

    @Argument("words", help: "What to look for.")
    var words: [String]
    @Option(.ratingFilter) var ratings: [RatingWord]
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many.")
    var limit: Count?
    @Option(
        "after", valueName: "id",
        help: "Continue after this movie: the id the previous page's hint gave, with the same words.")
    var after: MovieID?
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func runSynchronously(in context: CommandContext) throws {
        let text = words.joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)  // a query with no words is refused before opening
        let ratings = Set(ratings)
        // One more than the page, to know whether another page follows.
        let hits = try context.readingDependencies().movies.searchHits(
            text, ratings: ratings, limit: limit?.withLookahead, after: after?.rawValue,
            explained: format == .table)
        let page = Array(hits.prefix(limit?.value ?? hits.count))
        let movies = page.map(\.movie)
        let rated =
            ratings.isEmpty ? "" : " rated " + ratings.sorted().map(\.rawValue).joined(separator: " or ")
        let emptyHint =
            after != nil ? "No more movies match." : "No movies\(rated) match the words \(Self.quoted(text))."
        if format.recordFormat != nil || movies.isEmpty {
            try MovieListRendering.write(movies, format: format, context: context, emptyHint: emptyHint)
        } else {
            context.startPager()
            let foundIn = Dictionary(
                page.map { ($0.movie.id, $0.field) }, uniquingKeysWith: { first, _ in first })
            context.output.write(
                MovieText.table(movies, terminal: context.terminal, glyphs: context.glyphs, foundIn: foundIn))
        }
        if let limit, hits.count > limit.value, let last = movies.last {
            var command = ["movies"] + NextPageHint.databaseWords(context) + ["search"] + words
            if !ratings.isEmpty {
                command += ["--rating", ratings.sorted().map(\.rawValue).joined(separator: ",")]
            }
            if format != .table { command += ["--format", format.rawValue] }
            command += ["--limit", String(limit.value), "--after", String(last.id)]
            context.output.flush()
            context.errors.line(NextPageHint.line("movies", command: command))
        }
    }

    /// The words searched for, quoted in a sentence (on one line, control characters shown).
    static func quoted(_ text: String) -> String {
        "'" + TerminalText.singleLine(text) + "'"
    }
}
