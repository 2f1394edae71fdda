import Basics
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension Workloads {
    /// How long after another process commits a `movies list --watch` prints the change.
    func watchLatency() throws -> BenchRow {
        let path = try fixtures.database(rows: configuration.smallRows * 10, named: "watch.sqlite")
        let lines = LineTimes()
        let watcher = try OutputReadingProcess(
            configuration.movies, ["--db", path, "list", "--watch", "--format", "ndjson"],
            environment: environment
        ) { bytes in lines.append(bytes) }
        defer { watcher.interruptAndWait() }
        // Wait for the initial list before changing anything.
        guard lines.waitFor("\"id\":\(configuration.smallRows * 10)", timeout: .seconds(30)) != nil else {
            throw BenchError("list --watch printed no list")
        }
        var samples: [Double] = []
        for sample in 0..<configuration.watchSamples {
            let title = "watched change \(sample)"
            try Processes.check(
                configuration.sqlite3, [path, "INSERT INTO movies (title) VALUES ('\(title)')"])
            let committed = DispatchTime.now().uptimeNanoseconds
            guard let seen = lines.waitFor(title, timeout: .seconds(10)) else {
                throw BenchError("the change was never printed")
            }
            samples.append(Double(seen - committed) / 1_000_000)
            usleep(50_000)
        }
        return BenchRow(
            workload: "change seen by `list --watch` in another process",
            size: "\(configuration.watchSamples) commits",
            ours: Clock.median(samples), baseline: nil, target: nil,
            baselineName: "— (target: median ≤ 100 ms)")
    }
}

/// A child process whose standard output is read, as it arrives, on a thread of its own.
final class OutputReadingProcess: Sendable {
    private let pid: pid_t

    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        onOutput: @escaping @Sendable ([UInt8]) -> Void
    ) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("cannot make a pipe") }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_adddup2(&fileActions, ends[1], 1)
        posix_spawn_file_actions_addclose(&fileActions, ends[0])
        posix_spawn_file_actions_addclose(&fileActions, ends[1])
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environmentStrings = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environmentStrings { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, environmentStrings)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        let readEnd = ends[0]
        let started = DetachedThread.start {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                onOutput(Array(buffer[0..<count]))
            }
            close(readEnd)
        }
        guard started else { throw BenchError("cannot start a thread") }
    }

    /// Ctrl-C, as a person would end it, and its exit.
    func interruptAndWait() {
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Output lines with the time each arrived.
final class LineTimes: Sendable {
    private struct State {
        var text = ""
        var arrivals: [(offset: Int, time: UInt64)] = []
    }

    private let state = Locked(State())

    func append(_ bytes: [UInt8]) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { state in
            state.text += String(decoding: bytes, as: UTF8.self)
            state.arrivals.append((state.text.utf8.count, now))
        }
    }

    /// The arrival time of the first chunk whose end puts `fragment` in the text, waiting up to `timeout`.
    func waitFor(_ fragment: String, timeout: Duration) -> UInt64? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let found: UInt64? = state.withLock { state in
                guard let range = state.text.firstRange(of: fragment) else { return nil }
                let end = state.text.utf8.distance(from: state.text.utf8.startIndex, to: range.upperBound)
                return state.arrivals.first { $0.offset >= end }?.time
            }
            if let found { return found }
            usleep(1_000)
        }
        return nil
    }
}
