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
/// (https://www.sqlite.org/threadsafe.html); this lock is the single place that guarantees it, which is
/// why the type can be `@unchecked Sendable`: the connection is reachable only inside `sync`.
///
/// The lock is the package's one lock type, `Locked`, guarding no value of its own: the connection is not
/// `Sendable`, so it stays outside the lock and is handed to `body` only while the lock is held.
final class SerializedConnection: @unchecked Sendable {
    private let connection: Connection
    private let lock = Locked(())
    /// The thread inside `sync`, so a re-entrant call fails loudly instead of deadlocking on the mutex.
    private let owner = Atomic<UInt>(0)

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// Runs `body` with exclusive use of the connection, waiting for the thread that has it.
    func sync<T>(_ body: (Connection) throws -> T) rethrows -> T {
        let thread = checkedCurrentThread()
        return try lock.withLock { _ in
            try run(body, on: thread)
        }
    }

    /// Runs `body` with exclusive use of the connection if no other thread has it now; nil, without
    /// waiting, when one does.
    func syncIfAvailable<T>(_ body: (Connection) throws -> T) rethrows -> T? {
        let thread = checkedCurrentThread()
        return try lock.withLockIfAvailable { _ in
            try run(body, on: thread)
        }
    }

    private func run<T>(_ body: (Connection) throws -> T, on thread: UInt) rethrows -> T {
        owner.store(thread, ordering: .relaxed)
        defer { owner.store(0, ordering: .relaxed) }
        return try body(connection)
    }

    /// The current thread's identity, after checking it is not already inside `sync`.
    private func checkedCurrentThread() -> UInt {
        #if canImport(Glibc)
            let thread = UInt(pthread_self())
        #else
            let thread = UInt(bitPattern: pthread_self())
        #endif
        precondition(
            owner.load(ordering: .relaxed) != thread,
            """
            Database.read/write was called from inside another read/write on the same thread, which would \
            deadlock. Use the Connection the outer closure received instead.
            """)
        return thread
    }
}
