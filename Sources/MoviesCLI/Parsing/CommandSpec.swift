import Basics

/// The shape of a command: its name, help text, positional arguments, options and subcommands.
///
/// Parsing, typed values, help, usage lines, error messages and shell completions are all derived from
/// this one description, so they cannot disagree with each other. Commands declare their options and
/// arguments as typed `Option`, `Flag` and `Argument` values and list their `spec`s here.
struct CommandSpec: Sendable {
    var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    var abstract: String
    /// More paragraphs for `--help`, after the overview.
    var discussion: String?
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    /// Where the subcommands come from (`subcommands` builds them).
    var subcommandSource: Subcommands
    /// Other names the command answers to (`rm` for `remove`).
    var aliases: [String]
    /// Example invocations shown in `--help`.
    var examples: [String]
    /// What runs it on the command line; nil for a group (`news`), whose help shows instead, and for the
    /// shell's own commands, which its screens run.
    var handler: (any Command.Type)?

    init(
        name: String, abstract: String, discussion: String? = nil,
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        subcommands: Subcommands = .built([]), aliases: [String] = [], examples: [String] = [],
        handler: (any Command.Type)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommandSource = subcommands
        self.aliases = aliases
        self.examples = examples
        self.handler = handler
    }

    /// The subcommands, in order: what help, completions and the reference list.
    var subcommands: [CommandSpec] {
        switch subcommandSource {
        case .built(let specs): specs
        case .registry(let place): CommandRegistry.specs(in: place)
        }
    }

    /// Whether it has subcommands, without building them.
    var hasSubcommands: Bool {
        switch subcommandSource {
        case .built(let specs): !specs.isEmpty
        case .registry: true
        }
    }

    /// The subcommand called `name` (or one of its aliases); of the registry's, only that one is built.
    func subcommand(named name: String) -> CommandSpec? {
        switch subcommandSource {
        case .built(let specs): specs.first { $0.name == name || $0.aliases.contains(name) }
        case .registry(let place): CommandRegistry.spec(named: name, in: place)
        }
    }

    /// Where a command's subcommands come from.
    ///
    /// A tree's root names a place of the registry instead of holding every command's spec: a spec is
    /// built by reading the command's declarations (`DeclarationSession`), and building all 36 of the
    /// root's cost 560,000 instructions, 6 % of a `movies list` (callgrind), to parse a line that
    /// names one.
    enum Subcommands: Sendable {
        /// Specs built with their parent (a command's own, such as `diary edit`).
        case built([CommandSpec])
        /// The registry's commands of a place, built when asked.
        case registry(CommandRegistry.Places)
    }
}

/// A positional argument, its type erased: what the parser, help and completions read.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isOptional = false
    /// Takes every remaining positional (`rm <id>...`).
    var isRepeating = false
    var valueType: ValueType

    /// The words the value may be, offered in help and completions; nil for an open-ended value.
    var allowedValues: [String]? { valueType.allowedValues }

    /// `<title>`, `[<title>]`, `<id> ...`.
    var usage: String {
        let base = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(base)]" : base
    }

    /// `<id>` as error messages quote it.
    var display: String { "<\(name)>" }
}

/// A named option, its type erased: a flag (`--reverse`) or one taking a value (`--rating <rating>`).
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        case flag
        case value(name: String)
        /// May be given several times; values of an enumerated type may also be comma-separated
        /// (`--rating good,excellent`).
        case repeatingValue(name: String)
    }

    /// The long name, without the dashes.
    var name: String
    var short: Character? = nil
    var kind: Kind
    var help: String
    /// What the value parses into; nil for a flag.
    var valueType: ValueType? = nil
    /// The parser refuses a command line without it.
    var isRequired = false
    /// Shown as `default: ...` in help.
    var defaultValue: String? = nil
    /// Hidden options parse but are not listed in help.
    var isHidden = false
    /// Other spellings the parser still accepts (`--to`), so command lines written for an older
    /// movies keep working; help, completions and "did you mean" never offer them.
    var hiddenSpellings: [String] = []
    /// Letters the option had before they came to mean another option elsewhere (`add -y`, now `-Y`,
    /// since `-y` is `--yes`): refused, with "did you mean" naming this option, and never accepted, so
    /// that one letter means one option in every command, hidden spellings included. A script that used
    /// one is told what to write instead rather than having its letter quietly mean something else.
    var retiredLetters: [Character] = []

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    var isRepeating: Bool {
        if case .repeatingValue = kind { return true }
        return false
    }

    var valueName: String? {
        switch kind {
        case .flag: nil
        case .value(let name), .repeatingValue(let name): name
        }
    }

    /// The words the value may be (checked while parsing, case-insensitively); nil when open-ended.
    var allowedValues: [String]? { valueType?.allowedValues }

    /// How a shell completes the value; `.none` for a flag.
    var completion: CompletionKind { valueType?.completion ?? .none }

    /// `--rating <rating>` as error messages quote it.
    var display: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// `[--rating <rating>]`, `[--rating <rating> ...]` for usage lines; a required option without the
    /// brackets (`--title <title>`).
    var usage: String {
        let text = isRepeating ? "\(display) ..." : display
        return isRequired ? text : "[\(text)]"
    }

    /// The spellings help and completions offer: `--rating` and `-r`.
    var visibleSpellings: [String] {
        ["--\(name)"] + (short.map { ["-\($0)"] } ?? [])
    }

    /// Every spelling the parser accepts, hidden ones included.
    var allSpellings: [String] { visibleSpellings + hiddenSpellings }

    /// `-r, --rating <rating>` for the help's OPTIONS column.
    var helpLabel: String {
        (short.map { "-\($0), " } ?? "") + display
    }
}

/// The type of an option's or argument's value, erased so specs of any type fit in one list: how to
/// parse one word, and what help, completions and errors say about it.
struct ValueType: Sendable {
    /// The words the value may be; empty for an open-ended value.
    let allValueStrings: [String]
    /// How a shell completes it.
    let completion: CompletionKind
    /// Whether a word is a value beyond doubt (`ExpressibleByArgument.fitsExactly`).
    let fitsExactly: @Sendable (String) -> Bool
    /// The typed value `text` spells, or nil.
    let parse: @Sendable (String) -> (any Sendable)?
    /// What a valid value looks like, made when an error needs it.
    private let describeExpected: @Sendable () -> String
    /// What else it may be besides the words (`ExpressibleByArgument.otherValuesDescription`).
    private let describeOthers: @Sendable () -> String?

    /// The value type of `Value`, completed as `completion` says when the declaration knows better than
    /// the type (a `String` that is a path).
    ///
    /// Every run builds the whole command tree, so this asks the type only for what parsing, help and
    /// completions use, and leaves the error wording until an error is reported.
    init<Value: ExpressibleByArgument>(_: Value.Type, completion: CompletionKind? = nil) {
        allValueStrings = Value.allValueStrings
        self.completion = completion ?? Value.defaultCompletionKind
        fitsExactly = { Value.fitsExactly($0) }
        parse = { Value(argument: $0) }
        describeExpected = { Value.expectedDescription }
        describeOthers = { Value.otherValuesDescription }
    }

    /// What a valid value looks like: `a movie id such as 12`.
    var expected: String { describeExpected() }

    /// What else a valid value may be besides the words: `stars from 0.5 to 5 in halves, such as 3.5`.
    var others: String? { describeOthers() }

    /// The allowed words, or nil when any value of the type's form goes.
    var allowedValues: [String]? { allValueStrings.isEmpty ? nil : allValueStrings }
}
