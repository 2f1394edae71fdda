/// `movies help [<command> ...]`
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [
            ArgumentSpec(
                name: "command", help: "The command to explain.", isOptional: true, isRepeating: true)
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let path = [MoviesCLI.rootSpec.name] + arguments.strings("command")
        let formatter = MoviesCLI.helpFormatter
        // Refuse an unknown name rather than silently showing the parent's help.
        var spec = MoviesCLI.rootSpec
        for name in path.dropFirst() {
            guard let next = spec.subcommand(named: name) else {
                let suggestion = Suggestion.closest(to: name, among: spec.subcommands.map(\.name))
                throw UsageError(
                    message: "Unknown command '\(name)'"
                        + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""),
                    commandPath: [MoviesCLI.rootSpec.name, "help"])
            }
            spec = next
        }
        context.output.write(formatter.help(for: path))
    }
}
