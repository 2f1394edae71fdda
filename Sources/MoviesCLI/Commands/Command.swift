/// A command of `movies`: what it is called and says about itself, the arguments it takes (each declared
/// once, as a property: `@Argument`, `@Option`, `@Flag`), and what it does.
///
/// The parser, help, usage lines, errors, completions and docs/COMMANDS.md all read the spec collected
/// from the declarations (`spec`); a run builds the command with its properties set from the parsed line
/// (`DeclarationSession.read`), checks the rules the parser cannot see (`validate`), and runs it on the
/// main actor, where the view models it drives live.
protocol Command: Sendable {
    /// The command's name and help text.
    static var about: CommandAbout { get }
    /// Builds the command; its properties declare (or, while reading, take) their values.
    init()
    /// Refuses a combination of values the parser cannot (`--seen` with `--watchlist`), before anything
    /// runs; the refusal is a usage error with the command's usage line.
    func validate() throws(CommandLineRule)
    /// Does what the command line asked.
    @MainActor func run(in context: CommandContext) async throws
    /// Commands under this one (`diary edit`, `diary rm`): a word naming one descends into it, any
    /// other line runs this command.
    static var subcommands: [any Command.Type] { get }
}

/// What a command says about itself, besides its arguments.
struct CommandAbout: Sendable {
    var name: String
    /// One line for OVERVIEW and the parent's SUBCOMMANDS list.
    var abstract: String
    /// More paragraphs for `--help`, after the overview.
    var discussion: String?
    /// Other names the command answers to (`rm` for `remove`).
    var aliases: [String] = []
    /// Example invocations shown in `--help` and docs/COMMANDS.md.
    var examples: [String] = []
}

/// A rule of a command's own that a command line breaks (`--watch` with `--limit`), in the command's words.
struct CommandLineRule: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension Command {
    func validate() throws(CommandLineRule) {}

    static var subcommands: [any Command.Type] { [] }

    /// The command's shape, collected from its declarations, with itself as the handler.
    static var spec: CommandSpec {
        let declared = DeclarationSession.record(Self.self)
        return CommandSpec(
            name: about.name, abstract: about.abstract, discussion: about.discussion,
            arguments: declared.arguments, options: declared.options,
            subcommands: .built(subcommands.map { $0.spec }),
            aliases: about.aliases, examples: about.examples, handler: Self.self)
    }

    /// The command `parsed` (made from its own spec) asks for, its rules checked.
    static func command(from parsed: ParsedArguments) throws(UsageError) -> Self {
        let command = DeclarationSession.read(Self.self, from: parsed)
        do {
            try command.validate()
        } catch {
            throw UsageError(.validation(error.message), commandPath: parsed.commandPath)
        }
        return command
    }

    /// Builds the command from `parsed`, checks its rules, and runs it.
    @MainActor static func run(_ parsed: ParsedArguments, in context: CommandContext) async throws {
        try await command(from: parsed).run(in: context)
    }
}
