import Foundation
import Synchronization
import Testing

/// Threads of the tests' own, for test code that blocks: waiting for a process, a terminal, `sqlite3`.
///
/// Swift Testing runs every test, synchronous ones included, on Swift's cooperative pool, which has one
/// thread per core (two here). A test that blocks one of them in a process wait leaves the async tests
/// (observations, view models, the feed server's clients) one thread short, or none: they stall until
/// the process tests are done, and that stall is what long timeouts and counted polls once papered
/// over. A suite with the `.offPool` trait runs its tests on these threads instead (a task executor
/// preference, SE-0417), so its blocking waits leave the pool alone; the async parts of its tests run
/// here too, and hold no thread while they are suspended.
///
/// There are a few more threads than cores: a blocked test waits for its child process, which needs
/// the cores, so more would only make the children compete.
public final class OffPoolExecutor: TaskExecutor, @unchecked Sendable {
    /// The tests' threads, shared by every suite with the `.offPool` trait.
    public static let shared = OffPoolExecutor(
        threads: max(4, ProcessInfo.processInfo.activeProcessorCount * 2))

    /// The ids (`pthread_self`) of every executor thread, so blocking helpers can tell where they run.
    private static let threadIDs = Mutex<Set<UInt>>([])

    private let condition = NSCondition()
    // A queue: jobs are appended at the end and taken from `next`.
    private var jobs: [UnownedJob?] = []
    private var next = 0

    private init(threads: Int) {
        for number in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "off-pool \(number)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they come, for ever.
    private func work() {
        Self.threadIDs.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
        while true {
            condition.lock()
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
        }
    }

    /// Whether the calling thread may block: it is one of these threads, or no task runs on it (a thread
    /// of a test's own, such as `runTogether`'s).
    public static var mayBlock: Bool {
        let own = threadIDs.withLock { $0.contains(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
        return own || !withUnsafeCurrentTask(body: { $0 != nil })
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

/// Runs a test, or each test of a suite, on `OffPoolExecutor`'s threads; see there.
public struct OffPoolTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OffPoolExecutor.shared) {
            try await function()
        }
    }
}

extension Trait where Self == OffPoolTrait {
    /// The test (each test of the suite) runs on threads of the tests' own, where it may block waiting
    /// for a process, a terminal or `sqlite3` without holding a thread of the cooperative pool.
    public static var offPool: Self { OffPoolTrait() }
}
