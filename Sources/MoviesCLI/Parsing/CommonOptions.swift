import MoviesCore

/// Options several commands share, declared once so each reads the same in help, parsing and completions.
enum CommonOptions {
    /// `--db <path>`: accepted by every command.
    static let database = Option<String>(
        "db", valueName: "path",
        help: "The database file. Overrides $MOVIES_DB and the default ~/.local/share/movies/movies.sqlite.",
        completion: .file)

    /// `-h, --help`.
    static let help = Flag("help", short: "h", help: "Show help information.")

    /// `-r, --rating <rating> ...`: the movies with one of these ratings (list, search, the shell's filter).
    static let ratingFilter = Option<RatingWord>(
        "rating", short: "r", valueName: "rating",
        help: "Only movies with this rating; repeat or separate with commas for several.", isRepeating: true)

    /// `--format <format>` for commands that print records.
    static let format = Option<OutputFormat>(
        "format", valueName: "format", help: "How to print the result.", default: .table)
}

extension ParsedArguments {
    /// `--format`, or its default (`table`).
    var outputFormat: OutputFormat {
        self[CommonOptions.format] ?? .table
    }
}
