/// `movies help`, and `help` in every group (`movies news help list`).
///
/// The words name a command below the group `help` was given in, so `news help list` and
/// `movies news help list` explain the same command, each in the words of the program that was run.
struct HelpCommand: SynchronousCommand {
    static let about = CommandAbout(name: "help", abstract: "Show help for a command.")

    @Argument("command", help: "The command to explain.", completion: .commandName)
    var names: [String] = []
    @Flag(
        "markdown",
        help: "Print the reference of every command as Markdown instead (what docs/COMMANDS.md holds).")
    var markdown: Bool
    @Flag(
        "man",
        help:
            "Print the manual page of every command instead (troff: what Scripts/install.sh installs as movies.1)."
    )
    var man: Bool

    func validate() throws(CommandLineRule) {
        guard !(markdown && man) else { throw CommandLineRule("Give --markdown or --man, not both") }
    }

    func runSynchronously(in context: CommandContext) throws {
        if man {
            context.output.write(
                ManualPage(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions).troff())
            return
        }
        if markdown {
            context.output.write(
                CommandReference(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions).markdown())
            return
        }
        let group = Array(context.commandPath.dropLast())
        let root = MoviesCLI.root(named: group.first ?? MoviesCLI.rootSpec.name)
        var spec = root
        for name in group.dropFirst() {
            guard let next = spec.subcommand(named: name) else { break }
            spec = next
        }
        // Refuse an unknown name rather than silently showing the parent's help.
        for name in names {
            guard let next = spec.subcommand(named: name) else {
                let suggestion = Suggestion.closest(to: name, among: spec.subcommands.map(\.name))
                throw UsageError(
                    .unknownCommand(name, suggestion: suggestion), commandPath: context.commandPath)
            }
            spec = next
        }
        let path = group + names
        context.output.write(
            MoviesCLI.helpFormatter(forRoot: root.name).fitted(to: context.terminal.columns).help(for: path))
    }
}
