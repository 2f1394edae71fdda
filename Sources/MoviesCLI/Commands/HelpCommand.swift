/// `movies help [<command> ...]`
enum HelpCommand: Command {
    static let names = Argument<String>(
        "command", help: "The command to explain.", isOptional: true, isRepeating: true)

    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [names.spec])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let path = [MoviesCLI.rootSpec.name] + arguments.all(names)
        // Refuse an unknown name rather than silently showing the parent's help.
        var spec = MoviesCLI.rootSpec
        for name in path.dropFirst() {
            guard let next = spec.subcommand(named: name) else {
                let suggestion = Suggestion.closest(to: name, among: spec.subcommands.map(\.name))
                throw UsageError(
                    .unknownCommand(name, suggestion: suggestion),
                    commandPath: [MoviesCLI.rootSpec.name, "help"])
            }
            spec = next
        }
        context.output.write(MoviesCLI.helpFormatter.help(for: path))
    }
}
