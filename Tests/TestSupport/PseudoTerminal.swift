import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A program running on a pseudo-terminal, as a person at a terminal would run it.
///
/// The program sees a TTY on stdin, stdout and stderr (so it prompts, edits lines and prints its change
/// feed); the test types into it and reads everything it printed, escape sequences included. A thread
/// of its own reads the terminal as the program writes (`OutputCollector`), so a test waits for a
/// piece of text to appear, and for the exit, as events; the waits block, for tests with `.offPool`.
public final class PseudoTerminalProcess: @unchecked Sendable {
    private let process: Process
    private let master: Int32
    private let exit: ProcessExit
    private let transcript: OutputCollector
    /// The terminal's number: `/dev/pts/<number>`.
    private let terminalNumber: UInt32

    /// Starts `executable` on a new pseudo-terminal `columns` cells wide (`TIOCSWINSZ`, as a terminal
    /// window sets it). With `outputSuspended`, the terminal's output is suspended before the program
    /// starts (`tcflow(TCOOFF)`, as Ctrl-S suspends it), so the program's first write to the terminal
    /// blocks: whatever it does before it, it does, and nothing after, however fast it runs.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], columns: UInt16 = 120,
        currentDirectory: String? = nil, outputSuspended: Bool = false
    ) throws {
        // posix_openpt/unlockpt/ptsname are not exported by Swift's Glibc module; these are their Linux
        // insides: open the multiplexer, unlock the new terminal, ask its number.
        // Closed on exec, both sides: a program another test starts meanwhile must not hold this terminal
        // open (the program here gets its own copies as standard input, output and error).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0,
            ioctl(master, numberRequest, &number) == 0
        else {
            throw POSIXError(.ENXIO)
        }
        terminalNumber = number
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        if outputSuspended && tcflow(slave, TCOOFF) != 0 {
            let code = POSIXErrorCode(rawValue: errno) ?? .ENOTTY
            close(slave)
            close(master)
            throw POSIXError(code)
        }
        let process = Process()
        self.process = process
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = SanitizerOptions.passedOn(environment)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        exit = ProcessExit(of: process)
        try ProcessStart.withSignalsDeliverable { try process.run() }
        try handle.close()
        // Reads until the terminal hangs up (EIO): the program and all it started have closed it.
        transcript = OutputCollector(reading: master, closingWhenDone: false)
    }

    deinit {
        if !exit.hasExited {
            kill(process.processIdentifier, SIGKILL)
            _ = exit.wait()
        }
        // The reader is done once nothing holds the terminal any more; then its descriptor can go.
        _ = transcript.wait { _ in false }
        close(master)
    }

    /// Types `text` (use "\n" for Enter, "\u{3}" is not Ctrl-C here: use `interrupt()`).
    public func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The program's process id.
    public var processID: Int32 { process.processIdentifier }

    /// Resumes the terminal's output after `outputSuspended` (`tcflow(TCOON)`, as Ctrl-Q does): the
    /// program's blocked write goes through and it runs on.
    public func resumeOutput() {
        let terminal = open("/dev/pts/\(terminalNumber)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return }
        _ = tcflow(terminal, TCOON)
        close(terminal)
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
        exit.hasExited && process.terminationReason == .uncaughtSignal
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
        transcript.text
    }

    /// Waits until the output contains `text`; true if it did, false if the terminal hung up first (or
    /// after the hang limit, `timeout`).
    public func waitFor(
        _ text: String, timeout: Duration = HangLimit.standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        OffPoolExecutor.checkMayBlock("PseudoTerminalProcess.waitFor", sourceLocation: sourceLocation)
        return transcript.wait(limit: timeout) { $0.text.contains(text) }?.text.contains(text) ?? false
    }

    /// Waits until `isComplete` holds for the output (checked again as each piece arrives); true if it
    /// did, false if the terminal hung up first (or after the hang limit, `timeout`).
    public func waitUntil(
        timeout: Duration = HangLimit.standard, sourceLocation: SourceLocation = #_sourceLocation,
        _ isComplete: (String) -> Bool
    ) -> Bool {
        OffPoolExecutor.checkMayBlock("PseudoTerminalProcess.waitUntil", sourceLocation: sourceLocation)
        return transcript.wait(limit: timeout) { isComplete($0.text) }.map { isComplete($0.text) } ?? false
    }

    /// Waits until `text` appears after the last occurrence of `marker`.
    public func waitFor(
        _ text: String, after marker: String, timeout: Duration = HangLimit.standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        OffPoolExecutor.checkMayBlock("PseudoTerminalProcess.waitFor", sourceLocation: sourceLocation)
        func found(_ output: String) -> Bool {
            guard let range = output.range(of: marker, options: .backwards) else { return false }
            return output[range.upperBound...].contains(text)
        }
        return transcript.wait(limit: timeout) { found($0.text) }.map { found($0.text) } ?? false
    }

    /// Waits for the program to exit and for everything it printed; returns its status, or nil after the
    /// hang limit (`timeout`).
    public func waitForExit(
        timeout: Duration = HangLimit.standard, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int32? {
        OffPoolExecutor.checkMayBlock("PseudoTerminalProcess.waitForExit", sourceLocation: sourceLocation)
        guard exit.wait(limit: timeout), transcript.wait(limit: timeout, until: { _ in false }) != nil else {
            return nil
        }
        return process.terminationStatus
    }
}
