import Basics

/// What a `TestHTTPServer` observed, and the tasks waiting until it shows something.
///
/// A wait is resumed by the change that satisfies it (a request arriving, a client going away), not by
/// polling; its timeout only ends a wait for something that never happens.
final class ObservedStats: Sendable {
    private struct Waiter {
        let condition: @Sendable (TestHTTPServer.Stats) -> Bool
        let continuation: CheckedContinuation<TestHTTPServer.Stats, Never>
    }

    private struct State {
        var stats = TestHTTPServer.Stats()
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// The stats now.
    var current: TestHTTPServer.Stats { state.withLock { $0.stats } }

    /// Changes the stats, and resumes the waits whose condition now holds.
    func update(_ change: (inout TestHTTPServer.Stats) -> Void) {
        let (stats, satisfied) = state.withLock { state -> (TestHTTPServer.Stats, [Waiter]) in
            change(&state.stats)
            let stats = state.stats
            let satisfied = state.waiters.filter { $0.value.condition(stats) }
            for id in satisfied.keys { state.waiters[id] = nil }
            return (stats, Array(satisfied.values))
        }
        for waiter in satisfied { waiter.continuation.resume(returning: stats) }
    }

    /// The stats once `condition` holds, or after `timeout` when it never does.
    func wait(
        until condition: @escaping @Sendable (TestHTTPServer.Stats) -> Bool, timeout: Duration
    ) async -> TestHTTPServer.Stats {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let expiry = Task {
            try? await Task.sleep(for: timeout)
            self.end(id)
        }
        defer { expiry.cancel() }
        return await withCheckedContinuation { continuation in
            let now = state.withLock { state -> TestHTTPServer.Stats? in
                if condition(state.stats) { return state.stats }
                state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Resumes the wait `id` with the stats as they are, if it still waits.
    private func end(_ id: Int) {
        let (stats, waiter) = state.withLock { state in (state.stats, state.waiters.removeValue(forKey: id)) }
        waiter?.continuation.resume(returning: stats)
    }
}
