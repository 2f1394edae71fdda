#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-\ (SIGQUIT) in the shell ends it, as anywhere, but first gives the terminal back as it was: while
/// a prompt is up, line editing holds it in raw mode, and a shell left so would not echo.
///
/// The handler is installed with `sigaction` before the first prompt, so it is in place the moment the
/// prompt shows. (A dispatch signal source needs the signal ignored first and registers later, on
/// dispatch's own thread: a SIGQUIT in between was ignored, and the shell never ended.) It calls only
/// async-signal-safe functions (`tcsetattr`, `write`, `signal`, `raise`) on settings stored before it
/// was installed.
enum QuitRestoresTerminal {
    /// The terminal's settings when the shell started; read by the handler only.
    nonisolated(unsafe) private static var found = termios()
    nonisolated(unsafe) private static var hasFound: sig_atomic_t = 0
    private static let newline: StaticString = "\n"

    /// Installs the handler, keeping standard input's settings as they are now.
    static func install() {
        var settings = termios()
        let read = tcgetattr(STDIN_FILENO, &settings) == 0
        found = settings
        hasFound = read ? 1 : 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            if QuitRestoresTerminal.hasFound != 0 {
                tcsetattr(STDIN_FILENO, TCSANOW, &QuitRestoresTerminal.found)
            }
            _ = write(STDOUT_FILENO, QuitRestoresTerminal.newline.utf8Start, 1)
            signal(SIGQUIT, SIG_DFL)
            raise(SIGQUIT)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGQUIT, &action, nil)
    }

    /// Puts SIGQUIT's default action back, as the shell ends.
    static func remove() {
        signal(SIGQUIT, SIG_DFL)
    }
}
