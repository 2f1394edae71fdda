import Basics
import Foundation

/// A SQLite database file, shared safely between threads and tasks.
///
/// Writes go through one writer connection in `BEGIN IMMEDIATE` transactions; reads go through a
/// separate reader connection, so in WAL mode a long read never waits for a write and vice versa.
/// Both are serialized internally. After each commit that wrote to tables, the observers of those
/// tables are told (see `observe(tables:fetch:)`).
public final class Database: Sendable {
    /// The file's path.
    public let path: String
    /// The options the file was opened with.
    public let configuration: DatabaseConfiguration

    private let writer: SerializedConnection
    private let reader: Locked<SerializedConnection?>
    /// Observers and the external-change poller.
    let changes: ChangeCenter

    /// Opens the database at `path`, creating it (folder `0700`, file `0600`) when missing.
    ///
    /// Throws `StorageError.isDirectory`, `.notADatabase` (the file is left byte-for-byte unchanged) or
    /// `.cannotOpen` when the path cannot hold a database.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        self.path = path
        self.configuration = configuration
        let connection = try Connection(path: path, configuration: configuration)
        let changes = ChangeCenter(path: path, configuration: configuration)
        connection.didCommit = { [changes] tables in changes.notify(tables: tables) }
        self.changes = changes
        self.writer = SerializedConnection(connection)
        self.reader = Locked(nil)
    }

    // MARK: - Access

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`), rolled back if it throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.sync { connection in
            try connection.writeTransaction { try body(connection) }
        }
    }

    /// Runs `body` on the writer connection outside any transaction.
    ///
    /// For work that manages its own transactions (migrations, bulk imports) or must run outside one
    /// (`PRAGMA foreign_keys`, `VACUUM`).
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.sync(body)
    }

    /// Runs `body` in a read transaction on the reader connection: one consistent snapshot, never
    /// blocked by a writer.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try readerConnection().sync { connection in
            try connection.readTransaction { try body(connection) }
        }
    }

    /// The reader connection, opened on first use: commands that only write never pay for it.
    private func readerConnection() throws -> SerializedConnection {
        try reader.withLock { reader in
            if let reader { return reader }
            var readOnly = configuration
            readOnly.isReadOnly = true
            readOnly.createIfMissing = false
            let opened = SerializedConnection(try Connection(path: path, configuration: readOnly))
            reader = opened
            return opened
        }
    }

    // MARK: - Observation

    /// Observes a value computed from the database: the current value first, then a fresh value after
    /// every commit that touched one of `tables`, from this process or any other.
    ///
    /// Commits in quick succession may be merged into one value, and a value equal to the previous one
    /// is not repeated; the last value is never older than the last commit. The observation stops when
    /// the consuming task is cancelled or stops iterating; a fetch error ends the sequence with it.
    public func observe<Value: Sendable & Equatable>(
        tables: Set<String>,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (values, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let subscription = changes.subscribe(tables: tables)
        let task = Task.detached { [self] in
            var last: Value?
            var signals = subscription.signals.makeAsyncIterator()
            do {
                repeat {
                    let value = try read(fetch)
                    if value != last {
                        continuation.yield(value)
                        last = value
                    }
                } while await signals.next() != nil && !Task.isCancelled
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { [changes] _ in
            task.cancel()
            changes.unsubscribe(subscription.id)
        }
        return values
    }

    /// A signal after every commit that touched one of `tables`, from this process or any other (then
    /// without knowing which tables). Signals in quick succession may merge into one.
    ///
    /// For observers that decide themselves what to re-read (a paged list re-reads the pages it shows).
    public func commits(touching tables: Set<String>) -> AsyncStream<Void> {
        let subscription = changes.subscribe(tables: tables)
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let relay = Task.detached {
            for await _ in subscription.signals {
                continuation.yield()
            }
            continuation.finish()
        }
        continuation.onTermination = { [changes] _ in
            relay.cancel()
            changes.unsubscribe(subscription.id)
        }
        return signals
    }

    /// How many observations are live: zero once every observer has stopped. For tests and diagnostics.
    public var observerCount: Int { changes.subscriberCount }
}
