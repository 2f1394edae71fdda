import Foundation
import Testing

/// Threads of the tests' own, for test code that blocks: waiting for a process, a terminal, `sqlite3`,
/// or computing for minutes (the slow tests' million-row files).
///
/// Swift Testing runs every test, synchronous ones included, on Swift's cooperative pool, which has one
/// thread per core (two here). A test that blocks one of them in a process wait leaves the async tests
/// (observations, view models, the feed server's clients) one thread short, or none: they stall until
/// the process tests are done, and that stall is what long timeouts and counted polls once papered
/// over. A test with the `.offPool` trait runs here instead (a task executor preference, SE-0417).
///
/// Every job gets a thread at once: an idle one, or a new one when all are busy (threads are kept for
/// the next jobs, never ended). So a test's job never waits behind another test's blocked thread, which
/// a fixed number of threads would make it do: a test waiting for a program with a timeout of its own
/// (a refresh's fetch timeout) could then miss it. How many tests run at once is bounded instead, when
/// they start (`OffPoolTrait`): a blocked test waits for its child process, which needs the cores, so
/// more at once would only make the children compete.
public final class OffPoolExecutor: TaskExecutor, @unchecked Sendable {
    /// The tests' threads, shared by every test with the `.offPool` trait.
    public static let shared = OffPoolExecutor()

    /// The key each of these threads has in its thread dictionary, so blocking helpers can tell.
    private static let marker = "movies.tests.off-pool"

    private let condition = NSCondition()
    // A queue: jobs are appended at the end and taken from `next`.
    private var jobs: [UnownedJob?] = []
    private var next = 0
    /// Jobs queued or running. Never more than `threadCount`, so each has a thread to run it.
    private var jobsInFlight = 0
    private var threadCount = 0

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        jobsInFlight += 1
        let startsThread = jobsInFlight > threadCount
        if startsThread {
            threadCount += 1
        } else {
            condition.signal()
        }
        let number = threadCount
        condition.unlock()
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = "off-pool \(number)"
            thread.start()
        }
    }

    /// Runs jobs as they come, for ever.
    private func work() {
        Thread.current.threadDictionary[Self.marker] = true
        condition.lock()
        while true {
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            jobs[next] = nil
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job?.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
            jobsInFlight -= 1
        }
    }

    /// Whether the calling thread may block: it is one of these threads, or no task runs on it (a thread
    /// of a test's own, such as `runTogether`'s).
    public static var mayBlock: Bool {
        Thread.current.threadDictionary[marker] != nil || !withUnsafeCurrentTask(body: { $0 != nil })
    }

    /// Records an issue when `what` is about to block a thread of the cooperative pool (or the main actor).
    public static func checkMayBlock(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !mayBlock else { return }
        Issue.record(
            """
            \(what) blocks a thread of Swift's cooperative pool, which the async tests need: give the \
            suite (or the test) the .offPool trait, or await the helper's async form
            """, sourceLocation: sourceLocation)
    }
}

/// How many `.offPool` tests run at once: a test waits to start (holding no thread) while that many run.
///
/// The state is guarded by an `NSLock` (a pthread mutex), not `Synchronization.Mutex`: on Linux that one
/// waits on a futex of its own, which ThreadSanitizer does not see as a lock, so it reported the guarded
/// accesses as a race whenever several tests entered at once (the installed-binary suite in CI).
final class OffPoolAdmission: @unchecked Sendable {
    static let shared = OffPoolAdmission(width: max(4, ProcessInfo.processInfo.activeProcessorCount * 2))

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var free: Int
    /// Guarded by `lock`.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(width: Int) {
        free = width
    }

    /// Takes a place, waiting (first come, first served) until one is free.
    func enter() async {
        await withCheckedContinuation { continuation in
            let admitted = lock.withLock {
                guard free > 0 else {
                    waiting.append(continuation)
                    return false
                }
                free -= 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Gives the place to the first test waiting, or back.
    func leave() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !waiting.isEmpty else {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Runs a test, or each test of a suite, on `OffPoolExecutor`'s threads; see there.
public struct OffPoolTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Each test case, never a suite as a whole: a suite holding a place while its tests wait for one
    /// would deadlock.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await OffPoolAdmission.shared.enter()
        defer { OffPoolAdmission.shared.leave() }
        let admitted = ContinuousClock.now
        defer { Self.reportTime(of: test, since: admitted) }
        try await withTaskExecutorPreference(OffPoolExecutor.shared) {
            try await function()
        }
    }

    /// `MOVIES_TEST_TIMES=1` (CI): how long the test ran once it had its place, on standard error, for
    /// `.ci/run`'s ten slowest tests. Swift Testing times a test from its start, which for these tests
    /// includes the wait for a place, so its figures would all be about as long as the whole run.
    private static func reportTime(of test: Test, since admitted: ContinuousClock.Instant) {
        guard ProcessInfo.processInfo.environment["MOVIES_TEST_TIMES"] == "1" else { return }
        let elapsed = ContinuousClock.now - admitted
        let seconds = elapsed.inSeconds
        // Named as Swift Testing names it in "Test … passed after", so CI's list of the slowest matches
        // the two: a display name in quotes, a function's name as it is.
        let name = test.displayName.map { "\"\($0)\"" } ?? test.name
        let line = "test time: \(String(format: "%.3f", seconds)) s  \(name)\n"
        // One write of one short line, so lines from tests running at once never interleave.
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension Trait where Self == OffPoolTrait {
    /// The test (each test of the suite) runs on threads of the tests' own, where it may block waiting
    /// for a process, a terminal or `sqlite3` without holding a thread of the cooperative pool.
    public static var offPool: Self { OffPoolTrait() }
}
