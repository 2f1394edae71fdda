import Basics
import Dispatch

/// A SQLite database file, shared safely between threads and tasks.
///
/// Writes go through one writer connection in `BEGIN IMMEDIATE` transactions; reads go through a
/// separate reader connection, so in WAL mode a long read never waits for a write and vice versa.
/// Both are serialized internally. After each commit that wrote to tables, the observers of those
/// tables are told (see `observe(_:)`).
///
/// Every access comes in two forms. The synchronous one runs on the caller's thread, for code that is
/// not on the Swift concurrency pool (the main thread, a command). The `async` one, which async code
/// gets by default, runs the same work on the connection's own serial dispatch queue and resumes the
/// caller when it is done: a busy timeout can keep SQLite waiting for seconds, and that wait must not
/// hold one of the few threads of the cooperative pool, whose tasks would all stall behind it.
public final class Database: Sendable {
    /// The file's path.
    public let path: String
    /// The options the file was opened with.
    public let configuration: DatabaseConfiguration

    private let writer: SerializedConnection
    private let reader: Locked<SerializedConnection?>
    /// Where async writes block, one at a time, instead of on the cooperative pool.
    private let writerQueue = DispatchQueue(label: "movies.storage.writer")
    /// Where async reads block, one at a time, instead of on the cooperative pool.
    private let readerQueue = DispatchQueue(label: "movies.storage.reader")
    /// Observers and the external-change poller.
    let changes: ChangeCenter

    /// Opens the database at `path`, creating it (folder `0700`, file `0600`) when missing.
    ///
    /// Throws `StorageError.notAFile`, `.notADatabase`, `.notWritable`, `.unusableCompanion`, `.missing`
    /// or `.cannotOpen` when the path cannot hold a database, and what `checkBeforeWriting` throws; each
    /// leaves the files as they were (see `DatabaseFile`).
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        self.path = path
        self.configuration = configuration
        let connection = try Connection(path: path, configuration: configuration)
        let writer = SerializedConnection(connection)
        let replaced = Locked(false)
        // The poller asks the writer: its data_version moves only for other connections' commits, so the
        // commits this Database makes (already reported, table by table, by its hooks) wake nobody twice.
        // It also looks at the path: a file deleted and created anew, or renamed over, leaves this
        // process on the old one, whose data_version never moves again. Then every access refuses
        // (`checkNotReplaced`), and the observers are woken, once, by a version no file has, to find out.
        let changes = ChangeCenter(pollInterval: configuration.externalChangePollInterval) {
            try? writer.sync { connection in
                if replaced.current || connection.fileWasReplaced {
                    replaced.withLock { $0 = true }
                    return Int.min
                }
                return try connection.dataVersion()
            }
        }
        connection.changeCenter = changes
        self.changes = changes
        self.writer = writer
        self.reader = Locked(nil)
        self.replaced = replaced
    }

    /// Set once the poller (which runs while someone observes) found the file at `path` removed or
    /// replaced by another.
    private let replaced: Locked<Bool>

    /// Refuses to go on with a file that is no longer at `path` (see `replaced`): an observer would show
    /// the old file's content for good, and a write would go where no one will ever read it.
    private func checkNotReplaced() throws {
        if replaced.current { throw StorageError.replaced(path: path) }
    }

    // MARK: - Writing

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`), rolled back if it throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReplaced()
        return try writer.sync { connection in
            try connection.writeTransaction { try body(connection) }
        }
    }

    /// `write(_:)` on the writer's queue, off the cooperative pool.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await Self.perform(on: writerQueue) { [self] in try write(body) }
    }

    /// Runs `body` in a write transaction that ends as `body` decides (`.commit` or `.rollback`); rolled
    /// back if it throws. See `Connection.inTransaction(_:_:)`.
    public func inTransaction(_ body: (Connection) throws -> TransactionCompletion) throws {
        try checkNotReplaced()
        try writer.sync { connection in
            try connection.inTransaction(.immediate) { try body(connection) }
        }
    }

    /// Runs `body` on the writer connection outside any transaction.
    ///
    /// For work that runs its own transactions (migrations, bulk imports) or must run outside one
    /// (`PRAGMA foreign_keys`, `VACUUM`).
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReplaced()
        return try writer.sync(body)
    }

    // MARK: - Reading

    /// Runs `body` in a read transaction on the reader connection: one consistent snapshot, never
    /// blocked by a writer.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkNotReplaced()
        return try readerConnection().sync { connection in
            try connection.readTransaction { try body(connection) }
        }
    }

    /// `read(_:)` on the reader's queue, off the cooperative pool.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await Self.perform(on: readerQueue) { [self] in try read(body) }
    }

    /// The reader connection, opened on first use: commands that only write never pay for it.
    private func readerConnection() throws -> SerializedConnection {
        if configuration.readsThroughWriter { return writer }
        return try reader.withLock { reader in
            if let reader { return reader }
            var readOnly = configuration
            // A reader of a file this process writes must not write either; one of a read-only file
            // opens it as the writer did.
            readOnly.access = configuration.access.writes ? .queryOnly : configuration.access
            readOnly.createIfMissing = false
            // The writer's connection checked the file when the database opened.
            readOnly.checkBeforeWriting = nil
            let opened = SerializedConnection(try Connection(path: path, configuration: readOnly))
            reader = opened
            return opened
        }
    }

    /// Runs blocking `work` on `queue` and resumes the caller with its result.
    ///
    /// The work, and what it captured (this database among it), is dropped before the caller resumes:
    /// a command that ends right after must find its connections released and closed, which is when
    /// SQLite checkpoints the WAL into the file, not still held by a dispatch thread as the process exits.
    private static func perform<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let pending = PendingWork(work)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = pending.run()
                continuation.resume(with: result)
            }
        }
    }
}

/// Work handed to a dispatch queue, given up as soon as it has run (see `Database.perform`).
private final class PendingWork<T: Sendable>: @unchecked Sendable {
    /// Set on the caller's thread, taken on the queue's; the dispatch orders the two.
    private var work: (@Sendable () throws -> T)?

    init(_ work: @escaping @Sendable () throws -> T) {
        self.work = work
    }

    /// Runs the work once and lets it go.
    func run() -> Result<T, any Error> {
        guard let work else { return .failure(CancellationError()) }
        self.work = nil
        return Result { try work() }
    }
}
