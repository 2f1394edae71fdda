import Basics
import Dispatch

/// Fans commit notifications out to observations, and watches for commits from other connections.
///
/// In-process commits arrive from the writer connection's hooks with the exact tables they touched, and
/// wake the observers that watch one of them. Commits made elsewhere (the `sqlite3` command, a second
/// `movies`, another `Database` on the file) cannot be hooked; a poller checks `PRAGMA data_version`
/// every `pollInterval` and, when it moved, wakes every observer to re-read. The poller runs, on its own
/// dispatch queue, only while someone observes.
///
/// Waking is a call, not a message through the Swift concurrency pool: observers run on dispatch queues
/// of their own (see `ValueObserver`), so a pool kept busy by other work never delays a change.
final class ChangeCenter: Sendable {
    private struct Subscriber {
        /// The tables (lowercased) whose commits wake this observer; nil wakes it for every commit.
        var tables: Set<String>?
        /// Tells the observer to re-read. Called outside the lock; must not block.
        let wake: @Sendable () -> Void
    }

    private struct State {
        var nextID = 0
        var subscribers: [Int: Subscriber] = [:]
        /// Changes whenever the poller starts or stops, so a stopped poller's pending turn ends itself.
        var pollerGeneration = 0
        var isPolling = false
        /// The data version the poller last read; nil before its first successful read.
        var lastDataVersion: Int?
    }

    private let pollInterval: Duration
    /// Reads `PRAGMA data_version` on a connection whose own commits are reported by its hooks; nil when
    /// it cannot be read.
    private let readDataVersion: @Sendable () -> Int?
    private let pollQueue = DispatchQueue(label: "movies.storage.change-poller")
    private let state = Locked(State())

    init(pollInterval: Duration, readDataVersion: @escaping @Sendable () -> Int?) {
        self.pollInterval = pollInterval
        self.readDataVersion = readDataVersion
    }

    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Registers an observer of every table (until `watch(_:for:)` narrows it) and returns its id.
    /// Starts the poller when it is the first; see `waitForFirstPoll()`.
    func subscribe(wake: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(tables: nil, wake: wake)
            if !state.isPolling {
                state.isPolling = true
                state.pollerGeneration += 1
                state.lastDataVersion = nil
                let generation = state.pollerGeneration
                // Queued under the lock, so every waitForFirstPoll() comes after this first reading.
                pollQueue.async { [weak self] in self?.poll(generation: generation) }
            }
            return id
        }
    }

    /// Waits until the poller has read the data version that later commits from elsewhere are compared
    /// to, so an observer that reads after this misses none. Blocks: call it on an observer's queue.
    func waitForFirstPoll() {
        pollQueue.sync {}
    }

    /// Sets the tables whose commits wake observer `id` (compared case-insensitively, as SQLite compares
    /// names: ASCII letters only); nil for every table.
    func watch(_ tables: Set<String>?, for id: Int) {
        let lowercased = tables.map { Set($0.map(\.asciiLowercased)) }
        state.withLock { state in
            state.subscribers[id]?.tables = lowercased
        }
    }

    /// Removes an observer; the poller stops with the last one.
    func unsubscribe(_ id: Int) {
        state.withLock { state in
            state.subscribers.removeValue(forKey: id)
            if state.subscribers.isEmpty && state.isPolling {
                state.isPolling = false
                state.pollerGeneration += 1
            }
        }
    }

    /// Wakes the observers of any of `tables`; nil means "unknown tables" and wakes everyone.
    func notify(tables: Set<String>?) {
        let lowercased = tables.map { Set($0.map(\.asciiLowercased)) }
        let targets = state.withLock { state in
            state.subscribers.values.filter { subscriber in
                guard let changed = lowercased, let watched = subscriber.tables else { return true }
                return !watched.isDisjoint(with: changed)
            }
        }
        for subscriber in targets {
            subscriber.wake()
        }
    }

    /// One turn of the poller: read the data version, wake everyone if it moved, and come back after
    /// `pollInterval` unless the poller was stopped meanwhile.
    private func poll(generation: Int) {
        guard state.withLock({ $0.pollerGeneration == generation }) else { return }
        let version = readDataVersion()
        let moved = state.withLock { state -> Bool in
            guard state.pollerGeneration == generation, let version else { return false }
            defer { state.lastDataVersion = version }
            return state.lastDataVersion.map { $0 != version } ?? false
        }
        if moved {
            notify(tables: nil)
        }
        let nanoseconds =
            pollInterval.components.seconds * 1_000_000_000
            + pollInterval.components.attoseconds / 1_000_000_000
        pollQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
            self?.poll(generation: generation)
        }
    }
}
