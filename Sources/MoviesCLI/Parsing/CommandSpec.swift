import MoviesCore

/// The shape of a command: its name, help text, positional arguments, options and subcommands.
///
/// Parsing, help, usage lines, error messages and shell completions are all derived from this one
/// description, so they cannot disagree with each other.
struct CommandSpec: Sendable {
    var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    var abstract: String
    /// More paragraphs for `--help`, after the overview.
    var discussion: String?
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Other names the command answers to (`rm` for `remove`).
    var aliases: [String] = []
    /// Example invocations shown in `--help`.
    var examples: [String] = []

    /// The subcommand called `name` (or one of its aliases).
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The option with the long name `name` (without dashes).
    func option(long name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isOptional = false
    /// Takes every remaining positional (`rm <id>...`).
    var isRepeating = false
    /// The words the value may be, offered in help and completions.
    var allowedValues: [String]? = nil

    /// `<title>`, `[<title>]`, `<id> ...`.
    var usage: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(base)]" : base
    }
}

/// A named option: a flag (`--reverse`) or one taking a value (`--rating <rating>`).
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        case flag
        case value(name: String)
        /// May be given several times; values may also be comma-separated (`--rating good,excellent`).
        case repeatingValue(name: String)
    }

    /// The long name, without the dashes.
    var name: String
    var short: Character? = nil
    var kind: Kind
    var help: String
    /// The words the value must be one of (checked while parsing, case-insensitively).
    var allowedValues: [String]? = nil
    /// Shown as `default: ...` in help.
    var defaultValue: String? = nil
    /// Hidden options parse but are not listed in help.
    var isHidden = false

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    var valueName: String? {
        switch kind {
        case .flag: nil
        case .value(let name), .repeatingValue(let name): name
        }
    }

    /// `--rating <rating>` as error messages quote it.
    var display: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// `[--rating <rating>]`, `[--rating <rating> ...]` for usage lines.
    var usage: String {
        if case .repeatingValue = kind { return "[\(display) ...]" }
        return "[\(display)]"
    }

    /// `-r, --rating <rating>` for the help's OPTIONS column.
    var helpLabel: String {
        (short.map { "-\($0), " } ?? "") + display
    }
}

// MARK: - Shared options

extension OptionSpec {
    /// `--db <path>`: accepted by every command.
    static let database = OptionSpec(
        name: "db", kind: .value(name: "path"),
        help: "The database file. Overrides $MOVIES_DB and the default ~/.local/share/movies/movies.sqlite.")

    /// `-h, --help`.
    static let help = OptionSpec(name: "help", short: "h", kind: .flag, help: "Show help information.")

    /// `-r, --rating <rating> ...`: the movies with one of these ratings (list, search, the shell's filter).
    static let ratingFilter = OptionSpec(
        name: "rating", short: "r", kind: .repeatingValue(name: "rating"),
        help: "Only movies with this rating; repeat or separate with commas for several.",
        allowedValues: Rating.words)

    /// `--format <format>` for commands that print records.
    static func format(default value: String = "table") -> OptionSpec {
        OptionSpec(
            name: "format", kind: .value(name: "format"), help: "How to print the result.",
            allowedValues: ["table", "json", "ndjson", "csv", "tsv"], defaultValue: value)
    }
}
