import Foundation
import Testing

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// The signal that ended the process (then `status` is the signal's number too), or nil.
    public let signal: Int32?

    public init(status: Int32, stdout: String, stderr: String, signal: Int32? = nil) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.signal = signal
    }

    /// True when the process died of a signal, exited with a code above 128 (a shell's way of saying
    /// so), or printed a Swift runtime trap or crash backtrace.
    public var crashed: Bool {
        signal != nil || status > 128 || stderr.contains("Fatal error") || stderr.contains("Program crashed")
            || stderr.contains("Backtrace") || stderr.contains("stack trace")
    }

    public var description: String {
        let ending = signal.map { "signal \($0)" } ?? "exit \(status)"
        return "\(ending)\n--- stdout ---\n\(stdout.prefix(4000))--- stderr ---\n\(stderr.prefix(4000))"
    }
}

/// Runs programs as a user would: real processes, real pipes, the exit status.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding `input` on stdin, and waits for it to exit.
    ///
    /// Blocks the calling thread until the process exits (woken by its exit, not by polling), so it is
    /// for tests with the `.offPool` trait and threads of a test's own; an async test that should not
    /// hold a thread at all awaits `BackgroundProcess.run` instead. Output goes to temporary files rather
    /// than pipes, so a chatty process can never block on a full pipe while this side waits for it.
    public static func run(
        _ executable: String, _ arguments: [String], input: String? = nil,
        environment: [String: String]? = nil, currentDirectory: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        OffPoolExecutor.checkMayBlock("ProcessRunner.run", sourceLocation: sourceLocation)
        let scratch = TemporaryDirectory()
        let stdoutPath = scratch.file("stdout")
        let stderrPath = scratch.file("stderr")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        let stderrHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        if let environment {
            process.environment = SanitizerOptions.passedOn(environment)
        }
        if let currentDirectory {
            process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
        }
        let stdinPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdinPipe
        let exit = ProcessExit(of: process)
        try ProcessStart.withSignalsDeliverable { try process.run() }
        var written: Waitable<Bool>?
        if let input {
            // Write on another thread: a process that exits without reading must not block this one. The
            // thread blocks SIGPIPE, so writing to a process that exited fails with EPIPE instead of
            // killing the test runner (ignoring it process-wide would be inherited by every child).
            let writer = stdinPipe.fileHandleForWriting
            let data = Data(input.utf8)
            let done = Waitable(false)
            written = done
            Thread.detachNewThread {
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                try? writer.write(contentsOf: data)
                try? writer.close()
                done.update { $0 = true }
            }
        }
        guard exit.wait() else {
            process.terminate()
            throw ProcessHang(command: [executable] + arguments)
        }
        _ = written?.wait { $0 }
        let stdout = String(decoding: fileSnapshot(stdoutPath) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: fileSnapshot(stderrPath) ?? Data(), as: UTF8.self)
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return ProcessResult(
            status: process.terminationStatus, stdout: stdout, stderr: stderr, signal: signal)
    }

    /// The path of a program next to the running test bundle (SwiftPM's build folder), e.g. `movies`.
    ///
    /// `MOVIES_BINARY` overrides it, to test an installed or release build.
    public static func builtProduct(_ name: String) -> String {
        if name == "movies", let override = ProcessInfo.processInfo.environment["MOVIES_BINARY"] {
            return override
        }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On macOS the test binary sits inside a .xctest bundle (Contents/MacOS).
        while folder.path.contains(".xctest") {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name).path
    }

    /// The full path of a program on `PATH` (e.g. `sqlite3`), or nil.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A process the tests waited for longer than `HangLimit.standard`: it hung, and was ended.
public struct ProcessHang: Error, CustomStringConvertible {
    public let command: [String]
    public var description: String { "\(command.joined(separator: " ")) did not exit within the hang limit" }
}

/// The exit of a process started with Foundation's `Process`, as an event to wait for.
///
/// Set up before the process starts (it takes the termination handler): `Process.waitUntilExit()` runs
/// the run loop in 50 ms slices until the process is gone, where this is woken by the exit itself.
public final class ProcessExit: Sendable {
    private let exited = Waitable(false)

    public init(of process: Process) {
        process.terminationHandler = { [exited] _ in exited.update { $0 = true } }
    }

    /// Whether it has exited.
    public var hasExited: Bool { exited.current }

    /// Blocks until the process exits; false after the hang limit.
    public func wait(limit: Duration = HangLimit.standard) -> Bool {
        exited.wait(limit: limit) { $0 } != nil
    }

    /// Suspends until the process exits; false after the hang limit or when the task is cancelled.
    public func wait(limit: Duration = HangLimit.standard) async -> Bool {
        await exited.wait(limit: limit) { $0 } != nil
    }
}
