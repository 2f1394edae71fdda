import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program running on a pseudo-terminal, as a person at a terminal would run it.
///
/// The program sees a TTY on stdin, stdout and stderr (so it prompts, edits lines and prints its change
/// feed); the test types into it and reads everything it printed, escape sequences included.
public final class PseudoTerminalProcess: @unchecked Sendable {
    private let process = Process()
    private let master: Int32
    private var transcript = Data()
    private let lock = NSLock()

    /// Starts `executable` on a new pseudo-terminal `columns` cells wide (`TIOCSWINSZ`, as a terminal
    /// window sets it).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], columns: UInt16 = 120
    ) throws {
        // posix_openpt/unlockpt/ptsname are not exported by Swift's Glibc module; these are their Linux
        // insides: open the multiplexer, unlock the new terminal, ask its number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0,
            ioctl(master, numberRequest, &number) == 0
        else {
            throw POSIXError(.ENXIO)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = SanitizerOptions.passedOn(environment)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try ProcessStart.withSignalsDeliverable { try process.run() }
        try handle.close()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        close(master)
    }

    /// Types `text` (use "\n" for Enter, "\u{3}" is not Ctrl-C here: use `interrupt()`).
    public func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends SIGINT, as Ctrl-C would.
    public func interrupt() {
        send(SIGINT)
    }

    /// Sends `signal` to the program (SIGQUIT is what Ctrl-\ sends).
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// True when the program ended by a signal rather than by exiting.
    public var wasKilledBySignal: Bool {
        !process.isRunning && process.terminationReason == .uncaughtSignal
    }

    /// True when the terminal is in the mode a shell expects: lines edited by the kernel and echoed.
    /// A program that leaves it in raw mode (as line editing sets it) leaves a shell that does not echo.
    public var isInCookedMode: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        let cooked = tcflag_t(ICANON) | tcflag_t(ECHO)
        return settings.c_lflag & cooked == cooked
    }

    /// Everything printed so far, as text.
    public var output: String {
        drain(timeout: 0)
        return lock.withLock { String(decoding: transcript, as: UTF8.self) }
    }

    /// Waits until the output contains `text` (after `from` characters), up to `timeout`; true if it did.
    public func waitFor(_ text: String, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if output.contains(text) { return true }
            drain(timeout: 20)
        }
        return output.contains(text)
    }

    /// Waits until `text` appears after the last occurrence of `marker`.
    public func waitFor(_ text: String, after marker: String, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        func found() -> Bool {
            guard let range = output.range(of: marker, options: .backwards) else { return false }
            return output[range.upperBound...].contains(text)
        }
        while ContinuousClock.now < deadline {
            if found() { return true }
            drain(timeout: 20)
        }
        return found()
    }

    /// Waits for the program to exit and returns its status.
    public func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline {
            drain(timeout: 20)
        }
        guard !process.isRunning else { return nil }
        drain(timeout: 0)
        return process.terminationStatus
    }

    private func drain(timeout: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var wait = timeout
        while poll(&descriptor, 1, wait) > 0 {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            lock.withLock { transcript.append(contentsOf: buffer[0..<count]) }
            wait = 0
        }
    }
}
