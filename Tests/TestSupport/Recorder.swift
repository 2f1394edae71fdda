import Foundation

/// Collects the values an async sequence produces, so a test can wait for the n-th one with a deadline.
///
/// Deadlines are generous (30 s): they only bound a test that would otherwise hang, and must hold on a
/// loaded CI machine under ThreadSanitizer. How fast changes arrive is measured by movies-bench.
public actor Recorder<Value: Sendable> {
    public private(set) var values: [Value] = []
    public private(set) var failure: (any Error)?

    public init() {}

    public func append(_ value: Value) {
        values.append(value)
    }

    public func fail(_ error: any Error) {
        failure = error
    }

    /// Waits until at least `count` values arrived or `timeout` passed; true when they arrived.
    public func wait(forCount count: Int, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while values.count < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return values.count >= count
    }

    /// Waits until the last value satisfies `predicate` or `timeout` passed.
    public func wait(timeout: Duration = .seconds(30), until predicate: @Sendable (Value) -> Bool) async
        -> Bool
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let last = values.last, predicate(last) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return values.last.map(predicate) ?? false
    }

    /// Starts a task that records every element of `sequence` until it ends or the task is cancelled.
    public nonisolated func record<S: AsyncSequence & Sendable>(_ sequence: S) -> Task<Void, Never>
    where S.Element == Value {
        Task {
            do {
                for try await value in sequence {
                    await self.append(value)
                }
            } catch {
                await self.fail(error)
            }
        }
    }
}

/// Waits until `condition` holds or `timeout` passes; true when it held.
public func eventually(timeout: Duration = .seconds(30), _ condition: @Sendable () async throws -> Bool)
    async rethrows
    -> Bool
{
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
