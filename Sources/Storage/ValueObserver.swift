import Basics
import Dispatch

/// One running observation (see `Database.observe(_:)`): fetches on a serial dispatch queue of its own
/// whenever the change center wakes it, and hands each new value to the stream's consumer.
///
/// Nothing here runs on the Swift concurrency pool: the fetch blocks this queue's thread (a busy
/// timeout can make it wait), and a wake-up is a dispatch to this queue, so a pool kept busy by other
/// tasks neither delays a value nor is held up by one. Only the consumer's `for await` runs on the pool.
final class ValueObserver<Value: Sendable & Equatable>: Sendable {
    private struct State {
        /// The database, until the observation stops: a stopped observer must not keep it (and its
        /// connections) open while its last queued turns drain.
        var database: Database?
        var id: Int?
        /// A refresh is queued and has not started: later wake-ups merge into it.
        var isScheduled = false
        var isStopped = false
        var last: Value?
    }

    private let changes: ChangeCenter
    private let fetch: @Sendable (Connection) throws -> Value
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation
    private let queue = DispatchQueue(label: "movies.storage.observation")
    private let state: Locked<State>

    init(
        database: Database, fetch: @escaping @Sendable (Connection) throws -> Value,
        continuation: AsyncThrowingStream<Value, any Error>.Continuation
    ) {
        changes = database.changes
        self.fetch = fetch
        self.continuation = continuation
        state = Locked(State(database: database))
    }

    /// Subscribes (every table, until the first fetch says which it reads) and fetches the first value.
    func start() {
        let id = changes.subscribe { [weak self] in self?.schedule() }
        state.withLock { $0.id = id }
        queue.async { [self] in
            changes.waitForFirstPoll()
            refresh()
        }
    }

    /// Stops for good: no more fetches, and the change center forgets this observer.
    func stop() {
        let (id, database) = state.withLock { state -> (Int?, Database?) in
            state.isStopped = true
            defer { state.database = nil }
            return (state.id, state.database)
        }
        if let id { changes.unsubscribe(id) }
        _ = database  // released here, outside the lock
    }

    /// Queues a refresh unless one is already waiting to start.
    private func schedule() {
        let shouldQueue = state.withLock { state -> Bool in
            guard !state.isStopped && !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard shouldQueue else { return }
        queue.async { [self] in
            state.withLock { $0.isScheduled = false }
            refresh()
        }
    }

    /// Fetches (on `queue`), learns the tables the fetch read, and yields the value if it changed.
    ///
    /// While the fetch runs the observer is woken by every commit: one that lands after the fetch's
    /// snapshot but before its tables are known must still cause a re-read.
    private func refresh() {
        let current = state.withLock { state -> (id: Int, database: Database)? in
            guard !state.isStopped, let id = state.id, let database = state.database else { return nil }
            return (id, database)
        }
        guard let (id, database) = current else { return }
        changes.watch(nil, for: id)
        do {
            let (value, tables) = try database.read { connection in
                try connection.recordingTablesRead { try fetch(connection) }
            }
            changes.watch(tables, for: id)
            let isNew = state.withLock { state -> Bool in
                guard !state.isStopped && state.last != value else { return false }
                state.last = value
                return true
            }
            if isNew { continuation.yield(value) }
        } catch {
            continuation.finish(throwing: error)
        }
    }
}
