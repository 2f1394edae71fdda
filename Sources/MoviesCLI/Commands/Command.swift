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
    /// Runs the command when this command line never waits (`SynchronousCommand`), and says whether
    /// it did; a command that waits returns false, to run through `run(in:)`.
    ///
    /// A requirement rather than `as? any SynchronousCommand`: that cast looks the conformance up at
    /// run time, scanning every conformance record of the binary (callgrind: 316,000 instructions, 3 %
    /// of a `movies list`, and the pages of those records).
    @MainActor func runIfSynchronous(in context: CommandContext) throws -> Bool
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
    /// A command for programs, not people (`__complete`, which the completion scripts run): it parses
    /// and runs where registered, but help, "did you mean", the completions, docs/COMMANDS.md and the
    /// manual page never list it.
    var isHidden = false
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

    @MainActor func runIfSynchronous(in context: CommandContext) throws -> Bool { false }

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

    /// Builds the command `parsed` asks for and checks its rules, then runs it to its end when this
    /// command line never waits (and returns nil), else returns it, to run in a main-actor task.
    ///
    /// Generic over the command, so the one that runs now is never copied into an existential box.
    @MainActor static func start(_ parsed: ParsedArguments, in context: CommandContext) throws
        -> (any Command)?
    {
        let command = try command(from: parsed)
        return try command.runIfSynchronous(in: context) ? nil : command
    }
}

/// A command that does its work without waiting: nothing in its run suspends (no network, no timer, no
/// change to wait for).
///
/// The `movies` executable runs such a command straight from its synchronous entry point, before Swift
/// concurrency has started: no main task, no executor, no libdispatch main queue. The instructions
/// saved are few (10,000 of a `list`); what it spares is the concurrency runtime's code and data, which
/// the kernel would map for a command that never waits, as long as nothing else on the command's path
/// reaches the runtime (docs/ARCHITECTURE.md, "Synchronous one-shot commands"). The shell and the
/// in-process tests run the same body through `run(in:)`.
protocol SynchronousCommand: Command {
    /// Whether this command line runs without waiting: `list --watch` waits for changes, so
    /// `ListCommand` says false for it and runs it through `run(in:)`.
    var runsSynchronously: Bool { get }
    /// Does what the command line asked, without suspending.
    @MainActor func runSynchronously(in context: CommandContext) throws
}

extension SynchronousCommand {
    var runsSynchronously: Bool { true }

    @MainActor func runIfSynchronous(in context: CommandContext) throws -> Bool {
        guard runsSynchronously else { return false }
        try runSynchronously(in: context)
        return true
    }

    @MainActor func run(in context: CommandContext) async throws {
        try runSynchronously(in: context)
    }
}
