import Basics
import MoviesCore
import News
import Storage

/// The application's database: the file opened with this project's settings and migrated to the
/// schema this binary carries, with the stores built on it.
///
/// The front (view models, the command line) reaches the file only through this type and the stores it
/// hands out; connections, statements and the migrator stay behind it, at `package` level.
public struct AppDatabase: Sendable {
    /// How the file is opened.
    public struct Options: Sendable {
        /// How long a write waits for another program's lock before giving up (SQLite's busy timeout).
        /// Not zero: with zero, two `movies add` started together would make one fail at once.
        public var busyTimeoutMilliseconds = DatabaseConfiguration().busyTimeoutMilliseconds
        /// Create the file (and its folder) when missing.
        public var createIfMissing = true
        /// Read and write through one connection (see `DatabaseConfiguration.readsThroughWriter`): for
        /// a command that runs and ends, which pays for opening the file once instead of twice.
        public var usesOneConnection = false
        /// The scratch file opened, for a migrated copy or a dry run (see `reading`).
        var scratch: ScratchFile?

        /// The defaults: a 5 s busy timeout, a missing file created, read-write.
        public init() {}

        /// The storage settings.
        var configuration: DatabaseConfiguration {
            var configuration = DatabaseConfiguration()
            configuration.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            configuration.createIfMissing = createIfMissing
            configuration.readsThroughWriter = usesOneConnection
            configuration.scratch = scratch
            return configuration
        }
    }

    /// The migrations compiled into this binary from `Migrations/*.sql`.
    package static let migrator = Migrator(EmbeddedMigrations.all)

    /// The schema version this binary brings a file to.
    public static var latestSchemaVersion: Int { migrator.latestVersion }

    /// The underlying connections.
    package let database: Database

    /// The file's path: the one given, also where what is open is a migrated copy of it (`reading`).
    public let path: String

    /// Whether opening this database created its file: a command that writes says so
    /// ("Created a new list at …"), since a mistyped path would otherwise start a new list in silence.
    public let createdFile: Bool

    /// The folders opening this database created for it (none where `createdFile` is false): what
    /// `removeCreatedFile()` takes back with the file.
    let createdFolders: MissingFolders

    /// The movie list.
    public var movies: MovieStore { MovieStore(database: database) }

    /// The news reading list.
    public var news: NewsRepository { NewsRepository(database: database) }

    /// Opens the file at `path` (creating it when missing, unless `options` say not to) and applies
    /// pending migrations.
    ///
    /// A file is refused, with nothing written to it, when it is not a regular file, cannot be read and
    /// written, is not a SQLite database, or is another program's SQLite database (it has tables but
    /// not this program's first migration); see `StorageError`.
    public init(path: String, options: Options = Options()) throws {
        try self.init(path: path, options: options, migrate: true)
    }

    /// The open database, read as `path`.
    init(database: Database, path: String) {
        self.database = database
        self.path = path
        createdFile = false
        createdFolders = MissingFolders(above: nil)
    }

    /// The database at `path`, opened and migrated, or nil when nothing is there: for a command about
    /// something the list already holds (`show 5`), which must not create an empty list to say that it
    /// holds nothing. A path that cannot hold a database is refused as `init(path:)` refuses it.
    public static func existing(path: String, options: Options = Options()) throws -> AppDatabase? {
        var options = options
        options.createIfMissing = false
        do {
            return try AppDatabase(path: path, options: options)
        } catch StorageError.missing {
            return nil
        }
    }

    /// Opens the file at `path` as it is, without migrating it: for `movies migrate`, which reports
    /// what it applies, and `movies migrate --status`, which changes nothing.
    public static func openWithoutMigrating(path: String, options: Options = Options()) throws -> AppDatabase
    {
        try AppDatabase(path: path, options: options, migrate: false)
    }

    /// Opens the file with the check that refuses another program's SQLite file (or one from a newer
    /// movies, or with an edited migration) before anything is written to it, and migrates it unless
    /// that check found its schema current: then the check's read was the migrator's, and a command
    /// pays for reading the schema's state once.
    init(path: String, options: Options, migrate: Bool, displayPath: String? = nil) throws {
        let isCurrent = Locked(false)
        var configuration = options.configuration
        configuration.checkBeforeWriting = { connection in
            let pending = try AppDatabase.migrator.checkCanMigrate(connection)
            isCurrent.withLock { $0 = pending.isEmpty }
        }
        let existed = options.createIfMissing ? Self.exists(path) : true
        let missingFolders = MissingFolders(above: existed ? nil : path)
        database = try Database(path: path, configuration: configuration)
        self.path = displayPath ?? path
        // Another process may have made the file between the look and the open: only the one whose
        // exclusive create made it says it created the list.
        createdFile = !existed && DatabaseFile.takeCreation(of: path)
        createdFolders = createdFile ? missingFolders : MissingFolders(above: nil)
        guard migrate else { return }
        if !isCurrent.current {
            try Self.migrator.migrate(database)
        }
        // Rows written by hand since the last open (by `sqlite3`, or an older `movies`) lack keys
        // whether or not the schema was current.
        try keyPendingTitles()
    }

    /// Writes the title keys of rows that have none (see `PendingTitleKeys`). A file this process may
    /// not write, or one another writer keeps locked, is read as it is: its rows get their keys on a
    /// later open, and until then sort first by title.
    private func keyPendingTitles() throws {
        do {
            try PendingTitleKeys.fill(database)
        } catch let error as StorageError where error.isSQLite(.readOnly) || error.isBusy {
            return
        }
    }

    // MARK: - Schema

    /// Which migrations the file has and which this binary would apply, after checking that the file
    /// is one this binary can use (not from a newer `movies`, no edited migration).
    public func schemaStatus() throws -> SchemaStatus {
        SchemaStatus(try Self.migrator.status(of: database))
    }

    /// `schemaStatus()` of the file at `path`, read without writing or creating anything: no file, no
    /// folder, no `-wal` or `-shm`, no checkpoint of another program's log (`Database.inspect`). For
    /// `movies migrate --status`; a missing file is `StorageError.missing`.
    public static func schemaStatus(ofFileAt path: String, options: Options = Options()) throws
        -> SchemaStatus
    {
        var configuration = options.configuration
        configuration.checkBeforeWriting = { try migrator.checkCanMigrate($0) }
        return try Database.inspect(path: path, configuration: configuration) { connection in
            SchemaStatus(try migrator.status(reading: connection))
        }
    }

    /// Applies every pending migration in order; returns the identifiers of those this call applied
    /// (`0004_movie_links_and_stars`), empty when the schema was current.
    @discardableResult
    public func migrate() throws -> [String] {
        let applied = try Self.migrator.migrate(database).map(\.identifier)
        try keyPendingTitles()
        return applied
    }

    /// How many rows this process's writes have inserted, changed or deleted since the file was opened
    /// (`total_changes()`, https://www.sqlite.org/lang_corefunc.html#total_changes), rolled-back ones
    /// included: compared before and after a command, it tells whether the command wrote.
    public func changeCount() throws -> Int {
        try database.writeWithoutTransaction { try $0.scalarInt("SELECT total_changes()") } ?? 0
    }

    /// Removes the file this database created, with its companions and the folders made for it, for a
    /// command that failed before writing anything of its own to the new list: a refused `news add` on
    /// a mistyped `--db` leaves no empty list, and no folder, behind. Does nothing to a file that
    /// existed before.
    public func removeCreatedFile() {
        guard createdFile else { return }
        DatabaseFile.removeWithCompanions(path)
        createdFolders.remove()
    }

    /// How many change observations are live on this file: zero once every observer has stopped.
    /// For tests and diagnostics.
    public var observerCount: Int { database.observerCount }
}

/// What `movies migrate --status` shows: the migrations a file has, and those still to come.
public struct SchemaStatus: Sendable, Equatable {
    /// One applied migration.
    public struct Applied: Sendable, Equatable {
        /// `0001_create_movies`.
        public var identifier: String
        /// When it was applied, ISO-8601 UTC as the file stores it.
        public var appliedAt: String
    }

    /// Applied migrations, oldest first.
    public var applied: [Applied]
    /// Identifiers of the migrations this binary would apply, in order.
    public var pending: [String]

    /// The storage layer's status in the front's terms.
    init(_ status: MigrationStatus) {
        applied = status.applied.map { Applied(identifier: $0.identifier, appliedAt: $0.appliedAt) }
        pending = status.pending.map(\.identifier)
    }
}
