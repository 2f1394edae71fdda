#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the command line runs and waits for (a browser's launcher, `rsvg-convert`): found in
/// `PATH`, started with SIGPIPE's default action back (`SpawnAttributes`), and waited for through
/// interruptions.
enum ChildProgram {
    /// How a run ended.
    enum Outcome: Equatable {
        /// It could not be started: `notFound` when no program of that name is in `PATH`.
        case notFound
        case cannotStart(reason: String)
        case exited(status: Int32)
        case killed(signal: Int32)
    }

    /// Runs `arguments` (the program first) with `environment`, and waits for it to end.
    static func run(_ arguments: [String], environment: [String: String]) -> Outcome {
        guard let program = arguments.first else { return .notFound }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var processID: pid_t = 0
        let spawned = SpawnAttributes.withDefaultPipeSignal {
            posix_spawnp(&processID, program, nil, $0, argv, envp)
        }
        guard spawned == 0 else {
            return spawned == ENOENT ? .notFound : .cannotStart(reason: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal, if any.
        let signal = status & 0x7f
        return signal != 0 ? .killed(signal: signal) : .exited(status: (status >> 8) & 0xff)
    }
}
