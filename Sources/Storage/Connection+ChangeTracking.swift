import Basics
import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a connection notices about the tables it touches: the tables each commit wrote (for the
/// observers of those tables) and the tables a piece of work read (what an observation must watch).
extension Connection {
    // MARK: - Hooks

    /// Installs the hooks that record written and read tables.
    ///
    /// - The update hook names each table a row change touched: rowid tables only, so an FTS5 table's
    ///   writes show as writes to its rowid shadow tables (`movies_fts_data`, `movies_fts_docsize`), never
    ///   to the virtual table itself. https://www.sqlite.org/c3ref/update_hook.html
    /// - The commit hook moves the touched tables to "committed"; they are reported once the statement
    ///   that committed returns, so an observer never reads before the commit is visible.
    /// - The rollback hook drops them. https://www.sqlite.org/c3ref/commit_hook.html
    /// - The authorizer, called while SQLite compiles a statement (https://www.sqlite.org/c3ref/set_authorizer.html):
    ///   - sees `SQLITE_READ` with the name of each table (or view) a statement reads, which becomes the
    ///     statement's `tablesRead`. SQLite's own `sqlite_*` tables are left out: their changes never
    ///     reach the update hook, so watching them would only ever wait for another process.
    ///   - disables the "truncate optimization" of `DELETE FROM t` without WHERE, which would otherwise
    ///     bypass the update hook: returning SQLITE_IGNORE for SQLITE_DELETE makes SQLite delete row by
    ///     row (again except for `sqlite_*` tables, where ignoring deletes would break schema changes, and
    ///     for the table a `DROP TABLE` drops, which would otherwise stay).
    func installHooks() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(
            handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                // An insert into `movies` changes rows of six tables in turn (its triggers and full-text
                // indexes): a name known by where SQLite keeps it, and confirmed in place, is the usual
                // answer; a name is made and hashed only for a table not seen yet. (The hook runs for
                // every row written, staging and shadow tables included: about 0.25 s of a 12.9 s import
                // of 200,000 films in perf's samples, 2026-12-04.) Confirmed, because a table dropped
                // and another created in one transaction may take the same address.
                let address = UnsafeRawPointer(table)
                if let known = connection.touchedTableAddresses[address],
                    known.withCString({ strcmp($0, table) == 0 })
                {
                    return
                }
                let name = String(cString: table)
                connection.touchedTables.insert(name)
                connection.touchedTableAddresses[address] = name
            }, context)
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.committedTables.formUnion(connection.touchedTables)
                connection.touchedTables.removeAll(keepingCapacity: true)
                connection.touchedTableAddresses.removeAll(keepingCapacity: true)
                return 0
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                connection.touchedTables.removeAll(keepingCapacity: true)
                connection.committedTables.removeAll(keepingCapacity: true)
                connection.touchedTableAddresses.removeAll(keepingCapacity: true)
            }, context)
        sqlite3_set_authorizer(
            handle,
            { context, action, table, _, _, _ in
                guard let table, strncmp(table, "sqlite_", 7) != 0 else { return SQLITE_OK }
                switch action {
                case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW,
                    SQLITE_DROP_VTABLE:
                    guard let context else { return SQLITE_OK }
                    Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().tableBeingDropped =
                        String(cString: table)
                    return SQLITE_OK
                case SQLITE_DELETE:
                    // DROP TABLE asks for SQLITE_DELETE on the table right after SQLITE_DROP_TABLE, and
                    // ignoring that one would make the DROP do nothing without a word (sqlite3DropTable).
                    if let context {
                        let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                        if let dropped = connection.tableBeingDropped, strcmp(dropped, table) == 0 {
                            connection.tableBeingDropped = nil
                            return SQLITE_OK
                        }
                    }
                    return SQLITE_IGNORE
                case SQLITE_READ:
                    guard let context else { return SQLITE_OK }
                    let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
                    connection.noteRead(of: table)
                    return SQLITE_OK
                default:
                    return SQLITE_OK
                }
            }, context)
    }

    /// Records a table the authorizer saw read: for the statement this connection is compiling, or, when
    /// SQLite compiles one of its own while a statement steps (FTS5 does, on its shadow tables), for the
    /// running recording.
    private func noteRead(of table: UnsafePointer<CChar>) {
        let name = String(decoding: UnsafeRawBufferPointer(start: table, count: strlen(table)), as: UTF8.self)
            .asciiLowercased
        if isCompiling {
            tablesReadWhileCompiling.insert(name)
        } else {
            tablesReadWhileRecording?.insert(name)
        }
    }

    /// Called after every step of `statement`: adds its tables to the running recording, and reports
    /// committed tables once the connection is back in autocommit mode.
    func statementDidStep(_ statement: Statement) {
        if tablesReadWhileRecording != nil && statement.recordedInGeneration != recordingGeneration {
            statement.recordedInGeneration = recordingGeneration
            tablesReadWhileRecording?.formUnion(statement.tablesRead)
        }
        guard !committedTables.isEmpty, isInAutocommitMode else { return }
        let tables = committedTables
        committedTables.removeAll(keepingCapacity: true)
        changeCenter?.notify(tables: tables)
    }

    // MARK: - Tables read

    /// Runs `body` and returns its result with the tables its statements read, lowercased: what an
    /// observation of `body`'s result must watch.
    ///
    /// A statement counts when it runs (is stepped), with every table its compiled form reads, whatever
    /// rows it returns. A virtual table read brings its shadow tables along (`movies_fts` brings
    /// `movies_fts_data`, `movies_fts_idx`...), since writes to it reach the update hook only as writes
    /// to those (https://www.sqlite.org/vtab.html#xshadowname). SQLite's `sqlite_*` tables are never
    /// listed. Recordings nest: an inner one's tables count for the outer one too.
    public func recordingTablesRead<T>(_ body: () throws -> T) throws -> (value: T, tables: Set<String>) {
        let outer = tablesReadWhileRecording
        var read: Set<String> = []
        tablesReadWhileRecording = []
        recordingGeneration &+= 1
        defer {
            recordingGeneration &+= 1
            tablesReadWhileRecording = outer.map { $0.union(read) }
        }
        let value: T
        do {
            value = try body()
            read = tablesReadWhileRecording ?? []
        } catch {
            read = tablesReadWhileRecording ?? []
            throw error
        }
        tablesReadWhileRecording = nil
        read = try withShadowTables(read)
        return (value, read)
    }

    /// `tables` and the shadow tables of the virtual tables among them.
    ///
    /// `PRAGMA table_list` (SQLite 3.37, as `STRICT` tables are) marks virtual and shadow tables; a
    /// shadow table's name is its virtual table's name, an underscore and a suffix.
    /// https://www.sqlite.org/pragma.html#pragma_table_list
    private func withShadowTables(_ tables: Set<String>) throws -> Set<String> {
        guard !tables.isEmpty else { return tables }
        let listed = try cachedStatement(
            "SELECT lower(name), type = 'virtual' FROM pragma_table_list WHERE type IN ('virtual', 'shadow')"
        ).fetchAll { row in (name: row.string(at: 0), isVirtual: row.int(at: 1) != 0) }
        let virtualTablesRead = listed.filter { $0.isVirtual && tables.contains($0.name) }.map(\.name)
        guard !virtualTablesRead.isEmpty else { return tables }
        var expanded = tables
        for shadow in listed where !shadow.isVirtual {
            if virtualTablesRead.contains(where: { shadow.name.hasPrefix($0 + "_") }) {
                expanded.insert(shadow.name)
            }
        }
        return expanded
    }

    // MARK: - Other connections' commits

    /// `PRAGMA data_version`: changes whenever another connection commits to the file.
    /// https://www.sqlite.org/pragma.html#pragma_data_version
    func dataVersion() throws -> Int {
        try scalarInt("PRAGMA data_version") ?? 0
    }
}
