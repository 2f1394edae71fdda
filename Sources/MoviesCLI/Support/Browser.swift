import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens an address in the person's web browser, for `news open`: `$BROWSER` when set (a program and
/// its own words, split on blanks), else `xdg-open` (`open` on macOS).
///
/// The address is handed to the program as one argument of its own, never through a shell, so nothing
/// a feed puts in a link (`;`, `$(…)`, quotes) can run as a command. The program is waited for: a
/// terminal browser (`lynx`, `w3m`) has the terminal until it is left, and a failure is reported.
enum Browser {
    /// The program and words to open `address` with under `environment`: the browser's words, then the
    /// address.
    static func argumentVector(opening address: String, environment: [String: String]) -> [String] {
        let words = (environment["BROWSER"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map(String.init)
        #if canImport(Darwin)
            let fallback = ["open"]
        #else
            let fallback = ["xdg-open"]
        #endif
        return (words.isEmpty ? fallback : words) + [address]
    }

    /// Runs the browser on `address` and waits for it. Throws `CommandFailure` (exit 1) when it cannot
    /// be started or ends with a failure.
    static func open(_ address: String, environment: [String: String]) throws {
        let arguments = argumentVector(opening: address, environment: environment)
        let program = arguments[0]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var processID: pid_t = 0
        guard posix_spawnp(&processID, program, nil, nil, argv, envp) == 0 else {
            throw CommandFailure(
                message:
                    "Cannot start the browser '\(program)': set $BROWSER to the program to open links with",
                exitCode: .failure)
        }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal, if any.
        let exitedNormally = status & 0x7f == 0
        let exitCode = (status >> 8) & 0xff
        guard exitedNormally && exitCode == 0 else {
            throw CommandFailure(
                message: "The browser '\(program)' failed "
                    + (exitedNormally ? "with status \(exitCode)" : "(ended by signal \(status & 0x7f))"),
                exitCode: .failure)
        }
    }
}
