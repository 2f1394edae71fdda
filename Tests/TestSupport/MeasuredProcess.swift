import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn` and reaped with `wait4`, so its own peak memory is known
/// (`ru_maxrss` of that one child: `getrusage(RUSAGE_CHILDREN)` would mix in every other test's
/// processes, and Foundation's `Process` reaps its children itself).
///
/// The child starts with every signal deliverable and at its default action, whatever the test's
/// thread blocks (see `ProcessStart`); its output goes to files.
public final class MeasuredProcess: @unchecked Sendable {
    /// How the program ended.
    public struct Ending: Sendable, CustomStringConvertible {
        /// What it printed and its exit status, or the signal that ended it.
        public var result: ProcessResult
        /// Its peak resident set size, in KiB.
        public var peakKilobytes: Int

        public var description: String { "\(result) (peak \(peakKilobytes) KiB)" }
    }

    /// The process id.
    public let pid: pid_t
    private let scratch = TemporaryDirectory()
    private var ending: Ending?

    /// Starts `executable` with `arguments` and `environment`, standard input from /dev/null.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch.file("stdout"), O_WRONLY | O_CREAT, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch.file("stderr"), O_WRONLY | O_CREAT, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environ = SanitizerOptions.passedOn(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environ { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        pid = child
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends `signal` (SIGINT is Ctrl-C).
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// What it printed so far.
    public var output: (stdout: String, stderr: String) {
        (
            String(decoding: fileSnapshot(scratch.file("stdout")) ?? Data(), as: UTF8.self),
            String(decoding: fileSnapshot(scratch.file("stderr")) ?? Data(), as: UTF8.self)
        )
    }

    /// Waits for it to end without holding a thread of the cooperative pool.
    public func finished() async -> Ending {
        if let ending { return ending }
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped > 0 || (reaped < 0 && errno != EINTR) { break }
            if reaped == 0 { try? await Task.sleep(for: .milliseconds(10)) }
        }
        let signal = status & 0x7F
        let (stdout, stderr) = output
        let result = ProcessResult(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, stdout: stdout, stderr: stderr,
            signal: signal == 0 ? nil : signal)
        let ending = Ending(result: result, peakKilobytes: usage.ru_maxrss)
        self.ending = ending
        return ending
    }
}
