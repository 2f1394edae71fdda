import Basics
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The program that shows long output a screen at a time, as git runs it.
///
/// At a terminal, what a listing command prints goes through `$MOVIES_PAGER`, else `$PAGER`, else
/// `less -FRX` (`-F` leaves at once when the output fits one screen, `-R` shows colour, `-X` leaves it
/// on the screen); an empty value or `cat` means no pager, and so do `--no-pager`, output that is not a
/// terminal, and `TERM=dumb` (a terminal that cannot move the cursor, where less only warns). A pager that
/// fails (exit status not 0) makes the command fail, saying so. The pager reads a pipe that becomes standard output (and standard error, when that
/// is the same terminal, so that a hint printed after the output stays after it), and is started
/// without a shell unless its command needs one. Quitting it early is a person's choice, not an
/// error: the rest of the output is dropped (EPIPE, with SIGPIPE ignored meanwhile) and the command
/// exits as it would have.
final class Pager {
    /// The pager's command line for `environment`, or nil for none.
    static func command(environment: [String: String]) -> String? {
        let command = environment["MOVIES_PAGER"] ?? environment["PAGER"] ?? "less -FRX"
        let trimmed = command.trimmingWhitespace()
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// The words to start `command` with: its own words when it is plain words (`less -FRX`), else
    /// `/bin/sh -c command` for the quotes, variables, pipes or redirections a shell must read.
    static func argumentVector(for command: String) -> [String] {
        let shellSyntax = Set("|&;<>()$`\\\"'*?[]#~=%{}!\n")
        if command.contains(where: { shellSyntax.contains($0) }) {
            return ["/bin/sh", "-c", command]
        }
        return command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// The command it runs, for a message when it fails.
    private let command: String
    private let processID: pid_t
    /// Where standard output and error pointed before (the terminal), to put back in `finish`.
    private let savedOutput: Int32
    private let savedErrors: Int32?
    /// What SIGPIPE and SIGINT did before (their defaults), to put back in `finish`.
    private let savedPipeHandler: sighandler_t?
    private let savedInterruptHandler: sighandler_t?

    /// Starts `command` reading a pipe that becomes standard output (and standard error when
    /// `includingErrors`); nil when it cannot be started, and the output then goes to the terminal.
    static func start(command: String, environment: [String: String], includingErrors: Bool) -> Pager? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Neither end may leak into the pager (it would never see the end of its input) or elsewhere.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        guard let processID = spawn(argumentVector(for: command), input: readEnd, environment: environment)
        else {
            close(readEnd)
            close(writeEnd)
            return nil
        }
        close(readEnd)
        let savedOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        dup2(writeEnd, STDOUT_FILENO)
        var savedErrors: Int32?
        if includingErrors {
            savedErrors = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
            dup2(writeEnd, STDERR_FILENO)
        }
        close(writeEnd)
        return Pager(
            command: command, processID: processID, savedOutput: savedOutput, savedErrors: savedErrors)
    }

    private init(command: String, processID: pid_t, savedOutput: Int32, savedErrors: Int32?) {
        self.command = command
        self.processID = processID
        self.savedOutput = savedOutput
        self.savedErrors = savedErrors
        // Once the pager is gone, a write fails with EPIPE (which the output stream takes as the
        // reader's choice) instead of killing the process. Ctrl-C is for the pager (less stops a
        // search with it): killed by it, this process would leave the pager fighting the shell for
        // the terminal.
        savedPipeHandler = signal(SIGPIPE, SIG_IGN)
        savedInterruptHandler = signal(SIGINT, SIG_IGN)
    }

    /// Ends paging: standard output and error point at the terminal again, which closes the pipe, so
    /// the pager reads the end of the output; then waits until the person leaves it. The caller
    /// flushes what it buffered first.
    ///
    /// Returns the failure when the pager did not end well (`PAGER=false`, a command `sh` cannot read,
    /// one that is not there): then the output it was given may never have been shown, and the command
    /// must not pass for having shown it.
    func finish() -> PagerFailure? {
        if savedOutput >= 0 {
            dup2(savedOutput, STDOUT_FILENO)
            close(savedOutput)
        }
        if let savedErrors, savedErrors >= 0 {
            dup2(savedErrors, STDERR_FILENO)
            close(savedErrors)
        }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        signal(SIGPIPE, savedPipeHandler)
        signal(SIGINT, savedInterruptHandler)
        // WIFEXITED and WEXITSTATUS, which are macros C does not export.
        let signalled = status & 0x7F
        let exitStatus = (status >> 8) & 0xFF
        if signalled == 0 && exitStatus == 0 { return nil }
        return PagerFailure(
            command: command, exitStatus: signalled == 0 ? exitStatus : nil, signal: signalled)
    }

    /// Starts `arguments` (the program looked up on `PATH`) with `input` as its standard input and
    /// `environment` as its environment, plus git's `LESS=FRX` and `LV=-c` unless set; nil on failure.
    private static func spawn(_ arguments: [String], input: Int32, environment: [String: String]) -> pid_t? {
        guard let program = arguments.first else { return nil }
        var environment = environment
        environment["LESS"] = environment["LESS"] ?? "FRX"
        environment["LV"] = environment["LV"] ?? "-c"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp {
                free(pointer)
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        var processID: pid_t = 0
        let result = SpawnAttributes.withDefaultPipeSignal {
            posix_spawnp(&processID, program, &actions, $0, argv, envp)
        }
        return result == 0 ? processID : nil
    }
}

/// The pager ended with an error, so the output it was given may not have been shown.
struct PagerFailure: Error, UserFacingError {
    /// The pager's command line.
    let command: String
    /// Its exit status, or nil when a signal ended it.
    let exitStatus: Int32?
    /// The signal that ended it, when one did.
    let signal: Int32

    var message: String {
        let how = exitStatus.map { "failed with exit status \($0)" } ?? "was ended by signal \(signal)"
        return "The pager (\(command)) \(how), so the output may not have been shown; set MOVIES_PAGER or "
            + "PAGER to a pager that works (or to cat), or run the command with --no-pager"
    }

    var exitCode: ExitCode { .failure }
}
