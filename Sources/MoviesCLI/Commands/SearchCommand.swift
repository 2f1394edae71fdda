import Basics
import MoviesCore

/// `movies search`: see docs/COMMANDS.md, written from the declarations below.
struct SearchCommand: Command {
    static let about = CommandAbout(
        name: "search",
        abstract: "Find movies by words of their title or note, best match first.",
        discussion: """
            Every word must match, as a word or the start of one ("bla run" finds "Blade Runner"); case and \
            accents are ignored. Quotes, *, -, NEAR and other search operators in the text are plain characters.
            """,
        examples: ["movies search heat", "movies search \"blade run\" --format json"])

    @Argument("words", help: "What to look for.")
    var words: [String]
    @Option(.ratingFilter) var ratings: [RatingWord]
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many.")
    var limit: Count?
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func run(in context: CommandContext) async throws {
        let text = words.joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)  // a query with no words is refused before opening
        let ratings = Set(ratings)
        let movies = try context.dependencies().movies.search(text, ratings: ratings, limit: limit?.value)
        let rated =
            ratings.isEmpty ? "" : " rated " + ratings.sorted().map(\.rawValue).joined(separator: " or ")
        try MovieListRendering.write(
            movies, format: format, context: context,
            emptyHint: "No movies\(rated) match the words \(Self.quoted(text)).")
    }

    /// The words searched for, quoted in a sentence (on one line, control characters shown).
    static func quoted(_ text: String) -> String {
        "'" + TerminalText.singleLine(text) + "'"
    }
}
