/// A command of the `movies` tool: its spec (for parsing, help and completions) and what it does.
///
/// Commands run on the main actor, where the view models they drive live.
protocol Command: Sendable {
    /// The command's shape.
    static var spec: CommandSpec { get }
    /// Runs the command with its parsed arguments.
    @MainActor static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws
}
