#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What reading one document may still spend: processor time of the thread that reads it, and the
/// calling task's cancellation (Ctrl-C during a refresh). One budget covers every step of a reading —
/// libxml2's parse, the HTML of every item laid out as text, the feeds a web page announces — so that
/// a feed crafted to be slow in any of them costs at most its budget, and a cancelled refresh stops
/// within a moment instead of when the document is done.
///
/// Asked often (`spend()` at every event and node), it looks at the clock and at the task only every
/// `checkInterval` calls: reading the thread's CPU clock is a system call. Used on one thread.
final class ReadingBudget {
    /// How many `spend()` calls go by between two looks at the clock.
    static let checkInterval = 128

    /// The processor time allowed; nil for none (the reading is bounded by its input alone).
    let processorTime: Duration?
    private let isCancellable: Bool
    private let startedAt: Duration
    private var callsUntilCheck = 1
    /// Why the reading must stop (`.tooSlow`, `.cancelled`); nil while there is budget left.
    private(set) var exhaustion: FeedParseError?

    /// A budget of `processorTime` from now, which also runs out when the calling task is cancelled.
    init(processorTime: Duration?, isCancellable: Bool = true) {
        self.processorTime = processorTime
        self.isCancellable = isCancellable
        startedAt = ReadingBudget.threadProcessorTime()
    }

    /// A budget that never runs out, for text laid out outside the reading of a document.
    static var unlimited: ReadingBudget { ReadingBudget(processorTime: nil, isCancellable: false) }

    /// Counts one step of work; false once the budget is spent (looked at every `checkInterval` steps).
    func spend() -> Bool {
        guard exhaustion == nil else { return false }
        callsUntilCheck -= 1
        guard callsUntilCheck <= 0 else { return true }
        callsUntilCheck = ReadingBudget.checkInterval
        return check()
    }

    /// Looks at the clock and the task now; false once the budget is spent.
    func check() -> Bool {
        guard exhaustion == nil else { return false }
        if isCancellable && Task.isCancelled {
            exhaustion = .cancelled
        } else if let processorTime, ReadingBudget.threadProcessorTime() - startedAt >= processorTime {
            exhaustion = .tooSlow(limit: processorTime)
        }
        return exhaustion == nil
    }

    /// Throws why the budget is spent, if it is (looks at the clock and the task first).
    func charge() throws(FeedParseError) {
        if !check(), let exhaustion {
            throw exhaustion
        }
    }

    /// The budget as libxml2's layer asks it (`movies_budget_exhausted`): non-zero once spent. The
    /// context is an unretained `ReadingBudget`.
    static let exhausted: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return 0 }
        return Unmanaged<ReadingBudget>.fromOpaque(context).takeUnretainedValue().check() ? 0 : 1
    }

    /// The processor time the calling thread has used.
    private static func threadProcessorTime() -> Duration {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return .zero }
        return .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
    }
}
