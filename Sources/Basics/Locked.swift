#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value only reachable while holding a lock: the one lock type of this package.
///
/// Written on a pthread mutex on purpose rather than `Synchronization.Mutex`: on Linux, `Mutex` locks
/// with futex calls inside the (uninstrumented) standard library, so ThreadSanitizer cannot see the
/// ordering it creates and reports correctly locked accesses as races. A pthread mutex is what
/// ThreadSanitizer intercepts, so `swift test --sanitize=thread` stays meaningful. (`NSLock` is the same
/// mutex, but lives in Foundation, which nothing here needs for a lock.)
///
/// `Value` is `Sendable`, so what goes in or comes out of the lock can cross threads safely; the class is
/// `@unchecked Sendable` because the mutex, not the compiler, guards the stored value.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value { withLock { $0 } }
}
