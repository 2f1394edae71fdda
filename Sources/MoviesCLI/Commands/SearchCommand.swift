import Basics
import MoviesCore

/// `movies search <words> [--rating R ...] [--limit N] [--format F]`
enum SearchCommand: Command {
    static let words = Argument<String>("words", help: "What to look for.", isRepeating: true)
    static let limit = Option<Count>("limit", short: "l", valueName: "n", help: "Show at most this many.")

    static let spec = CommandSpec(
        name: "search",
        abstract: "Find movies by words of their title or note, best match first.",
        discussion: """
            Every word must match, as a word or the start of one ("bla run" finds "Blade Runner"); case and \
            accents are ignored. Quotes, *, -, NEAR and other search operators in the text are plain characters.
            """,
        arguments: [words.spec],
        options: [
            CommonOptions.ratingFilter.spec, limit.spec, CommonOptions.format.spec, Pager.disableFlag.spec,
        ],
        examples: ["movies search heat", "movies search \"blade run\" --format json"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let text = arguments.all(words).joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)  // a query with no words is refused before opening
        let ratings = Set(arguments.all(CommonOptions.ratingFilter))
        let movies = try context.dependencies().movies.search(
            text, ratings: ratings, limit: arguments[limit]?.value)
        let rated =
            ratings.isEmpty ? "" : " rated " + ratings.sorted().map(\.rawValue).joined(separator: " or ")
        try MovieListRendering.write(
            movies, format: arguments.outputFormat, context: context,
            emptyHint: "No movies\(rated) match the words \(quoted(text)).")
    }

    /// The words searched for, quoted in a sentence (on one line, control characters shown).
    static func quoted(_ text: String) -> String {
        "'" + TerminalText.singleLine(text) + "'"
    }
}

/// `movies news search <words> [--limit N] [--format F]`
enum NewsSearchCommand: Command {
    static let words = Argument<String>("words", help: "What to look for.", isRepeating: true)
    static let limit = Option<Count>(
        "limit", short: "l", valueName: "n", help: "Show at most this many.", default: Count(20))

    static let spec = CommandSpec(
        name: "search",
        abstract: "Find news items by words of their title or summary, best match first.",
        arguments: [words.spec],
        options: [limit.spec, CommonOptions.format.spec, Pager.disableFlag.spec])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let text = arguments.all(words).joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)
        let items = try context.dependencies().news.search(text, limit: arguments[limit]?.value)
        try NewsRendering.writeItems(
            items, format: arguments.outputFormat, context: context,
            emptyHint: "No news items match the words \(SearchCommand.quoted(text)).")
    }
}
