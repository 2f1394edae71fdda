import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `Connection` that only one thread uses at a time.
///
/// SQLite connections opened with `SQLITE_OPEN_NOMUTEX` must not be used concurrently
/// (https://www.sqlite.org/threadsafe.html); this lock is the single place that guarantees it, which is
/// why the type can be `@unchecked Sendable`: the connection is reachable only inside `sync`.
final class SerializedConnection: @unchecked Sendable {
    private let connection: Connection
    private let lock = NSLock()
    /// The thread inside `sync`, so a re-entrant call fails loudly instead of deadlocking.
    private let owner = Atomic<UInt>(0)

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// Runs `body` with exclusive use of the connection.
    func sync<T>(_ body: (Connection) throws -> T) rethrows -> T {
        let thread = Self.currentThreadID()
        precondition(
            owner.load(ordering: .relaxed) != thread,
            """
            Database.read/write was called from inside another read/write on the same thread, which would \
            deadlock. Use the Connection the outer closure received instead.
            """)
        lock.lock()
        owner.store(thread, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            lock.unlock()
        }
        return try body(connection)
    }

    private static func currentThreadID() -> UInt {
        #if canImport(Glibc)
            return UInt(pthread_self())
        #else
            return UInt(bitPattern: pthread_self())
        #endif
    }
}
