import CSQLite
import Foundation

/// One SQLite connection: the handle, its configuration, a prepared-statement cache, and the hooks
/// that record which tables a transaction touched.
///
/// A connection is not thread-safe (it is opened with `SQLITE_OPEN_NOMUTEX`): `Database` serializes all
/// access to each of its connections. Code that holds a `Connection` is inside such a serialized block.
public final class Connection {
    /// The `sqlite3 *` handle.
    let handle: OpaquePointer
    /// The file this connection is open on.
    public let path: String
    /// The file's identity, counted in `OpenFiles` while this connection is open.
    private let fileIdentity: DatabaseFile.Identity

    private var statementCache: [String: Statement] = [:]
    /// Tables written by the open transaction (or the running autocommit statement).
    private var touchedTables: Set<String> = []
    /// Tables of a transaction whose commit hook fired; reported once the statement completes.
    private var committedTables: Set<String> = []
    /// Called after a transaction that wrote to tables has committed, with those tables' names.
    var didCommit: ((Set<String>) -> Void)?

    // MARK: - Opening

    /// Opens (creating when `create` is true) the database file at `path` and configures the connection.
    ///
    /// The file is checked before SQLite sees it: an existing file that is not a SQLite database is refused
    /// untouched, rather than handed to SQLite, which could create a `-wal` file beside it.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        let identity = try OpenFiles.acquire(path: path, create: configuration.createIfMissing)
        var handle: OpaquePointer?
        // NOMUTEX: Database serializes access itself. EXRESCODE: extended result codes from open onward.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = StorageError.sqlite(code, handle: handle, sql: nil)
            sqlite3_close_v2(handle)
            OpenFiles.release(identity)
            throw StorageError.cannotOpen(path: path, reason: error.description)
        }
        self.handle = handle
        self.path = path
        self.fileIdentity = identity
        // From here on a throw still runs deinit (self is fully initialized), which closes the handle.
        try configure(configuration)
        installHooks()
    }

    deinit {
        statementCache.removeAll()
        // close_v2 defers the close until every statement is finalized, so an escaped statement
        // cannot make this fail.
        sqlite3_close_v2(handle)
        OpenFiles.release(fileIdentity)
    }

    /// Applies the pragmas and options every connection of this project runs with.
    private func configure(_ configuration: DatabaseConfiguration) throws {
        sqlite3_extended_result_codes(handle, 1)
        // Wait for another writer instead of failing at once with SQLITE_BUSY.
        // https://www.sqlite.org/c3ref/busy_timeout.html
        sqlite3_busy_timeout(handle, Int32(clamping: configuration.busyTimeoutMilliseconds))
        // Double-quoted string literals are a misfeature: `"Heat"` must be an identifier, so a typo in a
        // column name is an error instead of a stored string. https://www.sqlite.org/quirks.html#dblquote
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DDL, 0)
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0)
        // Reading the header here turns "not a database" and corruption into an error at open time.
        _ = try scalarInt("PRAGMA schema_version")
        if configuration.isReadOnly {
            // query_only keeps this connection from writing while it still shares the WAL index.
            // https://www.sqlite.org/pragma.html#pragma_query_only
            try execute("PRAGMA query_only = ON")
        } else {
            // WAL: readers never block the writer and the writer never blocks readers; a commit is one
            // append to the -wal file. https://www.sqlite.org/wal.html
            try switchToWAL(timeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
        // In WAL mode NORMAL is safe from corruption and only the last commits before a power loss may
        // roll back; FULL would fsync on every commit. https://www.sqlite.org/pragma.html#pragma_synchronous
        try execute("PRAGMA synchronous = NORMAL")
        // Foreign keys are off by default for compatibility; this schema relies on them.
        // https://www.sqlite.org/foreignkeys.html#fk_enable
        try execute("PRAGMA foreign_keys = ON")
    }

    /// Puts the file in WAL mode, waiting up to the busy timeout for other processes doing the same.
    ///
    /// The mode is persistent, so only a new file needs the switch, which takes an exclusive lock. When
    /// several processes open a new file at once, each holds a shared lock and asks for the exclusive
    /// one; SQLite answers SQLITE_BUSY at once, without the busy handler, since waiting could deadlock
    /// (https://www.sqlite.org/c3ref/busy_handler.html). So the switch is tried again until the others
    /// are done, and skipped when the file is already in WAL mode (the header was read just before).
    private func switchToWAL(timeoutMilliseconds: Int) throws {
        if try scalarString("PRAGMA journal_mode")?.lowercased() == "wal" { return }
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            do {
                guard try scalarString("PRAGMA journal_mode = WAL")?.lowercased() == "wal" else {
                    throw StorageError.cannotOpen(
                        path: path, reason: "cannot switch the database to WAL mode")
                }
                return
            } catch let error as StorageError where error.isBusy && ContinuousClock.now < deadline {
                usleep(5_000)
            }
        }
    }

    // MARK: - Statements

    /// Compiles `sql` into a new statement owned by the caller.
    public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: handle, sql: sql) }
        guard let statement else {
            throw StorageError.sqlite(SQLITE_MISUSE, handle: nil, sql: "\(sql) -- empty statement")
        }
        return Statement(handle: statement, connection: self, sql: sql)
    }

    /// A compiled statement for `sql`, compiled once per connection and reused afterwards.
    ///
    /// Reuse skips SQLite's parser and planner, which dominate the cost of small statements.
    /// The statement comes back reset, with its previous bindings cleared.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            sqlite3_reset(statement.handle)
            sqlite3_clear_bindings(statement.handle)
            return statement
        }
        var raw: OpaquePointer?
        // PERSISTENT tells SQLite the statement lives long, so it allocates it outside the lookaside pool.
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else { throw StorageError.sqlite(code, handle: handle, sql: sql) }
        let statement = Statement(handle: raw, connection: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more `;`-separated statements without arguments, e.g. a migration script.
    public func execute(_ sql: String) throws {
        try sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &cursor)
                guard code == SQLITE_OK else {
                    throw StorageError.sqlite(code, handle: handle, sql: String(cString: current))
                }
                guard let statement else { continue }  // only whitespace or a comment was left
                let compiled = Statement(
                    handle: statement, connection: self, sql: String(cString: sqlite3_sql(statement)))
                while try compiled.step() {}
            }
        }
    }

    /// Runs `sql` with `arguments` through the statement cache.
    public func execute(_ sql: String, _ arguments: [any SQLBindable]) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// The first column of the first row of `sql` as an integer, or nil when there is no row or it is NULL.
    public func scalarInt(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> Int? {
        try cachedStatement(sql).fetchOne(arguments) { $0.optionalInt(at: 0) } ?? nil
    }

    /// The first column of the first row of `sql` as text, or nil when there is no row or it is NULL.
    public func scalarString(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> String? {
        try cachedStatement(sql).fetchOne(arguments) { $0.optionalString(at: 0) } ?? nil
    }

    /// The rowid of the most recent successful INSERT on this connection. Settable, so a caller can
    /// tell whether an upsert inserted (the rowid changes) or updated (it does not): set it to 0 first.
    /// https://www.sqlite.org/c3ref/set_last_insert_rowid.html
    public var lastInsertedRowID: Int64 {
        get { sqlite3_last_insert_rowid(handle) }
        set { sqlite3_set_last_insert_rowid(handle, newValue) }
    }

    /// The number of rows the most recent INSERT, UPDATE or DELETE changed.
    public var changedRowCount: Int { Int(sqlite3_changes64(handle)) }

    /// True outside an explicit transaction (`sqlite3_get_autocommit`).
    public var isInAutocommitMode: Bool { sqlite3_get_autocommit(handle) != 0 }

    // MARK: - Transactions

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    ///
    /// IMMEDIATE takes the write lock up front, so two writers queue on the busy timeout instead of both
    /// starting to read and then one failing with SQLITE_BUSY at its first write (which no timeout can
    /// fix). https://www.sqlite.org/lang_transaction.html#deferred_immediate_and_exclusive_transactions
    /// Nested calls run in a savepoint of the enclosing transaction.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a deferred transaction, so all its reads see one snapshot of the file.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        guard isInAutocommitMode else {
            return try savepoint(body)
        }
        try cachedStatement(begin).run()
        do {
            let result = try body()
            try cachedStatement("COMMIT").run()
            return result
        } catch {
            rollbackQuietly()
            throw error
        }
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        try cachedStatement("SAVEPOINT nested").run()
        do {
            let result = try body()
            try cachedStatement("RELEASE nested").run()
            return result
        } catch {
            try? cachedStatement("ROLLBACK TO nested").run()
            try? cachedStatement("RELEASE nested").run()
            throw error
        }
    }

    /// Rolls back the open transaction, if any; the original error is what the caller reports.
    public func rollbackQuietly() {
        guard !isInAutocommitMode else { return }
        // A failed COMMIT or a statement error may already have rolled back (sqlite3_get_autocommit
        // tells); ROLLBACK then would fail with "no transaction is active".
        try? cachedStatement("ROLLBACK").run()
    }

    // MARK: - Change tracking

    /// Installs the hooks that record written tables and report them after commit.
    ///
    /// - The update hook names each table a row change touched (rowid tables only, which is all this
    ///   schema has). https://www.sqlite.org/c3ref/update_hook.html
    /// - The authorizer disables the "truncate optimization" of `DELETE FROM t` without WHERE, which would
    ///   otherwise bypass the update hook: returning SQLITE_IGNORE for SQLITE_DELETE makes SQLite delete
    ///   row by row. https://www.sqlite.org/c3ref/set_authorizer.html
    /// - The commit hook moves the touched tables to "committed"; they are reported once the statement
    ///   that committed returns, so an observer never reads before the commit is visible.
    /// - The rollback hook drops them. https://www.sqlite.org/c3ref/commit_hook.html
    private func installHooks() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(
            handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.touchedTables.insert(String(cString: table))
            }, context)
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.committedTables.formUnion(connection.touchedTables)
                connection.touchedTables.removeAll(keepingCapacity: true)
                return 0
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.touchedTables.removeAll(keepingCapacity: true)
                connection.committedTables.removeAll(keepingCapacity: true)
            }, context)
        sqlite3_set_authorizer(
            handle,
            { _, action, table, _, _, _ in
                guard action == SQLITE_DELETE, let table else { return SQLITE_OK }
                // sqlite_* tables are SQLite's own; ignoring their deletes would break schema changes.
                return strncmp(table, "sqlite_", 7) == 0 ? SQLITE_OK : SQLITE_IGNORE
            }, nil)
    }

    /// Reports committed tables once the connection is back in autocommit mode after a step.
    func statementDidStep() {
        guard !committedTables.isEmpty, isInAutocommitMode else { return }
        let tables = committedTables
        committedTables.removeAll(keepingCapacity: true)
        didCommit?(tables)
    }

    /// `PRAGMA data_version`: changes whenever another connection commits to the file.
    /// https://www.sqlite.org/pragma.html#pragma_data_version
    func dataVersion() throws -> Int {
        try scalarInt("PRAGMA data_version") ?? 0
    }
}
