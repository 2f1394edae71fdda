import Basics
import Foundation
import Interchange
import MoviesCore

/// The `movies` command-line front: parses arguments, runs a command, reports errors with exit codes.
///
/// Exit codes (sysexits.h, as docs/ARCHITECTURE.md lists them): 0 success; 64 usage or validation error;
/// 65 bad data in an input file; 66 an input file missing; 75 the database busy past the timeout;
/// 1 anything else.
public enum MoviesCLI {
    /// The version `movies --version` prints.
    public static let version = "0.1.0"

    /// Every top-level command, in the order help lists them.
    static let commands: [CommandSpec] = [
        AddCommand.entry, ListCommand.entry, SearchCommand.entry, ShowCommand.entry, RateCommand.entry,
        EditCommand.entry, RemoveCommand.entry, ImportCommand.entry, ExportCommand.entry, NewsCommand.spec,
        ShellCommand.entry, BackupCommand.entry, RestoreCommand.entry, MigrateCommand.entry,
        CompletionsCommand.entry, HelpCommand.entry,
    ]

    /// `--version`, at the root only.
    static let versionFlag = Flag("version", help: "Show the version.")

    static let rootSpec = CommandSpec(
        name: "movies",
        abstract: "Keep a personal movie list (and a news reading list) in one SQLite file.",
        discussion: """
            The list lives in $MOVIES_DB, else $XDG_DATA_HOME/movies/movies.sqlite, else \
            ~/.local/share/movies/movies.sqlite; --db picks another file. Any SQLite client can read it.
            """,
        options: [versionFlag.spec],
        subcommands: commands,
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies list --sort rating",
            "movies rate 1 good",
        ])

    static let globalOptions: [OptionSpec] = [
        CommonOptions.database.spec, CommonOptions.help.spec,
    ]
    static let helpFormatter = HelpFormatter(root: rootSpec, globalOptions: globalOptions)

    // MARK: - Running

    /// Runs the tool for a whole command line (program name first) and returns the exit code.
    ///
    /// Invoked as `news` (a symlink or a copy named so), `news list` means `movies news list`.
    @MainActor
    public static func main(
        commandLine: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let program = commandLine.first.map { ($0 as NSString).lastPathComponent } ?? "movies"
        var arguments = Array(commandLine.dropFirst())
        if program == NewsCommand.spec.name {
            arguments.insert(NewsCommand.spec.name, at: 0)
        }
        return await run(arguments: arguments, environment: environment)
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    @MainActor
    public static func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let output = OutputStream.standardOutput()
        let errors = OutputStream.standardError()
        let code = await run(
            arguments: arguments, environment: environment, output: output, errors: errors,
            terminal: Terminal(environment: environment))
        output.flush()
        // Output that did not reach its file (`movies export > file` on a full disk, past a file-size
        // limit) must not pass for success. A closed pipe (`| head`) is the reader's choice: not an error.
        if let failure = output.writeError, failure != EPIPE {
            errors.line("Error: Cannot write the output: \(String(cString: strerror(failure)))")
            return code == 0 ? ExitCode.failure.rawValue : code
        }
        return code
    }

    /// Runs the command with its output streams and terminal, and returns the exit code.
    ///
    /// The whole tool short of the process: in-process tests call it with streams to files and a
    /// terminal that is not one.
    @MainActor
    static func run(
        arguments: [String], environment: [String: String], output: OutputStream, errors: OutputStream,
        terminal: Terminal
    ) async -> Int32 {
        let parser = ArgumentParser(root: rootSpec, globalOptions: globalOptions)
        do {
            switch try parser.parse(arguments) {
            case .version:
                output.line("movies \(version)")
                return 0
            case .help(let path):
                output.write(helpFormatter.help(for: path))
                return 0
            case .run(let parsed):
                guard let command = parsed.command.handler else {
                    output.write(helpFormatter.help(for: parsed.commandPath))
                    return 0
                }
                let context = CommandContext(
                    environment: environment, output: output, errors: errors, terminal: terminal,
                    databasePath: parsed[CommonOptions.database])
                // `--no-pager`, which the commands that page accept.
                context.allowsPager = !parsed[Pager.disableFlag]
                // An error is reported once the pager is gone, on the terminal.
                defer { context.finishPager() }
                try await command.run(parsed, in: context)
                return 0
            }
        } catch {
            output.flush()
            return report(error, to: errors)
        }
    }

    /// Prints `error` as `Error: ...` (with the usage line for usage errors) and returns its exit code.
    static func report(_ error: any Error, to errors: OutputStream) -> Int32 {
        let (message, code) = describe(error)
        if let message {
            errors.line("Error: \(message)")
        }
        if let usage = error as? UsageError {
            errors.write(helpFormatter.errorFooter(for: usage.commandPath))
        }
        return code.rawValue
    }

    /// The message and exit code for any error a command can throw.
    ///
    /// Messages quote what they refuse (an argument, a line of a file, a feed's words), so their control
    /// characters are made visible: an error must not recolour or rewrite the user's terminal either.
    static func describe(_ error: any Error) -> (message: String?, code: ExitCode) {
        if let status = error as? ExitStatus {
            return (nil, status.code)
        }
        let code = (error as? any UserFacingError)?.exitCode ?? .failure
        return (TerminalText.sanitizedKeepingLines(userFacingMessage(for: error)), code)
    }
}
