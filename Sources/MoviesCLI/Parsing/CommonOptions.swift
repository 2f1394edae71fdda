import MoviesCore

/// The options every command takes, which the parser and the front read rather than a command.
enum CommonOptions {
    /// `--db <path>`: accepted by every command.
    static let database = OptionSpec(
        name: "db", kind: .value(name: "path"),
        help: "The database file. Overrides $MOVIES_DB and the default ~/.local/share/movies/movies.sqlite.",
        valueType: ValueType(String.self, completion: .file))

    /// `-h, --help`.
    static let help = OptionSpec(name: "help", short: "h", kind: .flag, help: "Show help information.")

    /// `--no-pager`, accepted by the commands that page their output (they declare `SharedFlag.noPager`);
    /// the front reads it to decide whether output may be paged.
    static let noPagerName = "no-pager"

    /// The `--db` a command line gave, if any.
    static func databasePath(in parsed: ParsedArguments) -> String? {
        parsed.optionValues(named: database.name).last as? String
    }
}

// Options several commands share, declared once so each reads the same in help, parsing and completions.

extension SharedOption where Value == OutputFormat {
    /// `--format <format>` for commands that print records.
    static var format: SharedOption {
        SharedOption { Option(wrappedValue: .table, "format", help: "How to print the result.") }
    }
}

extension SharedOption where Value == [RatingWord] {
    /// `-r, --rating <rating> ...`: the movies with one of these ratings (list, search, the shell's filter).
    static var ratingFilter: SharedOption {
        SharedOption {
            Option(
                "rating", short: "r",
                help: "Only movies with this rating; repeat or separate with commas for several.")
        }
    }
}

extension SharedFlag {
    /// `--no-pager`, for the commands that page their output.
    static var noPager: SharedFlag {
        SharedFlag {
            Flag(
                CommonOptions.noPagerName,
                help: "Print to the terminal directly, not through $PAGER (less -FRX by default).")
        }
    }
}
