/// A command of the `movies` tool: its spec (for parsing, help and completions) and what it does.
///
/// Commands run on the main actor, where the view models they drive live.
protocol Command: Sendable {
    /// The command's shape.
    static var spec: CommandSpec { get }
    /// Runs the command with its parsed arguments.
    @MainActor static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws
}

extension Command {
    /// The spec as a command tree holds it: with this command as its handler, so the parser's result
    /// says what to run without a look-up by name.
    static var entry: CommandSpec {
        var spec = spec
        spec.handler = self
        return spec
    }
}
