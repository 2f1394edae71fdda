import Basics
import Foundation

/// Fans commit notifications out to observations, and watches for commits from other processes.
///
/// In-process commits arrive from the writer connection's hooks with the exact tables they touched.
/// Commits made elsewhere (the `sqlite3` command, a second `movies`) cannot be hooked; a poller checks
/// `PRAGMA data_version` on its own connection every `externalChangePollInterval` and, when it moved,
/// wakes every observer to re-read. The poller runs only while someone observes.
final class ChangeCenter: Sendable {
    /// One observation's wake-up channel. Signals carry no data: the observer re-reads.
    struct Subscription: Sendable {
        let id: Int
        let signals: AsyncStream<Void>
    }

    private struct Subscriber {
        let tables: Set<String>
        let continuation: AsyncStream<Void>.Continuation
    }

    private struct State {
        var nextID = 0
        var subscribers: [Int: Subscriber] = [:]
        var poller: Task<Void, Never>?
    }

    private let path: String
    private let configuration: DatabaseConfiguration
    private let state = Locked(State())

    init(path: String, configuration: DatabaseConfiguration) {
        self.path = path
        self.configuration = configuration
    }

    deinit {
        state.withLock { $0.poller?.cancel() }
    }

    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Registers an observer of `tables` (compared case-insensitively, as SQLite compares names).
    func subscribe(tables: Set<String>) -> Subscription {
        // bufferingNewest(1): any number of commits before the observer wakes collapse into one re-read.
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(
                tables: Set(tables.map { $0.lowercased() }), continuation: continuation)
            if state.poller == nil {
                state.poller = startPoller()
            }
            return id
        }
        return Subscription(id: id, signals: signals)
    }

    /// Removes an observer; the poller stops with the last one.
    func unsubscribe(_ id: Int) {
        let removed = state.withLock { state -> Subscriber? in
            let removed = state.subscribers.removeValue(forKey: id)
            if state.subscribers.isEmpty {
                state.poller?.cancel()
                state.poller = nil
            }
            return removed
        }
        removed?.continuation.finish()
    }

    /// Wakes the observers of any of `tables`; `nil` means "unknown tables" and wakes everyone.
    func notify(tables: Set<String>?) {
        let lowercased = tables.map { Set($0.map { $0.lowercased() }) }
        let targets = state.withLock { state in
            state.subscribers.values.filter { subscriber in
                lowercased.map { !subscriber.tables.isDisjoint(with: $0) } ?? true
            }
        }
        for subscriber in targets {
            subscriber.continuation.yield()
        }
    }

    /// Starts the task that notices commits from other connections and processes.
    private func startPoller() -> Task<Void, Never> {
        let path = path
        var configuration = configuration
        configuration.isReadOnly = true
        configuration.createIfMissing = false
        let interval = configuration.externalChangePollInterval
        return Task.detached { [weak self] in
            // The poller's own connection: data_version only moves for commits by *other* connections.
            guard let connection = try? Connection(path: path, configuration: configuration) else { return }
            var lastVersion = try? connection.dataVersion()
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                let version = try? connection.dataVersion()
                if version != lastVersion {
                    lastVersion = version
                    guard let self else { return }
                    self.notify(tables: nil)
                }
            }
        }
    }
}
