import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Running commands the way the benchmark needs: quietly, timed, with their peak memory.
enum Processes {
    struct Outcome {
        var status: Int32
        var milliseconds: Double
        var output: String
    }

    /// Runs `executable` with `arguments` (stdout to a file when captured, else /dev/null) and waits with
    /// `waitpid` (peak memory: `peakKilobytes`).
    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        captureOutput: Bool = false
    ) throws -> Outcome {
        var fileActions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        let outputPath =
            captureOutput
            ? temporaryFolder + "/movies-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
            : "/dev/null"
        defer { if captureOutput { unlink(outputPath) } }
        posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environmentStrings =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [
                nil
            ]
        defer { for pointer in environmentStrings { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, environmentStrings)
        guard spawned == 0 else {
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(
            status: exitStatus, milliseconds: elapsed, output: output)
    }

    /// Runs and fails unless the exit status is 0.
    @discardableResult
    static func check(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        captureOutput: Bool = false
    )
        throws -> Outcome
    {
        let outcome = try run(executable, arguments, environment: environment, captureOutput: captureOutput)
        guard outcome.status == 0 else {
            throw BenchError(
                "\(([executable] + arguments).joined(separator: " ")) exited with \(outcome.status)")
        }
        return outcome
    }

    /// The peak resident memory of `executable` alone, in KiB, as GNU time measures it (`%M`).
    ///
    /// Not `ru_maxrss` of a child spawned here: glibc's `posix_spawn` runs the child in this process's
    /// memory until it `exec`s (CLONE_VM | CLONE_VFORK), and Linux keeps that high-water mark across
    /// `exec`, so every child would show at least this benchmark's own size. `time` forks a child of its
    /// own, which starts from `time`'s small image.
    static func peakKilobytes(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Int {
        let report = temporaryFolder + "/movies-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).time"
        defer { unlink(report) }
        try check(
            "/usr/bin/time", ["-f", "%M", "-o", report, executable] + arguments, environment: environment)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        guard let kilobytes = text.split(whereSeparator: \.isNewline).last.flatMap({ Int($0) }) else {
            throw BenchError("/usr/bin/time reported no peak memory: \(text)")
        }
        return kilobytes
    }

    /// `$TMPDIR`, else `/tmp`.
    static var temporaryFolder: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// The full path of `name` on PATH.
    static func which(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A benchmark could not be set up.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
