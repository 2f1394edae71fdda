import Foundation

/// Collects the values an async sequence produces, so a test can wait for the n-th one, or for one that
/// satisfies a condition.
///
/// Each wait is woken by the value it waits for, or by the end of the sequence (then it is false); the
/// hang limit only ends a wait that would never return. How fast changes arrive is measured by
/// movies-bench, not here.
public actor Recorder<Value: Sendable> {
    private struct Log: Sendable {
        var values: [Value] = []
        var failure: (any Error)?
        var hasEnded = false
    }

    private let log = Waitable(Log())

    public init() {}

    /// The values so far, in order.
    public var values: [Value] { log.current.values }

    /// The error the sequence ended with, if it did.
    public var failure: (any Error)? { log.current.failure }

    public func append(_ value: Value) {
        log.update { $0.values.append(value) }
    }

    public func fail(_ error: any Error) {
        log.update {
            $0.failure = error
            $0.hasEnded = true
        }
    }

    /// The sequence ended (or its task was cancelled): nothing more will arrive.
    public func finish() {
        log.update { $0.hasEnded = true }
    }

    /// Waits until at least `count` values arrived; false when the sequence ended first (or after the
    /// hang limit, `timeout`).
    public func wait(forCount count: Int, timeout: Duration = HangLimit.standard) async -> Bool {
        let log = await log.wait(limit: timeout) { $0.hasEnded || $0.values.count >= count }
        return (log?.values.count ?? 0) >= count
    }

    /// Waits until the last value satisfies `predicate`; false when the sequence ended first (or after the
    /// hang limit, `timeout`).
    public func wait(
        timeout: Duration = HangLimit.standard, until predicate: @escaping @Sendable (Value) -> Bool
    )
        async -> Bool
    {
        let log = await log.wait(limit: timeout) { log in
            log.hasEnded || log.values.last.map(predicate) == true
        }
        return log?.values.last.map(predicate) == true
    }

    /// Starts a task that records every element of `sequence` until it ends or the task is cancelled.
    ///
    /// The task runs on the tests' own threads (`OffPoolExecutor`), not on Swift's cooperative pool: an
    /// unstructured task does not inherit its creator's executor preference, and on the pool the
    /// recording waits behind every in-process test that keeps the pool's two threads busy. A test
    /// waiting for a value another process committed (the shell's refresh storing its first feeds)
    /// then saw it only after the shell's 15 s fetch timeout had ended the refresh.
    public nonisolated func record<S: AsyncSequence & Sendable>(_ sequence: S) -> Task<Void, Never>
    where S.Element == Value {
        Task(executorPreference: OffPoolExecutor.shared) {
            do {
                for try await value in sequence {
                    await self.append(value)
                }
                await self.finish()
            } catch {
                await self.fail(error)
            }
        }
    }
}
