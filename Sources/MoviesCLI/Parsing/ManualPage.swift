/// The manual page, `movies.1`: every command of the command line with its usage line, arguments,
/// options and examples, in man(7)'s macros, written from the same declarations `--help`,
/// docs/COMMANDS.md and the completions read. `movies help --man` prints it; `Scripts/install.sh`
/// installs it under `$PREFIX/share/man/man1`, so `man movies` works (and `man news`, a page that
/// sources this one). https://man7.org/linux/man-pages/man7/man.7.html
struct ManualPage {
    let root: CommandSpec
    let globalOptions: [OptionSpec]

    /// The whole page.
    func troff() -> String {
        let help = HelpFormatter(root: root, globalOptions: globalOptions)
        var page = """
            .TH MOVIES 1 "" "movies" "User Commands"
            .SH NAME
            movies, news \\- \(Self.escaped(root.abstract))
            .SH SYNOPSIS
            .B movies
            .RI [ options ] " command " [ arguments ]
            .br
            .B news
            .RI [ options ] " command " [ arguments ]
            .SH DESCRIPTION

            """
        page += Self.paragraphs(root.discussion ?? "")
        page += """
            .PP
            \\fBnews\\fR, a link to \\fBmovies\\fR, is \\fBmovies news\\fR: \\fBnews list\\fR is \
            \\fBmovies news list\\fR.
            .SH OPTIONS
            Every command takes these options:

            """
        page += Self.options(globalOptions)
        page += ".SH COMMANDS\n"
        page += commands(under: root, path: [root.name], help: help)
        page += """
            .SH ENVIRONMENT
            .TP
            .B MOVIES_DB
            The database file, unless \\fB\\-\\-db\\fR names another.
            .SH FILES
            .TP
            .I ~/.local/share/movies/movies.sqlite
            The database when neither \\fB\\-\\-db\\fR nor \\fBMOVIES_DB\\fR names one (under \
            \\fB$XDG_DATA_HOME\\fR when it is set).
            .SH SEE ALSO
            .BR sqlite3 (1)

            """
        return page
    }

    /// Every command below `spec`, depth first, each under its full name.
    private func commands(under spec: CommandSpec, path: [String], help: HelpFormatter) -> String {
        var text = ""
        for command in spec.subcommands {
            let commandPath = path + [command.name]
            text += section(command, path: commandPath, usage: help.usage(for: commandPath))
            text += commands(under: command, path: commandPath, help: help)
        }
        return text
    }

    /// One command: its name, abstract, discussion, usage, arguments, options and examples.
    private func section(_ command: CommandSpec, path: [String], usage: String) -> String {
        var text = ".SS \"\(Self.escaped(path.joined(separator: " ")))\"\n"
        text += Self.lineStart(Self.escaped(command.abstract)) + "\n"
        if let discussion = command.discussion {
            text += ".PP\n" + Self.paragraphs(discussion)
        }
        text += ".PP\n.nf\n" + Self.lines(usage) + ".fi\n"
        if !command.arguments.isEmpty {
            for argument in command.arguments {
                var help = argument.help
                if let values = argument.allowedValues {
                    help += " Values: \(values.joined(separator: ", "))."
                }
                text +=
                    ".TP\n\\fI\(Self.escaped(argument.usage))\\fR\n\(Self.lineStart(Self.escaped(help)))\n"
            }
        }
        text += Self.options(command.options.filter { !$0.isHidden })
        if !command.examples.isEmpty {
            text += ".PP\nExamples:\n.PP\n.RS\n.nf\n" + Self.lines(command.examples.joined(separator: "\n"))
            text += ".fi\n.RE\n"
        }
        return text
    }

    /// Options as tagged paragraphs, with their values and defaults.
    private static func options(_ options: [OptionSpec]) -> String {
        var text = ""
        for option in options {
            let help = option.helpWithNotes
            text += ".TP\n\\fB\(escaped(option.helpLabel))\\fR\n\(lineStart(escaped(help)))\n"
        }
        return text
    }

    /// A discussion: its lines as running text, a blank line a new paragraph, and indented lines (the
    /// commands it shows) kept as they are.
    private static func paragraphs(_ text: String) -> String {
        var output = ""
        var inDisplay = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.hasPrefix(" ")
            if indented != inDisplay {
                output += indented ? ".RS\n.nf\n" : ".fi\n.RE\n"
                inDisplay = indented
            }
            if line.allSatisfy({ $0 == " " }) {
                if !inDisplay { output += ".PP\n" }
                continue
            }
            output += lineStart(escaped(indented ? String(line.drop { $0 == " " }) : String(line))) + "\n"
        }
        if inDisplay { output += ".fi\n.RE\n" }
        return output
    }

    /// Lines to keep as they are (inside `.nf`), each escaped.
    private static func lines(_ text: String) -> String {
        text.split(separator: "\n").map { lineStart(escaped(String($0))) + "\n" }.joined()
    }

    /// `text` as troff reads it literally: a backslash is `\e`, a hyphen the minus sign `\-` (so that
    /// an option copied from the page is typed as it should be).
    static func escaped(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\\": output += "\\e"
            case "-": output += "\\-"
            default: output.append(character)
            }
        }
        return output
    }

    /// A line that would begin with a control character (`.` or `'`) starts with the empty `\&`.
    private static func lineStart(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
