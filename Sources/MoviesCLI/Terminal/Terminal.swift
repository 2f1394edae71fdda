#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process is talking to: a person at a terminal, or another program.
///
/// Tables, colour, progress and friendly hints are for people; pipes get plain, stable output.
/// Colour follows https://no-color.org: never when `NO_COLOR` is set to anything non-empty.
struct Terminal: Sendable {
    var isOutputInteractive: Bool
    var isErrorInteractive: Bool
    var isInputInteractive: Bool
    var usesColor: Bool
    /// How many cells wide standard output's terminal is, for tables to fit; nil when standard output
    /// is not a terminal (then values are printed whole, for the program reading them).
    var columns: Int?

    init(environment: [String: String]) {
        isOutputInteractive = isatty(STDOUT_FILENO) == 1
        isErrorInteractive = isatty(STDERR_FILENO) == 1
        isInputInteractive = isatty(STDIN_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = isOutputInteractive && !noColor && environment["TERM"] != "dumb"
        columns = isOutputInteractive ? Self.width(environment: environment) : nil
    }

    /// The terminal's width: `COLUMNS` when set to a positive number (as git and ls honour it), else
    /// what the terminal reports (`TIOCGWINSZ`), else 80.
    private static func width(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// Pipes everywhere, as another program sees the tool: no prompts, hints, colour or progress. What
    /// in-process tests run with, whatever the test runner is attached to.
    static let pipes = Terminal(
        isOutputInteractive: false, isErrorInteractive: false, isInputInteractive: false, usesColor: false)

    private init(
        isOutputInteractive: Bool, isErrorInteractive: Bool, isInputInteractive: Bool, usesColor: Bool
    ) {
        self.isOutputInteractive = isOutputInteractive
        self.isErrorInteractive = isErrorInteractive
        self.isInputInteractive = isInputInteractive
        self.usesColor = usesColor
        columns = nil
    }

    /// `text` in bold when colour is on.
    func bold(_ text: String) -> String {
        usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// `text` dimmed when colour is on.
    func dim(_ text: String) -> String {
        usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

    /// `text` in green when colour is on.
    func green(_ text: String) -> String {
        usesColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text
    }

    /// `text` in red when colour is on.
    func red(_ text: String) -> String {
        usesColor ? "\u{1B}[31m\(text)\u{1B}[0m" : text
    }

    /// `text` in yellow when colour is on.
    func yellow(_ text: String) -> String {
        usesColor ? "\u{1B}[33m\(text)\u{1B}[0m" : text
    }
}
