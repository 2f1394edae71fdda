/// The values of one parsed command line, already typed: each option's and argument's text went
/// through its declared type's `init(argument:)` in the parser, so commands read values, not text.
///
/// Look-ups take the declaration itself (`arguments[AddCommand.rating]` is a `Rating?`), so a command
/// cannot ask for a name it did not declare or for a type other than the one parsed.
struct ParsedArguments: Sendable {
    /// The command's names from the root, e.g. `["movies", "add"]`.
    let commandPath: [String]
    /// The command that runs: the last of the path.
    let command: CommandSpec
    /// Option values by long name, in the order given.
    private let options: [String: [any Sendable]]
    /// Positional values by argument name.
    private let positionals: [String: [any Sendable]]
    /// Flags that were given, by long name.
    private let flags: Set<String>

    init(
        commandPath: [String], command: CommandSpec, options: [String: [any Sendable]],
        positionals: [String: [any Sendable]], flags: Set<String>
    ) {
        self.commandPath = commandPath
        self.command = command
        self.options = options
        self.positionals = positionals
        self.flags = flags
    }

    /// The option's value (the last one given), else its declared default, else nil.
    subscript<Value>(option: Option<Value>) -> Value? {
        given(option) ?? option.defaultValue
    }

    /// Every value given for a repeating option, in order; empty when none was.
    func all<Value>(_ option: Option<Value>) -> [Value] {
        options[option.spec.name]?.compactMap { $0 as? Value } ?? []
    }

    /// The option's value when it was given (the last one), ignoring its default: for a caller whose
    /// own setting stands when the option is left out (the shell's sort).
    func given<Value>(_ option: Option<Value>) -> Value? {
        options[option.spec.name]?.last as? Value
    }

    /// True when the flag was given.
    subscript(flag: Flag) -> Bool {
        flags.contains(flag.spec.name)
    }

    /// The positional argument's value, or nil when an optional one was left out.
    subscript<Value>(argument: Argument<Value>) -> Value? {
        positionals[argument.spec.name]?.last as? Value
    }

    /// Every value of a repeating argument, in order.
    func all<Value>(_ argument: Argument<Value>) -> [Value] {
        positionals[argument.spec.name]?.compactMap { $0 as? Value } ?? []
    }

    /// A refusal by one of the command's own rules (`--watch` with `--limit`), as a usage error.
    func validationError(_ message: String) -> UsageError {
        UsageError(.validation(message), commandPath: commandPath)
    }
}
