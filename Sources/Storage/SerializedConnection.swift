import Basics
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `Connection` that only one thread uses at a time.
///
/// SQLite connections opened with `SQLITE_OPEN_NOMUTEX` must not be used concurrently
/// (https://www.sqlite.org/threadsafe.html). The connection lives inside the package's one lock type,
/// `Locked`, and is reachable only while the lock is held, inside `sync`: that is the single place that
/// guarantees it.
final class SerializedConnection: Sendable {
    /// Lets the connection, which is not `Sendable`, live in a `Locked`: sound because the lock is the
    /// only way to reach it, so no two threads ever use it at once.
    private struct Guarded: @unchecked Sendable {
        let connection: Connection
    }

    private let locked: Locked<Guarded>
    /// The thread inside `sync`, so a re-entrant call fails loudly instead of deadlocking on the mutex.
    private let owner = Atomic<UInt>(0)

    init(_ connection: Connection) {
        locked = Locked(Guarded(connection: connection))
    }

    /// Runs `body` with exclusive use of the connection, waiting for the thread that has it.
    func sync<T>(_ body: (Connection) throws -> T) rethrows -> T {
        let thread = Self.currentThread
        precondition(
            owner.load(ordering: .relaxed) != thread,
            """
            Database.read/write was called from inside another read/write on the same thread, which would \
            deadlock. Use the Connection the outer closure received instead.
            """)
        return try locked.withLock { guarded in
            owner.store(thread, ordering: .relaxed)
            defer { owner.store(0, ordering: .relaxed) }
            return try body(guarded.connection)
        }
    }

    private static var currentThread: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }
}
