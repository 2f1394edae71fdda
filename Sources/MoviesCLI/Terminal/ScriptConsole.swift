#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shell's console when input is not a terminal: lines are a script, no prompts are shown.
@MainActor
final class ScriptConsole: Console {
    let isInteractive = false
    private let output: OutputStream
    private let reader: SendableLineReader

    init(output: OutputStream) {
        self.output = output
        self.reader = SendableLineReader(LineReader(descriptor: STDIN_FILENO))
    }

    func readLine(prompt: String, kind: LineKind) async -> ConsoleInput {
        output.flush()
        // Blocking reads happen off the main actor, so observation updates keep flowing meanwhile.
        let reader = reader
        return await Task.detached { reader.next() }.value
    }

    func show(_ text: String) {
        output.write(text)
    }

    func close() {
        output.flush()
    }
}

/// A `LineReader` handed between tasks; only one read runs at a time (each is awaited before the next).
final class SendableLineReader: @unchecked Sendable {
    private let reader: LineReader

    init(_ reader: LineReader) {
        self.reader = reader
    }

    func next() -> ConsoleInput {
        switch reader.next() {
        case .none: .end
        case .text(let line): .line(line)
        case .tooLong(let bytes): .tooLong(bytes: bytes)
        case .notUTF8: .notUTF8
        }
    }
}
