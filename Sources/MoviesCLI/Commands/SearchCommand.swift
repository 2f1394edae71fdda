import MoviesCore

/// `movies search <words> [--rating R ...] [--limit N] [--format F]`
enum SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find movies by words of their title or note, best match first.",
        discussion: """
            Every word must match, as a word or the start of one ("bla run" finds "Blade Runner"); case and \
            accents are ignored. Quotes, *, -, NEAR and other search operators in the text are plain characters.
            """,
        arguments: [ArgumentSpec(name: "words", help: "What to look for.", isRepeating: true)],
        options: [
            .ratingFilter,
            OptionSpec(name: "limit", short: "l", kind: .value(name: "n"), help: "Show at most this many."),
            .format(),
        ],
        examples: ["movies search heat", "movies search \"blade run\" --format json"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let text = arguments.strings("words").joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)  // a query with no words is refused before opening
        let limit = try arguments.converted(
            "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
            ValueParsing.positiveCount)
        let ratings = Set(arguments.strings("rating").compactMap(Rating.init(parsing:)))
        let movies = try context.dependencies().movies.search(text, ratings: ratings, limit: limit)
        try MovieListRendering.write(movies, format: arguments.string("format") ?? "table", context: context)
    }
}

/// `movies news search <words> [--limit N] [--format F]`
enum NewsSearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find news items by words of their title or summary, best match first.",
        arguments: [ArgumentSpec(name: "words", help: "What to look for.", isRepeating: true)],
        options: [
            OptionSpec(
                name: "limit", short: "l", kind: .value(name: "n"), help: "Show at most this many.",
                defaultValue: "20"),
            .format(),
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let text = arguments.strings("words").joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)
        let limit =
            try arguments.converted(
                "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
                ValueParsing.positiveCount) ?? 20
        let items = try context.dependencies().news.search(text, limit: limit)
        try NewsRendering.writeItems(items, format: arguments.string("format") ?? "table", context: context)
    }
}
