/// The command reference, docs/COMMANDS.md: every command of the command line and of the shell, with
/// its usage line, arguments, options (their values and defaults) and examples, written from the same
/// declarations the parser, `--help` and the completions read, so the document cannot say what the
/// program does not do. `movies help --markdown` prints it; a test fails when the committed file is
/// not what it prints.
struct CommandReference {
    let root: CommandSpec
    let globalOptions: [OptionSpec]

    /// The whole document.
    func markdown() -> String {
        let help = HelpFormatter(root: root, globalOptions: globalOptions)
        var text = """
            # Command reference

            Written by `movies help --markdown` from the commands' own declarations, as `--help`, the \
            error messages and the completion scripts are; do not edit it by hand. A test fails when this \
            file and the program disagree.

            Every command also takes these options:

            \(Self.optionTable(globalOptions))
            """
        text += commands(under: root, path: [root.name], help: help)
        text += """

            ## In `movies shell`

            The shell takes the commands of the command line that make sense inside it, with the same \
            options, and commands of its own. Quoting works as in a shell.

            """
        text += shellScreen(ShellTrees.movies, title: "The movie screen (the prompt `movies>`)")
        text += shellScreen(ShellTrees.news, title: "The news screen (`news`; the prompt `news>`)")
        return text
    }

    /// Every command below `spec`, depth first, each under its full name.
    private func commands(under spec: CommandSpec, path: [String], help: HelpFormatter) -> String {
        var text = ""
        for command in spec.subcommands {
            let commandPath = path + [command.name]
            text += section(command, path: commandPath, usage: help.usage(for: commandPath), level: 2)
            text += commands(under: command, path: commandPath, help: help)
        }
        return text
    }

    /// The shell screen's commands, briefly: name and what it does, and the options of the shell's own.
    private func shellScreen(_ screen: CommandSpec, title: String) -> String {
        let help = HelpFormatter(root: screen, globalOptions: ShellTrees.globalOptions)
        var text = "\n### \(title)\n\n| command | what it does |\n|---|---|\n"
        for command in screen.subcommands {
            let names = ([command.name] + command.aliases).map { "`\($0)`" }.joined(separator: ", ")
            text += "| \(names) | \(Self.cell(command.abstract)) |\n"
        }
        // The command line's commands are described above; the shell's own are described here.
        let onCommandLine = Self.handlers(in: root)
        for command in screen.subcommands {
            guard let handler = command.handler, !onCommandLine.contains(ObjectIdentifier(handler)),
                !command.options.isEmpty || !command.arguments.isEmpty
            else { continue }
            text += section(
                command, path: ["", command.name], usage: help.usage(for: ["", command.name]), level: 4)
        }
        return text
    }

    /// One command: heading, abstract, discussion, usage, arguments, options, subcommands, examples.
    private func section(_ command: CommandSpec, path: [String], usage: String, level: Int) -> String {
        let name = path.filter { !$0.isEmpty }.joined(separator: " ")
        var text = "\n" + String(repeating: "#", count: level) + " `\(name)`\n\n\(command.abstract)\n"
        if let discussion = command.discussion {
            text +=
                "\n"
                + discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.hasPrefix(" ") ? "    " + line.drop { $0 == " " } : String(line)
                }.joined(separator: "\n") + "\n"
        }
        text += "\n```\n\(usage)\n```\n"
        if !command.arguments.isEmpty {
            text += "\n| argument | |\n|---|---|\n"
            for argument in command.arguments {
                var help = argument.help
                if let values = argument.allowedValues {
                    help += " Values: \(values.joined(separator: ", "))."
                }
                text += "| `\(argument.usage)` | \(Self.cell(help)) |\n"
            }
        }
        let options = command.options.filter { !$0.isHidden }
        if !options.isEmpty {
            text += "\n" + Self.optionTable(options)
        }
        if !command.subcommands.isEmpty {
            text += "\n| subcommand | |\n|---|---|\n"
            for subcommand in command.subcommands {
                text += "| `\(subcommand.name)` | \(Self.cell(subcommand.abstract)) |\n"
            }
        }
        if !command.examples.isEmpty {
            text += "\n```sh\n" + command.examples.joined(separator: "\n") + "\n```\n"
        }
        return text
    }

    /// The commands that run below `spec`, by type.
    private static func handlers(in spec: CommandSpec) -> Set<ObjectIdentifier> {
        var found = Set(spec.subcommands.compactMap { $0.handler.map(ObjectIdentifier.init) })
        for subcommand in spec.subcommands { found.formUnion(handlers(in: subcommand)) }
        return found
    }

    /// A table of options with their values and defaults.
    private static func optionTable(_ options: [OptionSpec]) -> String {
        var text = "| option | |\n|---|---|\n"
        for option in options {
            let help = option.helpWithNotes
            text += "| `\(option.helpLabel)` | \(cell(help)) |\n"
        }
        return text
    }

    /// `text` fit for a table cell: one line, pipes escaped.
    private static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacing("|", with: "\\|")
    }
}
