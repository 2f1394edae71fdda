/// Help and usage text in the layout swift-argument-parser users know: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS, each option's allowed values and default in parentheses.
struct HelpFormatter {
    /// Width help text is wrapped to, at most: a terminal narrower than this gets its own width.
    static let width = 80

    let root: CommandSpec
    let globalOptions: [OptionSpec]
    /// Width help text is wrapped to: `width`, or a narrower terminal's (`fitted(to:)`).
    private(set) var width = Self.width

    init(root: CommandSpec, globalOptions: [OptionSpec]) {
        self.root = root
        self.globalOptions = globalOptions
    }

    /// This formatter for a terminal `columns` wide (nil: not a terminal, the usual 80), so that no
    /// help line is wider than the terminal that shows it.
    func fitted(to columns: Int?) -> HelpFormatter {
        var formatter = self
        formatter.width = min(Self.width, max(24, columns ?? Self.width))
        return formatter
    }

    /// Where the description column starts; on a narrow terminal descriptions go under their labels.
    var labelColumn: Int { width >= 64 ? 26 : 4 }

    /// The command specs along `path` (names from the root); unknown names stop the walk.
    func specs(along path: [String]) -> [CommandSpec] {
        var specs = [root]
        for name in path.dropFirst() {
            guard let next = specs[specs.count - 1].subcommand(named: name) else { break }
            specs.append(next)
        }
        return specs
    }

    /// `movies add <title> [--rating <rating>] ...`
    func usage(for path: [String]) -> String {
        let specs = specs(along: path)
        let command = specs[specs.count - 1]
        var parts = specs.map(\.name).filter { !$0.isEmpty }
        if specs.count == 1,
            globalOptions.contains(where: { $0.name == CommonOptions.database.name })
        {
            parts.append("[--db <path>]")
        }
        parts += command.arguments.map(\.usage)
        parts += command.options.filter { !$0.isHidden }.map(\.usage)
        if !command.subcommands.isEmpty && command.arguments.isEmpty {
            // A group that runs on its own (`diary`) takes a subcommand or none.
            parts.append(command.handler == nil ? "<subcommand>" : "[<subcommand>]")
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text of the command at `path`.
    func help(for path: [String]) -> String {
        let specs = specs(along: path)
        let command = specs[specs.count - 1]
        let commandName = specs.map(\.name).filter { !$0.isEmpty }.joined(separator: " ")
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if let discussion = command.discussion {
            text += wrap(discussion, indent: 0) + "\n\n"
        }
        // The usage line is whole at the usual width (scripts and docs quote it); a narrower terminal
        // gets it wrapped, continuing under its first word.
        let usageLine = usage(for: path)
        text += "USAGE: " + (width < Self.width ? wrap(usageLine, indent: 7) : usageLine) + "\n\n"

        if !command.arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in command.arguments {
                var help = argument.help
                if let values = argument.allowedValues {
                    help += " (values: \(values.joined(separator: ", ")))"
                }
                text += row(label: "<\(argument.name)>", help: help)
            }
            text += "\n"
        }

        text += "OPTIONS:\n"
        let options = command.options.filter { !$0.isHidden } + globalOptions
        for option in options {
            var notes: [String] = []
            if let values = option.allowedValues {
                notes.append("values: \(values.joined(separator: ", "))")
            }
            if let value = option.defaultValue {
                notes.append("default: \(value)")
            }
            let help = option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
            text += row(label: option.helpLabel, help: help)
        }

        if !command.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in command.subcommands {
                text += row(label: subcommand.name, help: subcommand.abstract)
            }
            let helpCommand = commandName.isEmpty ? "help" : "\(commandName) help"
            text += "\n  See '\(helpCommand) <subcommand>' for detailed help.\n"
        }

        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in command.examples {
                text += "  \(asTyped(example, command: command.name))\n"
            }
        }
        return text
    }

    /// An example as it is typed here: whole on the command line; in the shell, whose screens' trees have
    /// no name (`ShellTrees`), without the program's name and the group the screen is (`movies news
    /// list --unread` is `list --unread` on the news screen, `movies add Heat` is `add Heat`).
    func asTyped(_ example: String, command: String) -> String {
        guard root.name.isEmpty, example.hasPrefix("movies ") else { return example }
        let words = example.dropFirst("movies ".count).split(separator: " ", maxSplits: 2)
        if words.count >= 2, words[0] != command, words[1] == command,
            let group = words.first
        {
            return String(example.dropFirst("movies ".count + group.count + 1))
        }
        return String(example.dropFirst("movies ".count))
    }

    /// `Usage: ...` and the pointer to `--help`, printed after a usage error.
    func errorFooter(for path: [String]) -> String {
        let commandName = specs(along: path).map(\.name).filter { !$0.isEmpty }.joined(separator: " ")
        guard !commandName.isEmpty else {
            return "Usage: \(usage(for: path))\n  See 'help' for the commands.\n"
        }
        return "Usage: \(usage(for: path))\n  See '\(commandName) --help' for more information.\n"
    }

    /// What a group given no command prints on stderr (`movies` alone; exit 64, as git and ripgrep
    /// do): its usage line, its commands' names, and where its help is.
    func shortUsage(for path: [String]) -> String {
        let names = specs(along: path).last?.subcommands.map(\.name) ?? []
        let commandName = specs(along: path).map(\.name).filter { !$0.isEmpty }.joined(separator: " ")
        return "Usage: \(usage(for: path))\n"
            + "  Commands: \(wrap(names.joined(separator: ", "), indent: 12))\n"
            + "  See '\(commandName) --help' for more information.\n"
    }

    // MARK: - Layout

    /// `  label   help...`, the help wrapped in its column, starting on the next line if the label is long.
    func row(label: String, help: String) -> String {
        let indent = String(repeating: " ", count: labelColumn)
        let wrapped = wrap(help, indent: labelColumn)
        let labelText = "  " + label
        if labelText.count + 2 > labelColumn {
            return labelText + "\n" + indent + wrapped + "\n"
        }
        return labelText + String(repeating: " ", count: labelColumn - labelText.count) + wrapped + "\n"
    }

    /// Wraps `text` at `width`, continuing lines at `indent` columns; existing line breaks are kept.
    func wrap(_ text: String, indent: Int) -> String {
        let room = max(12, width - indent)
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Indented lines (examples, transcripts) are kept exactly as written.
            if paragraph.hasPrefix(" ") {
                lines.append(String(paragraph))
                continue
            }
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > room {
                    lines.append(line)
                    line = String(word)
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n" + pad)
    }
}
