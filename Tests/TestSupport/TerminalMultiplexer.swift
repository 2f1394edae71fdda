import Foundation
import Testing

/// A program running in a tmux pane, driven as a person at a terminal would: keys typed, the screen read.
///
/// For tests of what a shell shows (its completion lists, what Tab inserts), where a plain pseudo-terminal
/// would hand back a stream of escape sequences: tmux keeps the screen, so a test reads the lines a
/// person would see. Each session has its own tmux server (a socket in its own folder, no configuration
/// file), so tests never meet the user's tmux or each other.
///
/// Everything waits for the screen rather than for time: tmux copies what the program prints to a FIFO
/// (`pipe-pane`), read by a thread of its own, and a test reads the screen again each time more output
/// has arrived, until it shows what the test waits for. tmux draws output on its screen before it copies
/// it, so the screen read after a copy arrived shows it. The waits block, for tests with `.offPool`.
public final class TerminalMultiplexer: @unchecked Sendable {
    public static var isAvailable: Bool { ProcessRunner.which("tmux") != nil }

    private let tmux: String
    private let socket: String
    private let folder = TemporaryDirectory()
    private let fifo: String
    /// What the pane's program printed, as tmux copies it.
    private let printed: OutputCollector

    /// Starts `command` (the program's path, then its arguments) with exactly `environment`, on a screen
    /// of `width` by `height` cells.
    public init(
        _ command: [String], environment: [String: String], width: Int = 160, height: Int = 50
    ) throws {
        guard let tmux = ProcessRunner.which("tmux") else { throw POSIXError(.ENOENT) }
        self.tmux = tmux
        socket = folder.file("tmux.socket")
        fifo = folder.file("pane-output")
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.EIO) }
        printed = OutputCollector(openingFIFO: fifo)
        // `env -i` so the pane's program sees only what the test gives it, not the test runner's
        // variables (tmux's server would pass its own on).
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let started = try Self.spawnWithoutInheritedDescriptors(
            tmux,
            [
                "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "tests", "-x", String(width),
                "-y", String(height),
                "--", "/usr/bin/env", "-i",
            ] + variables + command)
        guard started == 0 else { throw POSIXError(.ECHILD) }
        // Keep the pane (and its last screen) if the program exits, so a failing test can show it.
        _ = try? run(["set-option", "-g", "remain-on-exit", "on"])
        // Output printed before this is on the screen already; what follows comes through the FIFO too.
        let piped = try run(["pipe-pane", "-O", "-t", "tests", "exec cat > '\(fifo)'"])
        guard piped.status == 0 else { throw POSIXError(.EIO) }
    }

    deinit {
        _ = try? run(["kill-server"])
        // Should tmux never have opened the FIFO, its reader still waits in open(): a writer that comes
        // and goes at once ends it.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    /// Types `text` as it is (no key names).
    public func type(_ text: String) throws {
        _ = try run(["send-keys", "-l", "--", text])
    }

    /// Presses keys by tmux's names: `Tab`, `Enter`, `C-u`, `C-c`.
    public func press(_ keys: String...) throws {
        _ = try run(["send-keys"] + keys)
    }

    /// The screen's lines as shown, trailing blank ones dropped.
    public func screen() throws -> [String] {
        let capture = try run(["capture-pane", "-p"])
        var lines = capture.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Waits until `condition` holds for the screen, reading it again whenever the program has printed
    /// more; returns the last screen read and whether it held (false only after the hang limit, `timeout`).
    @discardableResult
    public func waitForScreen(
        timeout: Duration = HangLimit.standard, _ condition: ([String]) -> Bool
    ) throws -> (lines: [String], matched: Bool) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let before = printed.current
            let lines = try screen()
            if condition(lines) { return (lines, true) }
            // Nothing more will be printed (tmux closed the copy): this screen is the last.
            if before.hasEnded { return (lines, false) }
            let left = deadline - ContinuousClock.now
            guard left > .zero,
                printed.wait(limit: left, until: { $0.bytes.count > before.bytes.count }) != nil
            else { return (lines, false) }
        }
    }

    /// Runs `path` with `arguments` and waits for it, handing it no descriptor of this process but
    /// standard input, output and error (all /dev/null); returns its exit status.
    ///
    /// For the command that starts the tmux server: the server outlives it and keeps every descriptor
    /// it inherited, and Foundation's `Process` (here or in a test running in parallel) learns that a
    /// child ended when a socket the child holds is closed: inherited by the server, it never would be,
    /// and each `waitUntilExit()` would hang.
    private static func spawnWithoutInheritedDescriptors(_ path: String, _ arguments: [String]) throws
        -> Int32
    {
        typealias CloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not declare.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw POSIXError(.ENOSYS)
        }
        let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard closeFrom(&actions, 3) == 0 else { throw POSIXError(.ENOSYS) }
        // Nor this thread's signal mask and handlers: a test runs on a thread that blocks signals, and a
        // server that never hears SIGCHLD never learns its panes ended, so it would never exit.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ECHILD) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return 0 }  // reaped elsewhere: it ran
        }
        return (status >> 8) & 0xff
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(tmux, ["-S", socket] + arguments)
    }
}
