#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tab in the shell, through readline's (or libedit's) `rl_completion_entry_function`: a C function,
/// so without context, called on the input thread alone (inside `rl_callback_read_char`), which is the
/// only thread that touches this state.
enum ReadlineCompletion {
    /// What the prompt being read completes with; nil completes nothing.
    nonisolated(unsafe) static var completer: ShellCompleter?
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var next = 0
    nonisolated(unsafe) private static var lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var point: UnsafeMutablePointer<Int32>?

    /// Points the library's completion at `generate`, when it has the variables for it.
    static func install(in readline: Readline) {
        guard let entry = readline.completionEntryFunction, let lineBuffer = readline.lineBuffer,
            let point = readline.point
        else { return }
        self.lineBuffer = lineBuffer
        self.point = point
        let function: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
            text, state in ReadlineCompletion.generate(text, state)
        }
        entry.assumingMemoryBound(to: UnsafeRawPointer?.self).pointee = unsafeBitCast(
            function, to: UnsafeRawPointer.self)
    }

    /// Readline's generator protocol: called with `state` 0 for a new word (the matches are worked out
    /// then, from the line up to the cursor), then again until it returns NULL; each match is a string
    /// readline frees.
    private static func generate(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<
        CChar
    >? {
        if state == 0 {
            matches = []
            next = 0
            if let completer, let text, let buffer = lineBuffer?.pointee, let cursor = point?.pointee {
                let length = strlen(buffer)
                let end = min(Int(max(0, cursor)), length)
                let line = buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: end), as: UTF8.self)
                }
                matches = completer.completions(for: line, wordStart: max(0, end - strlen(text)))
            }
        }
        guard next < matches.count else { return nil }
        defer { next += 1 }
        return strdup(matches[next])
    }
}
