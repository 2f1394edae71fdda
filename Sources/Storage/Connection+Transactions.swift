import CSQLite

/// How a transaction body ends its transaction: by deciding, not by throwing.
public enum TransactionCompletion: Sendable {
    /// Keep the body's work.
    case commit
    /// Undo the body's work; the caller sees no error.
    case rollback
}

/// When a transaction takes the write lock.
/// https://www.sqlite.org/lang_transaction.html#deferred_immediate_and_exclusive_transactions
public enum TransactionKind: Sendable {
    /// At the first write, or never: for reads, which then see one snapshot of the file.
    case deferred
    /// At `BEGIN`: two writers queue on the busy timeout instead of both starting to read and then one
    /// failing with SQLITE_BUSY at its first write (which no timeout can fix).
    case immediate

    var beginSQL: String {
        switch self {
        case .deferred: "BEGIN DEFERRED"
        case .immediate: "BEGIN IMMEDIATE"
        }
    }
}

/// Transactions whose bodies decide how they end. No caller writes `BEGIN`, `COMMIT` or `ROLLBACK`.
extension Connection {
    /// Runs `body` in a transaction and ends it as `body` decides: `.commit` keeps its work, `.rollback`
    /// undoes it without an error. A throw rolls back too, and the error goes on to the caller.
    ///
    /// Inside another transaction the body runs in a savepoint of it, so `.rollback` (or a throw) undoes
    /// only the body's work and the outer transaction goes on (https://www.sqlite.org/lang_savepoint.html);
    /// `kind` then does not matter, the outer transaction already holds its locks.
    public func inTransaction(
        _ kind: TransactionKind = .immediate, _ body: () throws -> TransactionCompletion
    ) throws {
        try transaction(kind) { (try body(), ()) }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it
    /// throws; in a savepoint when a transaction is already open.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(.immediate) { (.commit, try body()) }
    }

    /// Runs `body` in a deferred transaction, so all its reads see one snapshot of the file.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(.deferred) { (.commit, try body()) }
    }

    /// The one mechanism behind the methods above.
    private func transaction<T>(
        _ kind: TransactionKind, _ body: () throws -> (TransactionCompletion, T)
    ) throws -> T {
        guard isInAutocommitMode else { return try savepoint(body) }
        try cachedStatement(kind.beginSQL).run()
        let completion: TransactionCompletion
        let result: T
        do {
            (completion, result) = try body()
            switch completion {
            case .commit: try cachedStatement("COMMIT").run()
            case .rollback: try rollback()
            }
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    private func savepoint<T>(_ body: () throws -> (TransactionCompletion, T)) throws -> T {
        try cachedStatement("SAVEPOINT nested").run()
        let completion: TransactionCompletion
        let result: T
        do {
            (completion, result) = try body()
        } catch {
            // The savepoint may be gone already: some errors roll back the whole transaction.
            try? cachedStatement("ROLLBACK TO nested").run()
            try? cachedStatement("RELEASE nested").run()
            throw error
        }
        if completion == .rollback {
            try cachedStatement("ROLLBACK TO nested").run()
        }
        try cachedStatement("RELEASE nested").run()
        return result
    }

    /// Rolls back the open transaction; nothing to do when SQLite already did (some errors, such as a
    /// full disk, end the transaction themselves: https://www.sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction).
    private func rollback() throws {
        guard !isInAutocommitMode else { return }
        try cachedStatement("ROLLBACK").run()
    }

    /// Rolls back after a failure; the failure, not the rollback's, is what the caller reports.
    private func rollbackQuietly() {
        try? rollback()
    }
}
