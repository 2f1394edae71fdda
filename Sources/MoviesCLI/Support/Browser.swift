import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens an address in the person's web browser, for `news open`: `$BROWSER` when set, else
/// `xdg-open` (`open` on macOS).
///
/// `$BROWSER` follows its convention (http://www.catb.org/~esr/BROWSER/, as Python's `webbrowser`
/// and xdg-utils read it): browser commands separated by colons, tried in turn until one succeeds
/// (`firefox:lynx` falls back on lynx where firefox cannot start or fails, say without a display);
/// each a program and its own words split on blanks; `%s` in a word is replaced by the address, `%%`
/// stands for `%`, and a command without `%s` gets the address as its last argument.
///
/// Only absolute http(s) addresses come here (`WebAddress`, checked by the caller): one starts with a
/// letter, so no program can take it for an option. Where the program is known to end its options at
/// `--` (Chromium and its family, GLib's `gio open`, KDE's `kde-open`), `--` goes before the address all
/// the same; other openers (`xdg-open`, `lynx`, `w3m`, Firefox) would take `--` for an address. The
/// address is one argument of its own, never read by a shell, so nothing in it (`;`, `$(…)`, quotes)
/// can run as a command. The program is waited for: a terminal browser has the terminal until it is
/// left, and a failure is reported.
enum Browser {
    /// The programs tried when `$BROWSER` names none.
    #if canImport(Darwin)
        static let fallback = ["open"]
    #else
        static let fallback = ["xdg-open"]
    #endif

    /// Programs that end their options at `--`, by the name they are started under: Chromium's
    /// `base::CommandLine` ("--" terminates switch parsing), GLib's option parser (`gio open`), Qt's
    /// `QCommandLineParser` (`kde-open`).
    static let endsOptionsAtDoubleDash: Set<String> = [
        "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "google-chrome-beta",
        "google-chrome-unstable", "brave-browser", "microsoft-edge", "microsoft-edge-stable", "vivaldi",
        "vivaldi-stable", "opera", "gio", "kde-open", "kde-open5", "kde-open6",
    ]

    /// The commands to try for `address` under `environment`, in order, each the argument vector of one
    /// program.
    static func commands(opening address: String, environment: [String: String]) -> [[String]] {
        let commands = (environment["BROWSER"] ?? "").split(separator: ":").compactMap { part in
            command(part, opening: address)
        }
        return commands.isEmpty ? [fallback + [address]] : commands
    }

    /// One part of `$BROWSER` as an argument vector; nil when it is blank.
    private static func command(_ part: Substring, opening address: String) -> [String]? {
        let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let program = words.first else { return nil }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { substituting(address, in: $0) }
        }
        let name = program.split(separator: "/").last.map(String.init) ?? program
        let end = endsOptionsAtDoubleDash.contains(name) ? ["--"] : []
        return words.map { substituting(nil, in: $0) } + end + [address]
    }

    /// `word` with each `%s` replaced by `address` (when given) and each `%%` by `%`; any other `%` stays.
    static func substituting(_ address: String?, in word: String) -> String {
        var result = ""
        var index = word.startIndex
        while index < word.endIndex {
            let character = word[index]
            let next = word.index(after: index)
            if character == "%", next < word.endIndex {
                if word[next] == "%" {
                    result.append("%")
                    index = word.index(after: next)
                    continue
                }
                if word[next] == "s", let address {
                    result += address
                    index = word.index(after: next)
                    continue
                }
            }
            result.append(character)
            index = next
        }
        return result
    }

    /// How one command came out, when it did not open the address.
    private enum Failure {
        case cannotStart(program: String, reason: String)
        case failed(program: String, status: Int32)
        case killed(program: String, signal: Int32)

        var text: String {
            switch self {
            case .cannotStart(let program, let reason): "'\(program)' could not be started (\(reason))"
            case .failed(let program, let status): "'\(program)' failed with status \(status)"
            case .killed(let program, let signal): "'\(program)' was ended by signal \(signal)"
            }
        }
    }

    /// Runs the browser commands on `address` in turn until one succeeds, waiting for each. Throws
    /// `CommandFailure` (exit 1) when none does; a browser ended by a signal (the person stopped it)
    /// ends the attempts.
    static func open(_ address: String, environment: [String: String]) throws {
        let commands = commands(opening: address, environment: environment)
        var failures: [Failure] = []
        for command in commands {
            guard let failure = run(command, environment: environment) else { return }
            failures.append(failure)
            if case .killed = failure { break }
        }
        throw CommandFailure(message: message(for: failures), exitCode: .failure)
    }

    /// The error for browsers that all failed.
    private static func message(for failures: [Failure]) -> String {
        switch failures.first {
        case .cannotStart(let program, _) where failures.count == 1:
            "Cannot start the browser '\(program)': set $BROWSER to the program to open links with"
        case .failed(let program, let status) where failures.count == 1:
            "The browser '\(program)' failed with status \(status)"
        case .killed(let program, let signal) where failures.count == 1:
            "The browser '\(program)' failed (ended by signal \(signal))"
        default:
            "No browser of $BROWSER opened the link: " + failures.map(\.text).joined(separator: "; ")
        }
    }

    /// Starts `arguments` (the program first, looked up in `PATH`) and waits for it; nil when it exited
    /// with status 0.
    private static func run(_ arguments: [String], environment: [String: String]) -> Failure? {
        let program = arguments.first ?? ""
        switch ChildProgram.run(arguments, environment: environment) {
        case .notFound:
            return .cannotStart(program: program, reason: String(cString: strerror(ENOENT)))
        case .cannotStart(let reason): return .cannotStart(program: program, reason: reason)
        case .exited(let status): return status == 0 ? nil : .failed(program: program, status: status)
        case .killed(let signal): return .killed(program: program, signal: signal)
        }
    }
}
