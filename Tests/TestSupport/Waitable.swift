import Foundation

/// How long any wait in the tests may last before it counts as a hang.
///
/// A test waits for an event (a value arriving, a line printed, a process exiting), never for a clock;
/// this one deadline only ends a wait that would otherwise never return, so that a hung test fails
/// instead of hanging the run. It is generous on purpose: it must never be what decides whether a
/// test passes, on a loaded two-core machine under ThreadSanitizer included.
public enum HangLimit {
    /// Five minutes.
    public static let standard: Duration = .seconds(300)
}

/// A value that changes as events happen (bytes arrive, a process exits, a count moves on), and waits
/// until it satisfies a condition.
///
/// Each wait is woken by the change that satisfies it: `update(_:)` wakes the blocked threads and
/// resumes the suspended tasks whose condition now holds. Blocking waits are for code that runs on
/// threads of its own (a reader thread, or a test with the `.offPool` trait); tasks use the async form,
/// which holds no thread while it waits.
public final class Waitable<State: Sendable>: @unchecked Sendable {
    private struct Waiter {
        let isSatisfied: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<State?, Never>
    }

    // Guards everything below; its condition wakes the blocking waits.
    private let condition = NSCondition()
    private var state: State
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0

    public init(_ initial: State) {
        state = initial
    }

    /// The value now.
    public var current: State {
        condition.lock()
        defer { condition.unlock() }
        return state
    }

    /// Changes the value, and wakes every wait whose condition now holds.
    public func update(_ change: (inout State) -> Void) {
        condition.lock()
        change(&state)
        let now = state
        var satisfied: [Waiter] = []
        for (id, waiter) in waiters where waiter.isSatisfied(now) {
            satisfied.append(waiter)
            waiters[id] = nil
        }
        condition.broadcast()
        condition.unlock()
        for waiter in satisfied { waiter.continuation.resume(returning: now) }
    }

    /// Blocks this thread until `isSatisfied` holds, and returns the value that satisfied it; nil after
    /// `limit` (a hang).
    public func wait(limit: Duration = HangLimit.standard, until isSatisfied: (State) -> Bool) -> State? {
        let deadline = ContinuousClock.now + limit
        condition.lock()
        defer { condition.unlock() }
        while !isSatisfied(state) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            let seconds = left.inSeconds
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return state
    }

    /// Suspends until `isSatisfied` holds, and returns the value that satisfied it; nil after `limit` (a
    /// hang) or when the task is cancelled (as a test's time limit does).
    public func wait(
        limit: Duration = HangLimit.standard, until isSatisfied: @escaping @Sendable (State) -> Bool
    ) async -> State? {
        let (now, id) = locked { () -> (State?, Int) in
            if isSatisfied(state) { return (state, 0) }
            nextWaiter += 1
            return (nil, nextWaiter)
        }
        if let now { return now }
        // Only a hang reaches this: the wait is ended by `update` long before.
        // A deadline on a dispatch timer, not a sleeping task: nothing waits on it, and it needs no
        // thread of the cooperative pool to fire.
        let hang = DispatchWorkItem { self.abandon(id) }
        let seconds = limit.inSeconds
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: hang)
        defer { hang.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                condition.lock()
                if isSatisfied(state) {
                    let now = state
                    condition.unlock()
                    continuation.resume(returning: now)
                    return
                }
                waiters[id] = Waiter(isSatisfied: isSatisfied, continuation: continuation)
                condition.unlock()
                if Task.isCancelled { abandon(id) }
            }
        } onCancel: {
            abandon(id)
        }
    }

    /// Runs `body` holding the lock (a synchronous function, so async ones can use it too).
    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Ends the wait `id` without its condition (hang limit or cancellation), if it still waits.
    private func abandon(_ id: Int) {
        condition.lock()
        let waiter = waiters.removeValue(forKey: id)
        condition.unlock()
        waiter?.continuation.resume(returning: nil)
    }
}

extension Duration {
    /// The duration in seconds, for the APIs that take a `TimeInterval` (`Date`, `DispatchTime`) and
    /// for printing.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
