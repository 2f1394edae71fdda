import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How large the long scenarios run (the reliability scenarios, the large-list search, streaming and
/// round trip): the counts CI runs by default (the long ones only with `MOVIES_SLOW_TESTS=1`, as CI sets
/// it), the counts docs/RELIABILITY.md reports with `MOVIES_FULL_RELIABILITY=1`.
public enum ReliabilityScale {
    /// `MOVIES_SLOW_TESTS=1`: the long scenarios run at all.
    public static let isSlowEnabled = ProcessInfo.processInfo.environment["MOVIES_SLOW_TESTS"] == "1"
    /// `MOVIES_FULL_RELIABILITY=1`: the full counts.
    public static let isFull = ProcessInfo.processInfo.environment["MOVIES_FULL_RELIABILITY"] == "1"

    /// `full` under `MOVIES_FULL_RELIABILITY=1`, else `ci`.
    public static func count(ci: Int, full: Int) -> Int {
        isFull ? full : ci
    }

    /// A line on stderr with a scenario's measured figures, so a run's log shows them.
    public static func report(_ text: String) {
        FileHandle.standardError.write(Data("[reliability] \(text)\n".utf8))
    }
}

/// A program running in the background: started, written to, signalled (Ctrl-C, `kill -9`) and waited
/// for by a test.
///
/// Its standard output and error are pipes drained by threads of their own (`OutputCollector`), so a test
/// waits for a line to appear, and its exit is an event (`ProcessExit`): no wait here polls.
public final class BackgroundProcess: @unchecked Sendable {
    private let process: Process
    private let input: FileHandle?
    private let exit: ProcessExit
    private let stdout: OutputCollector
    private let stderr: OutputCollector

    /// Starts `executable`; with `acceptsInput`, `write(_:)` feeds its standard input.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        acceptsInput: Bool = false, currentDirectory: String? = nil
    ) throws {
        let process = Process()
        self.process = process
        let outputPipe = try ChildPipe()
        let errorPipe = try ChildPipe()
        let inputPipe = acceptsInput ? try ChildPipe() : nil
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: outputPipe.writingEnd, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: errorPipe.writingEnd, closeOnDealloc: false)
        process.standardInput =
            inputPipe.map { FileHandle(fileDescriptor: $0.readingEnd, closeOnDealloc: false) }
            ?? FileHandle.nullDevice
        if let environment { process.environment = SanitizerOptions.passedOn(environment) }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        exit = ProcessExit(of: process)
        defer {
            // This side keeps only its own ends: the program's output ends when it (and anything it
            // started) has closed it, and its input when this side closes it.
            close(outputPipe.writingEnd)
            close(errorPipe.writingEnd)
            if let inputPipe { close(inputPipe.readingEnd) }
        }
        do {
            try ProcessStart.withSignalsDeliverable { try process.run() }
        } catch {
            close(outputPipe.readingEnd)
            close(errorPipe.readingEnd)
            if let inputPipe { close(inputPipe.writingEnd) }
            throw error
        }
        input = inputPipe.map { FileHandle(fileDescriptor: $0.writingEnd, closeOnDealloc: true) }
        stdout = OutputCollector(reading: outputPipe.readingEnd, closingWhenDone: true)
        stderr = OutputCollector(reading: errorPipe.readingEnd, closingWhenDone: true)
    }

    deinit {
        if !exit.hasExited {
            kill(process.processIdentifier, SIGKILL)
            _ = exit.wait()
        }
        try? input?.close()
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether it is still running.
    public var isRunning: Bool { !exit.hasExited }

    /// Writes `text` to its standard input; nothing happens once the program has stopped reading.
    ///
    /// The write runs on a thread of its own with SIGPIPE blocked, so a program that exits early makes
    /// it fail with EPIPE instead of killing the test runner; ignoring SIGPIPE process-wide instead
    /// would be inherited by every program the tests start.
    public func write(_ text: String) {
        guard let handle = input else { return }
        let data = Data(text.utf8)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            try? handle.write(contentsOf: data)
            done.signal()
        }
        thread.start()
        done.wait()
    }

    /// Closes its standard input (end of file for the program).
    public func closeInput() {
        try? input?.close()
    }

    /// Sends `signal` (SIGINT is Ctrl-C, SIGKILL is `kill -9`).
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Blocks until it ends, and returns what it printed and how it ended (for tests with `.offPool`).
    @discardableResult
    public func wait(sourceLocation: SourceLocation = #_sourceLocation) -> ProcessResult {
        OffPoolExecutor.checkMayBlock("BackgroundProcess.wait()", sourceLocation: sourceLocation)
        if !exit.wait() { hung() }
        _ = stdout.wait { _ in false }
        _ = stderr.wait { _ in false }
        return result
    }

    /// Waits for it to end without holding a thread, and returns what it printed and how it ended.
    @discardableResult
    public func finished() async -> ProcessResult {
        if await !exit.wait() { hung() }
        _ = await stdout.wait { _ in false }
        _ = await stderr.wait { _ in false }
        return result
    }

    /// Waits for it to exit without holding a thread; false after the hang limit or when the task is
    /// cancelled (it may still run then).
    public func exited() async -> Bool {
        await exit.wait()
    }

    /// Waits until `isComplete` holds for its standard output so far (checked again as each piece
    /// arrives); true when it did, false when the output ended first (or after the hang limit).
    public func waitForOutput(
        timeout: Duration = HangLimit.standard, until isComplete: @escaping @Sendable (String) -> Bool
    ) async -> Bool {
        await stdout.wait(limit: timeout) { isComplete($0.text) }.map { isComplete($0.text) } ?? false
    }

    /// Waits until its standard output contains `text`; true when it did, false when the output ended
    /// without it (or after the hang limit, `timeout`).
    public func waitForOutput(_ text: String, timeout: Duration = HangLimit.standard) async -> Bool {
        await stdout.wait(limit: timeout) { $0.text.contains(text) }?.text.contains(text) ?? false
    }

    /// Runs a program to its end without holding a thread (the async form of `ProcessRunner.run`).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: String? = nil
    ) async throws -> ProcessResult {
        try await BackgroundProcess(
            executable, arguments, environment: environment, currentDirectory: currentDirectory
        ).finished()
    }

    /// What it printed so far (and how it ended, once it has).
    public var result: ProcessResult {
        let running = !exit.hasExited
        let signal =
            !running && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return ProcessResult(
            status: running ? -1 : process.terminationStatus, stdout: stdout.text, stderr: stderr.text,
            signal: signal)
    }

    /// Ends a process that outlived the hang limit, so the test fails instead of hanging the run.
    private func hung() {
        Issue.record("\(process.executableURL?.path ?? "?") did not exit within the hang limit")
        kill(process.processIdentifier, SIGKILL)
        _ = exit.wait()
    }
}

/// A pipe between this process and a child, both ends closed on exec: only the child it is handed to
/// (as standard input, output or error, where the duplicate loses that flag) holds its end, not a
/// program another test starts meanwhile, so the stream ends when that child (or this side) is done.
struct ChildPipe {
    let readingEnd: Int32
    let writingEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        // pipe2(O_CLOEXEC) would close the gap before fcntl, but Swift's Glibc module does not declare it.
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readingEnd = ends[0]
        writingEnd = ends[1]
    }
}

/// Every file and folder under a root, with permissions and contents, to tell what a run wrote.
public struct FolderSnapshot: Equatable, Sendable {
    /// Relative path → "d 0700", "l target", "f 0600 <size> <contents hash>", or for a FIFO, socket or
    /// device (never read) "o 0600 <type>".
    public let entries: [String: String]

    /// Reads everything under `root`.
    public init(_ root: String) {
        var entries: [String: String] = [:]
        let manager = FileManager.default
        for relative in (manager.subpaths(atPath: root) ?? []) {
            let path = root + "/" + relative
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
            let mode = String(format: "%04o", (attributes[.posixPermissions] as? Int) ?? 0)
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?:
                entries[relative] = "d \(mode)"
            case .typeSymbolicLink?:
                entries[relative] = "l " + ((try? manager.destinationOfSymbolicLink(atPath: path)) ?? "?")
            case .typeRegular?:
                let contents = manager.contents(atPath: path) ?? Data()
                entries[relative] = "f \(mode) \(contents.count) \(contents.hashValue)"
            case let type:
                // A FIFO, socket or device: reading it could block or never end.
                entries[relative] = "o \(mode) \(type.map { $0.rawValue } ?? "?")"
            }
        }
        self.entries = entries
    }

    /// The paths that were added, removed or changed since `earlier`, sorted.
    public func changes(since earlier: FolderSnapshot) -> [String] {
        Set(entries.keys).union(earlier.entries.keys).filter { entries[$0] != earlier.entries[$0] }.sorted()
    }
}

/// Characters that must never reach a terminal from stored data: C0 controls (but the line breaks and
/// tabs a format uses), DEL, C1 controls (U+0080–U+009F: 0x9B is a one-byte CSI on some terminals).
public enum TerminalSafety {
    /// Descriptions of the unsafe characters in `text` ("U+001B at 12"), empty when it is safe.
    public static func unsafeCharacters(
        in text: String, allowing allowed: Set<Unicode.Scalar> = ["\n", "\t"]
    )
        -> [String]
    {
        var found: [String] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() where !allowed.contains(scalar) {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                found.append("U+\(String(scalar.value, radix: 16, uppercase: true)) at \(offset)")
            }
        }
        return found
    }
}

/// Running a program as another user (`nobody`), when this process is root and a tool for it exists.
public enum OtherUser {
    /// The command that runs the arguments after it as `nobody`, or nil (see `unavailableReason`).
    public static let prefix: [String]? = {
        guard geteuid() == 0, getpwnam("nobody") != nil else { return nil }
        if let runuser = ProcessRunner.which("runuser") ?? existing("/usr/sbin/runuser") {
            return [runuser, "-u", "nobody", "--"]
        }
        if let setpriv = ProcessRunner.which("setpriv") ?? existing("/usr/bin/setpriv") {
            return [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        }
        return nil
    }()

    /// Why `prefix` is nil.
    public static var unavailableReason: String {
        if geteuid() != 0 { return "running as another user needs root" }
        if getpwnam("nobody") == nil { return "there is no user 'nobody'" }
        return "neither runuser nor setpriv is installed"
    }

    private static func existing(_ path: String) -> String? {
        FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}

/// Running a program under a file-size limit (RLIMIT_FSIZE): `prlimit`, else `ulimit -f` in `/bin/sh`.
public enum FileSizeLimit {
    /// The executable and arguments that run `executable arguments...` with files limited to `bytes`.
    public static func command(bytes: Int, _ executable: String, _ arguments: [String]) -> (String, [String])
    {
        if let prlimit = ProcessRunner.which("prlimit") {
            return (prlimit, ["--fsize=\(bytes)", "--", executable] + arguments)
        }
        // POSIX counts `ulimit -f` in 512-byte blocks (dash does; bash in POSIX mode too).
        return (
            "/bin/sh",
            ["-c", "ulimit -f \(max(1, bytes / 512)) && exec \"$0\" \"$@\"", executable] + arguments
        )
    }
}

/// Import files in this program's own CSV format, generated row by row.
public enum OwnCSV {
    /// The header `movies export --format csv` writes.
    public static let header =
        "id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri\n"

    /// Writes `count` movies titled `<prefix> <n>` to `path`, without ids (so each import adds them).
    public static func write(count: Int, prefix: String, to path: String) throws {
        let ratings = ["not-seen", "terrible", "poor", "decent", "good", "excellent"]
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var chunk = header
        for number in 0..<count {
            chunk +=
                ",\(prefix) \(number),\(1900 + number % 200),\(ratings[number % 6]),,"
                + "A note for \(prefix) \(number),,,,,\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
    }
}

/// Runs `body(worker)` on `workers` threads released together, and returns when all have finished.
///
/// Threads rather than tasks: each worker blocks on child processes, and the cooperative pool has as
/// many threads as cores; the caller awaits, so it does not hold one of those threads meanwhile either.
public func runTogether(workers: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for worker in 0..<workers {
        done.enter()
        let thread = Thread {
            gate.wait()
            body(worker)
            done.leave()
        }
        thread.start()
    }
    for _ in 0..<workers { gate.signal() }
    await withCheckedContinuation { continuation in
        done.notify(queue: .global()) { continuation.resume() }
    }
}
