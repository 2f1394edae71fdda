/// What the shell reads from and shows to: a person at a terminal, or a script on a pipe.
@MainActor
protocol Console: AnyObject {
    /// True for a person at a terminal: prompts, forms, the change feed.
    var isInteractive: Bool { get }
    /// The next line typed after `prompt` (no prompt is shown to a script). Only commands are kept in
    /// the history that Up recalls; answers to a form's questions are not.
    func readLine(prompt: String, kind: LineKind) async -> ConsoleInput
    /// Shows `text` (whole lines) now; at a terminal, above the prompt and what is being typed.
    func show(_ text: String)
    /// What the shell says once as it starts at a terminal about the console itself (line editing off).
    var startNote: String? { get }
    /// What Tab offers at the command prompt from now on (a console without line editing offers nothing).
    func useCompleter(_ completer: ShellCompleter?)
    /// Called once when the shell ends, to save history and restore the terminal.
    func close()
    /// Runs `operation` in a task that Ctrl-C cancels, at a terminal (where Ctrl-C otherwise only clears
    /// the line at the next prompt); a script's console just runs it, since Ctrl-C ends a script.
    func runCancellingOnInterrupt(_ operation: @escaping @MainActor () async -> Void) async
}

extension Console {
    var startNote: String? { nil }

    func useCompleter(_ completer: ShellCompleter?) {}

    func runCancellingOnInterrupt(_ operation: @escaping @MainActor () async -> Void) async {
        await operation()
    }
}

/// What a line read is for.
enum LineKind: Sendable {
    /// A command: kept in the history.
    case command
    /// An answer to a question (the `add` form's title, year...): not a command to recall.
    case answer
}

/// One answer from `Console.readLine`.
enum ConsoleInput: Equatable, Sendable {
    case line(String)
    /// A line longer than the reader keeps; it was skipped.
    case tooLong(bytes: Int)
    /// A line that is not valid UTF-8; it was skipped.
    case notUTF8
    /// Ctrl-C at the prompt.
    case interrupted
    /// End of input (Ctrl-D, or the end of a script).
    case end
}
