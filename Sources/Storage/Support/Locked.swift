import Foundation

/// A value only reachable while holding a lock.
///
/// Used instead of `Synchronization.Mutex` on purpose: on Linux, `Mutex` locks with futex calls inside
/// the (uninstrumented) standard library, so ThreadSanitizer cannot see the ordering it creates and
/// reports correctly locked accesses as races. `NSLock` is a pthread mutex, which ThreadSanitizer
/// understands, so `swift test --sanitize=thread` stays meaningful.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
