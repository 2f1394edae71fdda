import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn` and reaped with `wait4`, so its own peak memory is known
/// (`ru_maxrss` of that one child: `getrusage(RUSAGE_CHILDREN)` would mix in every other test's
/// processes, and Foundation's `Process` reaps its children itself).
///
/// The child starts with every signal deliverable and at its default action, whatever the test's
/// thread blocks (see `ProcessStart`); its output goes to files.
public final class MeasuredProcess: Sendable {
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
    /// The child's wait status and peak memory, once a thread of its own has reaped it.
    private let reaped = Waitable<(status: Int32, peakKilobytes: Int)?>(nil)

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
        let started = child
        // wait4 blocks until the child exits: on a thread of its own, which then wakes the waits.
        let reaped = reaped
        Thread.detachNewThread {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(started, &status, 0, &usage) < 0 && errno == EINTR {}
            reaped.update { $0 = (status, usage.ru_maxrss) }
        }
    }

    deinit {
        if reaped.current == nil {
            kill(pid, SIGKILL)
            _ = reaped.wait { $0 != nil }
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

    /// Waits for it to end without holding a thread.
    public func finished() async -> Ending {
        var exit = await reaped.wait { $0 != nil } ?? nil
        if exit == nil {
            Issue.record("\(pid) did not exit within the hang limit")
            kill(pid, SIGKILL)
            exit = await reaped.wait { $0 != nil } ?? nil
        }
        let status = exit?.status ?? 0
        let signal = status & 0x7F
        let (stdout, stderr) = output
        let result = ProcessResult(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, stdout: stdout, stderr: stderr,
            signal: signal == 0 ? nil : signal)
        return Ending(result: result, peakKilobytes: exit?.peakKilobytes ?? 0)
    }
}
