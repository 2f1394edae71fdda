/// Applies versioned migrations to a database, following the rules in docs/ARCHITECTURE.md ("Migrations").
///
/// - Each migration runs in its own `BEGIN IMMEDIATE` transaction together with its row in
///   `schema_migrations` (version, name, checksum, applied_at), so it is applied entirely or not at all.
/// - Foreign keys are switched off around each migration (they cannot be switched inside a transaction,
///   https://www.sqlite.org/foreignkeys.html#fk_enable) so a migration may rebuild a table, and
///   `PRAGMA foreign_key_check` must find nothing before it commits.
/// - `PRAGMA user_version` mirrors the highest applied version, for tools that only read the header.
/// - A database holding versions this binary does not know, or an applied migration whose SQL changed,
///   is refused before anything is written; so is a database with tables this migrator did not make
///   (`checkCanMigrate(_:)`, run before the file is even switched to WAL mode).
public struct Migrator: Sendable {
    /// The known migrations, in version order.
    public let migrations: [Migration]

    /// Creates a migrator; versions must be strictly increasing.
    public init(_ migrations: [Migration]) {
        for (previous, next) in zip(migrations, migrations.dropFirst()) {
            precondition(
                previous.version < next.version,
                "migrations must be in strictly increasing version order: \(previous.identifier) then \(next.identifier)"
            )
        }
        self.migrations = migrations
    }

    /// The version the newest known migration brings a database to (0 when there are none).
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    // MARK: - Recognising a file

    /// Refuses a file this migrator must not migrate: one with tables it did not make (another program's
    /// SQLite database), one from a newer program, or one whose applied migrations were edited.
    ///
    /// Meant for `DatabaseConfiguration.checkBeforeWriting`, so the refusal comes before anything is
    /// written, the switch to WAL mode included. A file is this migrator's when `schema_migrations`
    /// records its first migration, version and name: every file it migrated has that row, committed in
    /// the same transaction as the first tables, so no reader ever sees those tables without it. Other
    /// tools name a table `schema_migrations` too (Rails, golang-migrate, Ecto), with other columns and
    /// rows. A file with no schema object at all is new, and nothing in it can be lost.
    ///
    /// Returns the migrations the file still needs (none when its schema is current), so a caller that
    /// opens and then migrates can skip reading the same state again.
    @discardableResult
    public func checkCanMigrate(_ connection: Connection) throws -> [Migration] {
        let state: AppliedState
        do {
            state = try AppliedState(reading: connection)
        } catch let error as StorageError where error.resultCode == .error {
            // SQLITE_ERROR compiling the read: a `schema_migrations` with other columns than ours.
            throw StorageError.unrecognizedDatabase(path: connection.path)
        }
        if state.schemaObjects > 0 {
            let first = migrations.first
            guard let first,
                state.records.contains(where: { $0.version == first.version && $0.name == first.name })
            else { throw StorageError.unrecognizedDatabase(path: connection.path) }
        }
        try validate(state)
        return migrations.filter { !state.hasApplied($0.version) }
    }

    // MARK: - Status

    /// What is applied to `database` and what is pending, after checking the database is compatible.
    public func status(of database: Database) throws -> MigrationStatus {
        try database.writeWithoutTransaction { try status(reading: $0) }
    }

    /// `status(of:)` read on `connection`, inside whatever transaction it has (a backup being restored is
    /// checked in the same read transaction it is copied in).
    public func status(reading connection: Connection) throws -> MigrationStatus {
        let state = try AppliedState(reading: connection)
        try validate(state)
        return MigrationStatus(
            applied: state.records,
            pending: migrations.filter { !state.hasApplied($0.version) })
    }

    // MARK: - Migrating

    /// Applies every pending migration in order and returns the ones this call applied.
    ///
    /// When the schema is current this costs three small queries and parses no migration SQL.
    @discardableResult
    public func migrate(_ database: Database) throws -> [Migration] {
        try database.writeWithoutTransaction { connection in
            let state = try AppliedState(reading: connection)
            try validate(state)
            let pending = migrations.filter { !state.hasApplied($0.version) }
            var applied: [Migration] = []
            for migration in pending where try apply(migration, on: connection) {
                applied.append(migration)
            }
            return applied
        }
    }

    /// Applies one migration in its own transaction; false when another process applied it first.
    private func apply(_ migration: Migration, on connection: Connection) throws -> Bool {
        try connection.executeScript("PRAGMA foreign_keys = OFF")
        defer { try? connection.executeScript("PRAGMA foreign_keys = ON") }
        return try connection.writeTransaction {
            // Re-read under the write lock: a second `movies` may have migrated while this one waited.
            let state = try AppliedState(reading: connection)
            try validate(state)
            guard !state.hasApplied(migration.version) else { return false }
            do {
                try connection.executeScript(AppliedState.createTableSQL)
                try connection.executeScript(migration.sql)
                if let violation = try connection.scalarString(
                    "SELECT \"table\" FROM pragma_foreign_key_check")
                {
                    throw StorageError.migrationFailed(
                        identifier: migration.identifier,
                        reason: "it leaves rows in \(violation) that break a foreign key")
                }
                try connection.execute(
                    "INSERT INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)",
                    arguments: [migration.version, migration.name, migration.checksum])
                // PRAGMA takes no parameters; the version is an Int, so interpolating it is safe.
                try connection.executeScript("PRAGMA user_version = \(migration.version)")
            } catch let error as StorageError {
                if case .migrationFailed = error { throw error }
                throw StorageError.migrationFailed(
                    identifier: migration.identifier, reason: error.description)
            }
            return true
        }
    }

    /// Refuses a database from a newer program or with an edited migration.
    private func validate(_ state: AppliedState) throws {
        let newest = max(state.userVersion, state.records.map(\.version).max() ?? 0)
        let isKnown = { (version: Int) in migrations.contains { $0.version == version } }
        if newest > latestVersion || state.records.contains(where: { !isKnown($0.version) }) {
            throw StorageError.newerDatabase(databaseVersion: newest, knownVersion: latestVersion)
        }
        for record in state.records {
            guard let migration = migrations.first(where: { $0.version == record.version }) else { continue }
            if migration.checksum != record.checksum {
                throw StorageError.migrationChanged(identifier: migration.identifier)
            }
        }
    }
}

/// What `Migrator.status(of:)` reports.
public struct MigrationStatus: Sendable, Equatable {
    /// Migrations recorded in `schema_migrations`, oldest first.
    public let applied: [MigrationRecord]
    /// Known migrations not yet applied, in the order they would run.
    public let pending: [Migration]
}

/// One row of `schema_migrations`.
public struct MigrationRecord: Sendable, Equatable {
    /// The migration's version.
    public let version: Int
    /// The migration's name.
    public let name: String
    /// The SHA-256 of its SQL when applied.
    public let checksum: String
    /// When it was applied, ISO-8601 UTC.
    public let appliedAt: String

    /// `0001_create_movies`.
    public var identifier: String { Migration.identifier(version: version, name: name) }
}

/// The migration bookkeeping read from a database.
struct AppliedState {
    static let createTableSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,  -- the NNNN of Migrations/NNNN_name.sql
            name       TEXT    NOT NULL,
            checksum   TEXT    NOT NULL,     -- SHA-256 of the SQL as applied; edits are refused
            applied_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        ) STRICT
        """

    let userVersion: Int
    /// How many tables, indexes, views and triggers the file holds: 0 for a new file.
    let schemaObjects: Int
    /// The rows of `schema_migrations`, empty when there is no such table.
    let records: [MigrationRecord]
    /// Whether migration `version` is recorded. A search rather than a `Set`: there are a dozen
    /// records and a dozen migrations, and building a set for each question cost more than asking.
    func hasApplied(_ version: Int) -> Bool { records.contains { $0.version == version } }

    /// One statement on a file that has `schema_migrations` (every file this program made), else three
    /// small ones; compiled once per connection (the check before writing and the migration that
    /// follows share them).
    init(reading connection: Connection) throws {
        if let state = try Self.readInOneStatement(connection) {
            self = state
            return
        }
        userVersion = try connection.scalarInt("PRAGMA user_version") ?? 0
        let (objects, hasTable) =
            try connection.cachedStatement(
                """
                SELECT count(*), count(*) FILTER (WHERE type = 'table' AND name = 'schema_migrations')
                FROM sqlite_schema
                """
            ).fetchOne { ($0.int(at: 0), $0.int(at: 1) > 0) } ?? (0, false)
        schemaObjects = objects
        guard hasTable else {
            records = []
            return
        }
        records = try connection.cachedStatement(
            "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version"
        ).fetchAll { row in
            MigrationRecord(
                version: row.int(at: 0), name: row.string(at: 1), checksum: row.string(at: 2),
                appliedAt: row.string(at: 3))
        }
    }

    private init(userVersion: Int, schemaObjects: Int, records: [MigrationRecord]) {
        self.userVersion = userVersion
        self.schemaObjects = schemaObjects
        self.records = records
    }

    /// The user version, the schema's size and the applied migrations in one statement, so opening a
    /// current file costs one query: `pragma_user_version` is the pragma as a table-valued function
    /// (https://www.sqlite.org/pragma.html#pragfunc), and the LEFT JOIN keeps a row when the table is
    /// empty. Nil when the statement does not compile (no `schema_migrations`, or one with other
    /// columns): the statements above then tell those cases apart.
    private static func readInOneStatement(_ connection: Connection) throws -> AppliedState? {
        let statement: Statement
        do {
            statement = try connection.cachedStatement(
                """
                SELECT state.user_version, state.objects, m.version, m.name, m.checksum, m.applied_at
                FROM (SELECT (SELECT user_version FROM pragma_user_version) AS user_version, count(*) AS objects
                      FROM sqlite_schema) AS state
                LEFT JOIN schema_migrations AS m
                ORDER BY m.version
                """)
        } catch let error as StorageError where error.resultCode == .error {
            return nil
        }
        var userVersion = 0
        var schemaObjects = 0
        let records = try statement.fetchAll { row -> MigrationRecord? in
            userVersion = row.int(at: 0)
            schemaObjects = row.int(at: 1)
            guard let version = row.optionalInt(at: 2) else { return nil }
            return MigrationRecord(
                version: version, name: row.string(at: 3), checksum: row.string(at: 4),
                appliedAt: row.string(at: 5))
        }
        return AppliedState(
            userVersion: userVersion, schemaObjects: schemaObjects, records: records.compactMap { $0 })
    }
}
