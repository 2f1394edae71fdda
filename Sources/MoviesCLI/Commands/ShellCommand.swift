import Basics
import MoviesCore
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `movies shell`: see docs/COMMANDS.md, written from the declarations below.
struct ShellCommand: Command {
    static let about = CommandAbout(
        name: "shell",
        abstract: "Work on the list interactively, and see changes from anywhere as they happen.",
        discussion: """
            At a terminal: a prompt with line editing and history (when readline or libedit is installed), \
            `add` alone opens a small form, and every change to the list — from this shell, another movies \
            or sqlite3 — is printed as it happens. From a pipe, each line is a command: no prompts, and the \
            exit code is non-zero if any command failed.
            """,
        examples: [
            "movies shell",
            "printf 'add \"A\" --rating good\\nlist\\n' | movies shell",
        ])

    func run(in context: CommandContext) async throws {
        // The shell is the screen: a pager would take it over for each command.
        context.allowsPager = false
        context.isOneShot = false
        let console: any Console
        if context.terminal.isInputInteractive && context.terminal.isOutputInteractive {
            let history = HistoryFile(path: try context.databasePath + "-history")
            if let problem = history.problem {
                context.errors.line("Note: the shell's history is not kept: \(history.path) \(problem).")
            }
            console = InteractiveConsole(output: context.output, history: history)
        } else {
            console = ScriptConsole(output: context.output)
        }
        let session = try ShellSession(context: context, console: console)
        let code = await session.run()
        if code != 0 {
            throw ExitStatus(code: ExitCode(rawValue: code) ?? .failure)
        }
    }
}
