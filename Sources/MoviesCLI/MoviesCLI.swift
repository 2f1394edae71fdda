import Basics
import FoundationEssentials
import Interchange
import MoviesCore
import UserFacing

/// The `movies` command-line front: parses arguments, runs a command, reports errors with exit codes.
///
/// Exit codes (sysexits.h, as docs/ARCHITECTURE.md lists them): 0 success; 64 usage or validation error;
/// 65 bad data in an input file; 66 an input file missing; 74 a change saved but its output lost;
/// 75 the database busy past the timeout; 1 anything else.
public enum MoviesCLI {
    /// The version `movies --version` prints.
    public static let version = "0.1.0"

    /// `--version`, at the root only.
    static let versionFlag = OptionSpec(name: "version", kind: .flag, help: "Show the version.")

    static let rootSpec = CommandSpec(
        name: "movies",
        abstract: "Keep a personal movie list (and a news reading list) in one SQLite file.",
        discussion: """
            The list lives in $MOVIES_DB, else $XDG_DATA_HOME/movies/movies.sqlite, else \
            ~/.local/share/movies/movies.sqlite; --db picks another file. Any SQLite client can read it.
            """,
        options: [versionFlag],
        subcommands: .registry(.movies),
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies list --sort rating",
            "movies rate 1 good",
        ])

    static let globalOptions: [OptionSpec] = [CommonOptions.database, CommonOptions.help]
    static let helpFormatter = HelpFormatter(root: rootSpec, globalOptions: globalOptions)

    /// The tree the `news` program answers with (`movies` invoked through a symlink or copy named
    /// `news`): the news group as a root, so its help and errors say `news list`, not `movies news list`.
    static let newsRootSpec: CommandSpec = {
        var spec = NewsCommand.spec
        spec.options.append(versionFlag)
        return spec
    }()
    static let newsHelpFormatter = HelpFormatter(root: newsRootSpec, globalOptions: globalOptions)

    /// The root of the tree `program` answers with: `news` its own, anything else `movies`.
    ///
    /// Told apart by `NewsCommand.name`, not by the news tree's own name: building that tree reads the
    /// declarations of every news command (callgrind: 220,000 instructions, 2 % of a `movies list`),
    /// which a `movies` command never needs.
    static func root(named program: String) -> CommandSpec {
        program == NewsCommand.name ? newsRootSpec : rootSpec
    }

    /// The help of the tree whose root is called `name` (the first of a command path).
    static func helpFormatter(forRoot name: String?) -> HelpFormatter {
        name == NewsCommand.name ? newsHelpFormatter : helpFormatter
    }

    // MARK: - Running

    /// Starts the tool for a whole command line (program name first): runs it to its end when it needs
    /// no waiting (`Launch.finished`), else returns the command for Swift concurrency to run.
    ///
    /// Invoked as `news` (a symlink or a copy named so), `news list` means `movies news list`.
    @MainActor
    public static func launch(
        commandLine: [String], environment: [String: String] = ProcessEnvironment.current()
    ) -> Launch {
        return launch(
            arguments: Array(commandLine.dropFirst()), environment: environment,
            output: OutputStream.standardOutput(), errors: OutputStream.standardError(),
            terminal: Terminal(environment: environment), program: programName(commandLine.first))
    }

    /// The last component of the path the program was started by (`news` for `~/bin/news`), or
    /// `movies` when there is none.
    ///
    /// Split on the byte `/`, which is what a path's components are separated by, rather than on
    /// characters: a name starting with a combining mark stays whole.
    static func programName(_ path: String?) -> String {
        guard let path else { return rootSpec.name }
        let utf8 = path.utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        let name = String(decoding: utf8[start...], as: UTF8.self)
        return name.isEmpty ? rootSpec.name : name
    }

    /// Runs the command with its output streams and terminal, and returns the exit code.
    ///
    /// The whole tool short of the process: in-process tests call it with streams to files and a
    /// terminal that is not one.
    @MainActor
    static func run(
        arguments: [String], environment: [String: String], output: OutputStream, errors: OutputStream,
        terminal: Terminal, program: String = "movies"
    ) async -> Int32 {
        switch launch(
            arguments: arguments, environment: environment, output: output, errors: errors,
            terminal: terminal,
            program: program)
        {
        case .finished(let code): code
        case .waiting(let command): await command.run()
        }
    }

    /// Parses `arguments` and answers `--version` and `--help`, refuses a bad line, and runs a command
    /// that needs no waiting; a command that waits comes back `.waiting`, ready to run.
    @MainActor
    static func launch(
        arguments: [String], environment: [String: String], output: OutputStream, errors: OutputStream,
        terminal: Terminal, program: String
    ) -> Launch {
        let root = root(named: program)
        let parser = ArgumentParser(root: root, globalOptions: globalOptions)
        let parsed: ParsedArguments
        let handler: any Command.Type
        do {
            switch try parser.parse(arguments) {
            case .version:
                output.line("movies \(version)")
                return .finished(completed(nil, output: output, errors: errors))
            case .help(let path):
                output.write(helpFormatter(forRoot: root.name).fitted(to: terminal.columns).help(for: path))
                return .finished(completed(nil, output: output, errors: errors))
            case .shortUsage(let path):
                errors.write(
                    helpFormatter(forRoot: root.name).fitted(to: terminal.columns).shortUsage(for: path))
                return .finished(ExitCode.usage.rawValue)
            case .run(let arguments):
                guard let command = arguments.command.handler else {
                    output.write(
                        helpFormatter(forRoot: root.name).fitted(to: terminal.columns).help(
                            for: arguments.commandPath))
                    return .finished(completed(nil, output: output, errors: errors))
                }
                (parsed, handler) = (arguments, command)
            }
        } catch {
            return .finished(failed(error, output: output, errors: errors))
        }
        let context = CommandContext(
            environment: environment, output: output, errors: errors, terminal: terminal,
            databasePath: CommonOptions.databasePath(in: parsed), commandPath: parsed.commandPath)
        // `--no-pager`, which the commands that page accept.
        context.allowsPager = !parsed.hasFlag(named: CommonOptions.noPagerName)
        let waiting: (any Command)?
        do {
            waiting = try handler.start(parsed, in: context)
        } catch {
            return .finished(failed(error, in: context))
        }
        guard let waiting else { return .finished(completed(context, output: output, errors: errors)) }
        return .waiting(WaitingCommand(command: waiting, context: context))
    }

    /// The exit code of a command whose run ended by throwing `error`: the error is reported once the
    /// pager is gone, on the terminal; the command's own error comes before the pager's.
    @MainActor
    static func failed(_ error: any Error, in context: CommandContext) -> Int32 {
        context.finishPager()
        context.removeCreatedListIfUnused()
        return failed(error, output: context.output, errors: context.errors)
    }

    /// Reports `error` and returns its exit code. The output failing too is said, but the command's own
    /// error decides the exit code.
    static func failed(_ error: any Error, output: OutputStream, errors: OutputStream) -> Int32 {
        let code = report(error, to: errors)
        if let failure = OutputFailure(output, changeSaved: false) {
            errors.line("Error: \(failure.message)")
        }
        return code
    }

    /// The exit code of a run that ended well, once the pager (if one ran) is gone: output that did not
    /// reach its file (`movies export > file` on a full disk, `>&-`) must not pass for success, nor hide
    /// that the change it reports was saved.
    @MainActor
    static func completed(_ context: CommandContext?, output: OutputStream, errors: OutputStream) -> Int32 {
        if let failure = context?.finishPager() {
            return failed(failure, output: output, errors: errors)
        }
        if let failure = OutputFailure(output, changeSaved: context?.hasSavedChanges ?? false) {
            return report(failure, to: errors)
        }
        if let created = context?.createdList {
            errors.line("Created a new list at \(created)")
        }
        return 0
    }

    /// Prints `error` as `Error: ...` (with the usage line for usage errors) and returns its exit code.
    static func report(_ error: any Error, to errors: OutputStream) -> Int32 {
        let (message, code) = describe(error)
        if let message {
            errors.line("Error: \(message)")
        }
        if let usage = error as? UsageError {
            errors.write(helpFormatter(forRoot: usage.commandPath.first).errorFooter(for: usage.commandPath))
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
