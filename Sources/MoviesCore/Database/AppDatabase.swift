import Foundation
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

        /// The defaults: a 5 s busy timeout, and a missing file created.
        public init() {}

        var configuration: DatabaseConfiguration {
            var configuration = DatabaseConfiguration()
            configuration.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            configuration.createIfMissing = createIfMissing
            return configuration
        }
    }

    /// The migrations compiled into this binary from `Migrations/*.sql`.
    package static let migrator = Migrator(EmbeddedMigrations.all)

    /// The schema version this binary brings a file to.
    public static var latestSchemaVersion: Int { migrator.latestVersion }

    /// The underlying connections.
    package let database: Database

    /// The file's path.
    public var path: String { database.path }

    /// The movie list.
    public var movies: MovieStore { MovieStore(database: database) }

    /// The news reading list.
    public var news: NewsRepository { NewsRepository(database: database) }

    /// Opens the file at `path` (creating it when missing, unless `options` say not to) and applies
    /// pending migrations.
    public init(path: String, options: Options = Options()) throws {
        try self.init(path: path, options: options, migrate: true)
    }

    /// Opens the file at `path` as it is, without migrating it: for `movies migrate`, which reports
    /// what it applies, and `movies migrate --status`, which changes nothing.
    public static func openWithoutMigrating(path: String, options: Options = Options()) throws -> AppDatabase
    {
        try AppDatabase(path: path, options: options, migrate: false)
    }

    private init(path: String, options: Options, migrate: Bool) throws {
        database = try Database(path: path, configuration: options.configuration)
        if migrate {
            try Self.migrator.migrate(database)
            try keyPendingTitles()
        }
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
        let status = try Self.migrator.status(of: database)
        return SchemaStatus(
            applied: status.applied.map {
                SchemaStatus.Applied(identifier: $0.identifier, appliedAt: $0.appliedAt)
            },
            pending: status.pending.map(\.identifier))
    }

    /// Applies every pending migration in order; returns the identifiers of those this call applied
    /// (`0004_movie_links_and_stars`), empty when the schema was current.
    @discardableResult
    public func migrate() throws -> [String] {
        let applied = try Self.migrator.migrate(database).map(\.identifier)
        try keyPendingTitles()
        return applied
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
}
