import Basics
import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection: the handle, its configuration, a prepared-statement cache, and the hooks
/// that record which tables a transaction wrote and which tables a statement reads
/// (`Connection+ChangeTracking.swift`); transactions are in `Connection+Transactions.swift`.
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
    /// The scratch file this connection is open on, if it is one: held so that it is removed only after
    /// the handle closes (stored properties are released after `deinit`'s body has run).
    private let scratch: ScratchFile?

    private var statementCache: [String: Statement] = [:]
    /// Tables written by the open transaction (or the running autocommit statement).
    var touchedTables: Set<String> = []
    /// The tables of `touchedTables` by the address of the name SQLite gave the update hook.
    var touchedTableAddresses: [UnsafeRawPointer: String] = [:]
    /// Tables of a transaction whose commit hook fired; reported once the statement completes.
    var committedTables: Set<String> = []
    /// Told after a transaction that wrote to tables has committed, with those tables' names.
    ///
    /// Weak: the center holds the writer connection (for polling), so the connection must not hold the
    /// center. A weak property rather than a closure capturing the center weakly: that closure's context
    /// has a destroy function with no symbol of its own, which the start-up order cannot place, and
    /// each such function costs a one-shot command a 64 KiB window of text at exit.
    weak var changeCenter: ChangeCenter?
    /// Tables the authorizer saw read since the last statement began compiling (see `compile`).
    var tablesReadWhileCompiling: Set<String> = []
    /// The table a `DROP TABLE` being compiled drops, between the authorizer's SQLITE_DROP_TABLE and
    /// SQLITE_DELETE for it (see `installHooks`).
    var tableBeingDropped: String?
    /// True while this connection compiles a statement of its own; reads the authorizer reports at other
    /// times come from statements SQLite compiles while one steps (FTS5's on its shadow tables).
    var isCompiling = false
    /// Tables read inside `recordingTablesRead`; nil outside it.
    var tablesReadWhileRecording: Set<String>?
    /// Changes at the start and end of each `recordingTablesRead`, so each statement adds its tables to a
    /// recording once, not at every step.
    var recordingGeneration = 0

    // MARK: - Opening

    /// Opens (creating when `configuration.createIfMissing` is true) the database file at `path` and
    /// configures the connection.
    ///
    /// The file is checked before SQLite sees it (`DatabaseFile`): a path that is not a regular file, or
    /// an existing file that is not a SQLite database, is refused untouched rather than handed to SQLite,
    /// which could create a `-journal` or `-wal` beside it. The path is opened as a path, never as a URI
    /// or a special name (`PathText.sqliteName(for:)`), and SQLite is not asked to create it
    /// (`SQLITE_OPEN_CREATE` is left out): the file exists by then, made with private permissions.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws {
        SQLiteLibrary.configure()  // before anything calls SQLite, which initialises it
        let (identity, access) = try OpenFiles.acquire(
            path: path, create: configuration.createIfMissing && configuration.access.writes,
            access: configuration.access)
        let hadWriteAheadLog = DatabaseFile.hasWriteAheadLog(path)
        var handle: OpaquePointer?
        // NOMUTEX: Database serializes access itself. EXRESCODE: extended result codes from open onward.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= access.opensReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        let name: String
        if access == .immutable {
            // immutable is a URI parameter only; the path goes in percent-encoded.
            flags |= SQLITE_OPEN_URI
            name = PathText.immutableURI(for: path)
        } else {
            name = PathText.sqliteName(for: path)
        }
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = StorageError.sqlite(code, handle: handle, sql: nil)
            sqlite3_close_v2(handle)
            OpenFiles.release(identity)
            throw StorageError.cannotOpen(path: path, reason: error.description)
        }
        self.handle = handle
        self.path = path
        self.fileIdentity = identity
        self.scratch = configuration.scratch
        // From here on a throw still runs deinit (self is fully initialized), which closes the handle.
        do {
            try configure(configuration)
        } catch {
            // Closing the last connection checkpoints the WAL into the database file. A -wal that was
            // there before (another program's, left by a crash) is not ours to fold into a file we refuse.
            // https://www.sqlite.org/c3ref/c_dbconfig_defensive.html#sqlitedbconfignockptonclose
            if hadWriteAheadLog {
                _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1)
            }
            throw error
        }
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
    ///
    /// Nothing is written before the file is accepted: the connection starts with `query_only` on, reads
    /// the header, lets `checkBeforeWriting` look at the file, and only then (unless it is read-only)
    /// may write, beginning with the switch to WAL mode, which rewrites the file's header.
    ///
    /// A connection that writes looks at the file through a read-write handle, which is also what SQLite
    /// needs to recover a `-wal` or roll back a hot `-journal` a crash left
    /// (https://www.sqlite.org/atomiccommit.html#hot_rollback_journals): the file is this program's by then.
    /// A connection that only reads a file this process does not write is opened read-only
    /// (`DatabaseConfiguration.Access`), so SQLite cannot write it at all.
    private func configure(_ configuration: DatabaseConfiguration) throws {
        sqlite3_extended_result_codes(handle, 1)
        // Wait for another writer instead of failing at once with SQLITE_BUSY.
        // https://www.sqlite.org/c3ref/busy_timeout.html
        sqlite3_busy_timeout(handle, Int32(clamping: configuration.busyTimeoutMilliseconds))
        // Double-quoted string literals are a misfeature: `"Heat"` must be an identifier, so a typo in a
        // column name is an error instead of a stored string. https://www.sqlite.org/quirks.html#dblquote
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DDL, 0)
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0)
        // query_only keeps this connection from writing (it still shares the WAL index, and reads).
        // https://www.sqlite.org/pragma.html#pragma_query_only
        try executeScript("PRAGMA query_only = ON")
        // Reading the header here turns "not a database" and corruption into an error at open time.
        _ = try scalarInt("PRAGMA schema_version")
        try configuration.checkBeforeWriting?(self)
        if configuration.access.writes {
            if let pageSize = configuration.pageSizeForNewFile, try scalarInt("PRAGMA page_count") == 0 {
                try setPageSize(pageSize)
            }
            try executeScript("PRAGMA query_only = OFF")
            // WAL: readers never block the writer and the writer never blocks readers; a commit is one
            // append to the -wal file. https://www.sqlite.org/wal.html
            try switchToWAL(timeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
        // In WAL mode NORMAL is safe from corruption and only the last commits before a power loss may
        // roll back; FULL would fsync on every commit. https://www.sqlite.org/pragma.html#pragma_synchronous
        try executeScript("PRAGMA synchronous = NORMAL")
        // Foreign keys are off by default for compatibility; this schema relies on them.
        // https://www.sqlite.org/foreignkeys.html#fk_enable
        try executeScript("PRAGMA foreign_keys = ON")
    }

    /// Gives an empty file `bytes`-sized pages (a power of two from 512 to 65536; others are refused
    /// rather than silently ignored, as SQLite would: https://www.sqlite.org/pragma.html#pragma_page_size).
    private func setPageSize(_ bytes: Int) throws {
        guard (512...65536).contains(bytes), bytes & (bytes - 1) == 0 else {
            throw StorageError.cannotOpen(
                path: path, reason: "\(bytes) bytes is not a page size SQLite can use")
        }
        // PRAGMA takes no parameters; `bytes` is a checked Int, so interpolating it is safe.
        try executeScript("PRAGMA page_size = \(bytes)")
    }

    /// Puts the file in WAL mode, waiting up to the busy timeout for other processes doing the same.
    ///
    /// The mode is persistent, so only a new file needs the switch, which takes an exclusive lock. When
    /// several processes open a new file at once, each holds a shared lock and asks for the exclusive
    /// one; SQLite answers SQLITE_BUSY at once, without the busy handler, since waiting could deadlock
    /// (https://www.sqlite.org/c3ref/busy_handler.html). So the switch is tried again until the others
    /// are done, and skipped when the file is already in WAL mode (the header was read just before).
    private func switchToWAL(timeoutMilliseconds: Int) throws {
        if try scalarString("PRAGMA journal_mode")?.asciiLowercased == "wal" { return }
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            do {
                guard try scalarString("PRAGMA journal_mode = WAL")?.asciiLowercased == "wal" else {
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

    /// Compiles `sql`, one statement, into a new statement owned by the caller.
    public func prepare(_ sql: String) throws -> Statement {
        try compile(sql, flags: 0)
    }

    /// A compiled statement for `sql`, compiled once per connection and reused afterwards.
    ///
    /// Reuse skips SQLite's parser and planner, which dominate the cost of small statements.
    /// The statement comes back reset, with its previous bindings cleared. The cache keeps every text it
    /// is given, so text whose length follows a count (an `IN` list, a multi-row insert) is written
    /// through `ParameterList`, in a few sizes.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            sqlite3_reset(statement.handle)
            sqlite3_clear_bindings(statement.handle)
            return statement
        }
        // PERSISTENT tells SQLite the statement lives long, so it allocates it outside the lookaside pool.
        let statement = try compile(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        statementCache[sql] = statement
        return statement
    }

    /// How many statements the cache holds: one per SQL text ever passed to `cachedStatement`, kept
    /// until the connection closes. What tests of `ParameterList` check stays bounded.
    package var cachedStatementCount: Int { statementCache.count }

    /// Runs `sql`, one statement, with `arguments`, through the statement cache.
    ///
    /// Text holding a second statement is refused rather than cut short (SQLite would compile only the
    /// first and ignore the rest): scripts go through `executeScript(_:)`.
    public func execute(_ sql: String, arguments: [any SQLBindable] = []) throws {
        try cachedStatement(sql).execute(arguments: arguments)
    }

    /// Runs a script of `;`-separated statements without arguments, e.g. a migration. Each statement is
    /// compiled, run and finalized in turn; nothing is cached.
    public func executeScript(_ sql: String) throws {
        try sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                tablesReadWhileCompiling.removeAll(keepingCapacity: true)
                var statement: OpaquePointer?
                isCompiling = true
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &cursor)
                isCompiling = false
                guard code == SQLITE_OK else {
                    throw StorageError.sqlite(code, handle: handle, sql: String(cString: current))
                }
                guard let statement else { continue }  // only whitespace or a comment was left
                let compiled = Statement(
                    handle: statement, connection: self, sql: String(cString: sqlite3_sql(statement)),
                    tablesRead: tablesReadWhileCompiling)
                while try compiled.step() {}
            }
        }
    }

    /// Compiles the one statement in `sql`, noting the tables it reads (the authorizer reports them
    /// while SQLite compiles; see `installHooks`).
    private func compile(_ sql: String, flags: UInt32) throws -> Statement {
        tablesReadWhileCompiling.removeAll(keepingCapacity: true)
        var raw: OpaquePointer?
        let rest = try sql.withCString { start -> String? in
            var tail: UnsafePointer<CChar>?
            isCompiling = true
            let code = sqlite3_prepare_v3(handle, start, -1, flags, &raw, &tail)
            isCompiling = false
            guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: handle, sql: sql) }
            guard let tail, tail.pointee != 0 else { return nil }
            return String(cString: tail)
        }
        guard let raw else {
            throw StorageError.sqlite(SQLITE_MISUSE, handle: nil, sql: "\(sql) -- empty statement")
        }
        let statement = Statement(
            handle: raw, connection: self, sql: sql, tablesRead: tablesReadWhileCompiling)
        if let rest, holdsStatement(rest) {
            throw StorageError.sqlite(
                SQLITE_MISUSE, handle: nil,
                sql: "\(sql) -- more than one statement; run scripts with executeScript(_:)")
        }
        return statement
    }

    /// Whether `text` (what follows a compiled statement) holds another statement, not only white space,
    /// semicolons or comments. Text SQLite cannot compile counts as a statement too.
    private func holdsStatement(_ text: String) -> Bool {
        if text.allSatisfy({ $0 == ";" || $0.isWhitespace }) { return false }
        return text.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                isCompiling = true
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &cursor)
                isCompiling = false
                sqlite3_finalize(statement)
                if code != SQLITE_OK || statement != nil { return true }
            }
            return false
        }
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

    /// Whether the file at `path` is no longer the one this connection has open: removed, or another
    /// file in its place (deleted and created anew, or renamed over it). SQLite keeps reading and
    /// writing the open file, which no one else sees any more, and cannot tell.
    var fileWasReplaced: Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR }
        return DatabaseFile.Identity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
            != fileIdentity
    }

    /// True outside an explicit transaction (`sqlite3_get_autocommit`).
    public var isInAutocommitMode: Bool { sqlite3_get_autocommit(handle) != 0 }
}
