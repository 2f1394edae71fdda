import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a command line goes on once `MoviesCLI.launch` has parsed it.
public enum Launch: Sendable {
    /// Done (answered, refused, or run to its end): the process exits with this code.
    case finished(Int32)
    /// A command that waits (for the network, for changes, for the user): it runs inside Swift
    /// concurrency, on the main actor.
    case waiting(WaitingCommand)
}

/// A parsed command that suspends while it runs (`news refresh`, `list --watch`, `shell`), with the
/// context it runs in.
@MainActor
public final class WaitingCommand: Sendable {
    /// Taken by `run`, so the context (and the database connection it opened) is released when the
    /// run ends, before the process exits: closing the last connection checkpoints the write-ahead
    /// log into the file and removes it (https://sqlite.org/wal.html#the_wal_file), as a one-shot
    /// command leaves it.
    private var pending: (command: any Command, context: CommandContext)?

    init(command: any Command, context: CommandContext) {
        pending = (command, context)
    }

    /// Runs the command in a main-actor task, and the main thread serves the main queue until the task
    /// exits the process with the command's exit code, as an async `main` would.
    ///
    /// Here rather than in the executable's `main`, so that a command which never waits does not even
    /// reach code that builds a task.
    public func runInMainTask() -> Never {
        Task { @MainActor in exit(await run()) }
        dispatchMain()
    }

    /// Runs the command and returns the exit code. A second call does nothing and returns 0.
    public func run() async -> Int32 {
        guard let (command, context) = pending.take() else { return 0 }
        do {
            try await command.run(in: context)
        } catch {
            return MoviesCLI.failed(error, in: context)
        }
        return MoviesCLI.completed(context, output: context.output, errors: context.errors)
    }
}
