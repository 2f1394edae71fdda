/// A command of the `movies` tool: its spec (for parsing, help and completions) and what it does.
protocol Command: Sendable {
    /// The command's shape.
    static var spec: CommandSpec { get }
    /// Runs the command with its parsed arguments.
    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws
}
