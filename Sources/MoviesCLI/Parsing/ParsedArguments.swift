/// The values of one parsed command line, already typed: each option's and argument's text went
/// through its declared type's `init(argument:)` in the parser, so commands read values, not text.
///
/// A command never reads this itself: its properties (`@Option`, `@Flag`, `@Argument`) take their values
/// from it when the command is built (`DeclarationSession.read`), each by the name it declared.
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

    /// Every value given for the option called `name`, in order.
    func optionValues(named name: String) -> [any Sendable] {
        options[name] ?? []
    }

    /// Every word given for the positional argument called `name`, typed, in order.
    func argumentValues(named name: String) -> [any Sendable] {
        positionals[name] ?? []
    }

    /// Whether the flag called `name` was given.
    func hasFlag(named name: String) -> Bool {
        flags.contains(name)
    }
}
