import Basics
import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shell's console at a terminal: prompts, line editing and history when readline or libedit is
/// installed, and notices printed above the prompt while the person is typing.
///
/// A dedicated input thread owns the terminal while a prompt is up: it polls standard input every
/// 50 ms and, between keys, prints queued notices above the prompt and redraws it with what was typed.
/// While a command runs there is no prompt, and the main actor writes directly. Handing the terminal
/// back and forth only at `readLine` keeps the two from ever writing at once.
@MainActor
final class InteractiveConsole: Console {
    let isInteractive = true
    private let output: OutputStream
    private let worker: InputThread
    private let interruptSource: any DispatchSourceSignal

    /// A console on the process's terminal; `history` keeps the shell's history between sessions.
    init(output: OutputStream, history: HistoryFile?) {
        self.output = output
        worker = InputThread(readline: Readline.load(), history: history)
        // Ctrl-C clears the line being typed instead of ending the program.
        signal(SIGINT, SIG_IGN)
        interruptSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interruptSource.setEventHandler(handler: Self.onInterrupt(worker))
        interruptSource.resume()
        QuitRestoresTerminal.install()
    }

    // The signal handlers run on a dispatch queue, not the main actor: made outside the actor's
    // isolation, so the runtime does not check (and trap) that they run on it.

    private nonisolated static func onInterrupt(_ worker: InputThread) -> @Sendable () -> Void {
        { worker.interrupt() }
    }

    /// Said once when the shell starts where neither readline nor libedit loads: the arrows and Tab do
    /// nothing there, and a person should know why and what to install.
    var startNote: String? {
        worker.hasLineEditing
            ? nil
            : "Line editing is off (no history on Up, no completion on Tab): install GNU readline "
                + "(libreadline8) or libedit (libedit2) for them.\n"
    }

    func readLine(prompt: String, kind: LineKind) async -> ConsoleInput {
        output.flush()
        return await withCheckedContinuation { continuation in
            worker.requestLine(prompt: prompt, kind: kind, continuation: continuation)
        }
    }

    func show(_ text: String) {
        if !worker.enqueueIfPrompting(text) {
            output.write(text)
            output.flush()
        }
    }

    func useCompleter(_ completer: ShellCompleter?) {
        worker.completer.withLock { $0 = completer }
    }

    func runCancellingOnInterrupt(_ operation: @escaping @MainActor () async -> Void) async {
        let task = Task { @MainActor in await operation() }
        worker.onInterruptWhileBusy = { task.cancel() }
        await task.value
        worker.onInterruptWhileBusy = nil
    }

    func close() {
        output.flush()
        interruptSource.cancel()
        worker.saveHistory()
        signal(SIGINT, SIG_DFL)
        QuitRestoresTerminal.remove()
    }
}

/// The thread that reads the terminal while a prompt is up. All readline calls happen on it.
private final class InputThread: @unchecked Sendable {
    private struct Request {
        var prompt: String
        var kind: LineKind
        var continuation: CheckedContinuation<ConsoleInput, Never>
    }

    private struct State {
        var request: Request?
        var isPrompting = false
        var notices: [String] = []
        var isThreadStarted = false
    }

    private let readline: Readline?
    private let history: HistoryFile?
    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let interrupted = Atomic<Bool>(false)
    private let plainReader = LineReader(descriptor: STDIN_FILENO)
    private let interruptWhileBusy = Locked<(@Sendable () -> Void)?>(nil)
    /// What Tab offers at the next command prompt (`ShellCompleter`); set by the shell as its screen
    /// changes, read by this thread.
    let completer = Locked<ShellCompleter?>(nil)

    /// Called on Ctrl-C while it is set (by `runCancellingOnInterrupt`, while a command runs).
    var onInterruptWhileBusy: (@Sendable () -> Void)? {
        get { interruptWhileBusy.current }
        set { interruptWhileBusy.withLock { $0 = newValue } }
    }

    /// Whether readline or libedit was loaded.
    var hasLineEditing: Bool { readline != nil }

    init(readline: Readline?, history: HistoryFile?) {
        self.readline = readline
        self.history = history
        if let readline {
            readline.catchSignals?.pointee = 0
            history?.load(into: readline)
            ReadlineCompletion.install(in: readline)
        }
    }

    // MARK: - Called from the main actor

    func requestLine(
        prompt: String, kind: LineKind, continuation: CheckedContinuation<ConsoleInput, Never>
    ) {
        interrupted.store(false, ordering: .relaxed)
        state.withLock { state in
            state.request = Request(prompt: prompt, kind: kind, continuation: continuation)
            state.isPrompting = true
            if !state.isThreadStarted {
                state.isThreadStarted = DetachedThread.start { [self] in run() }
            }
        }
        wakeUp.signal()
    }

    /// Queues `text` for display above the prompt; false when no prompt is up (the caller writes it).
    func enqueueIfPrompting(_ text: String) -> Bool {
        state.withLock { state in
            guard state.isPrompting else { return false }
            state.notices.append(text)
            return true
        }
    }

    func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        interruptWhileBusy.current?()
    }

    func saveHistory() {
        guard let readline, let history else { return }
        history.save(from: readline)
    }

    // MARK: - The input thread

    private func run() {
        while true {
            wakeUp.wait()
            guard let request = state.withLock({ $0.request }) else { continue }
            let input =
                readline.map { readLine(prompt: request.prompt, kind: request.kind, with: $0) }
                ?? readPlainLine(prompt: request.prompt)
            let leftover = state.withLock { state -> [String] in
                state.isPrompting = false
                state.request = nil
                defer { state.notices.removeAll() }
                return state.notices
            }
            Self.write(leftover.joined())
            request.continuation.resume(returning: input)
        }
    }

    /// Notices queued while the prompt is up.
    private func takeNotices() -> [String] {
        state.withLock { state in
            defer { state.notices.removeAll() }
            return state.notices
        }
    }

    private func readLine(prompt: String, kind: LineKind, with readline: Readline) -> ConsoleInput {
        ReadlineLine.reset(remove: readline.remove)
        // Tab completes commands only, not a form's answers.
        ReadlineCompletion.completer = kind == .command ? completer.current : nil
        readline.install(prompt) { line in
            ReadlineLine.finish(line)
        }
        while !ReadlineLine.isFinished {
            let notices = takeNotices()
            if !notices.isEmpty {
                // Clear the prompt line, print above it, and let readline redraw prompt and typed text.
                Self.write("\r\u{1B}[K" + notices.joined())
                _ = readline.onNewLine()
                readline.redisplay()
            }
            if interrupted.exchange(false, ordering: .relaxed) {
                // `^C` after what was typed, as bash shows it, then a new line: written once readline has
                // let go of the line, it would land at the start of the prompt line, over the prompt
                // (`^Ctle: Some title`).
                Self.write("^C\n")
                readline.replaceLine("", 0)
                readline.remove()
                return .interrupted
            }
            if Self.waitForInput() {
                readline.readCharacter()
            }
        }
        guard let line = ReadlineLine.line else { return .end }
        if kind == .command && !line.trimmingWhitespace().isEmpty {
            _ = readline.addHistory(line)
        }
        return .line(line)
    }

    private func readPlainLine(prompt: String) -> ConsoleInput {
        Self.write(prompt)
        while true {
            let notices = takeNotices()
            if !notices.isEmpty {
                Self.write("\r\u{1B}[K" + notices.joined() + prompt)
            }
            if interrupted.exchange(false, ordering: .relaxed) {
                tcflush(STDIN_FILENO, TCIFLUSH)  // drop the half-typed line
                Self.write("^C\n")
                return .interrupted
            }
            if plainReader.hasBufferedInput || Self.waitForInput() {
                switch plainReader.next() {
                case .none: return .end
                // The arrows and other keys sent as escape sequences are not text of the command.
                case .text(let line): return .line(EscapeSequences.removed(from: line))
                case .tooLong(let bytes): return .tooLong(bytes: bytes)
                case .notUTF8: return .notUTF8
                }
            }
        }
    }

    /// Waits up to 50 ms for standard input to become readable.
    private static func waitForInput() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 50) > 0
    }

    private static func write(_ text: String) {
        FileDescriptorWriter.write(text, to: STDOUT_FILENO)
    }
}

/// Where readline's line handler (a C function, so without context) leaves the finished line.
/// Only the input thread touches it.
private enum ReadlineLine {
    nonisolated(unsafe) static var line: String?
    nonisolated(unsafe) static var isFinished = false
    nonisolated(unsafe) static var remove: (@convention(c) () -> Void)?

    static func reset(remove: @convention(c) () -> Void) {
        line = nil
        isFinished = false
        self.remove = remove
    }

    /// The line handler: removing the handler here, inside it, is what keeps readline from drawing the
    /// prompt again before the command's output.
    static func finish(_ raw: UnsafeMutablePointer<CChar>?) {
        remove?()
        if let raw {
            line = String(cString: raw)
            free(raw)
        } else {
            line = nil
        }
        isFinished = true
    }
}
