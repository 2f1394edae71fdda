import Foundation
import Storage

/// The application's database: the file opened with this project's settings and migrated to the
/// schema this binary carries, with the stores built on it.
public struct AppDatabase: Sendable {
    /// The migrations compiled into this binary from `Migrations/*.sql`.
    public static let migrator = Migrator(EmbeddedMigrations.all)

    /// The underlying connection pool.
    public let database: Database

    /// The movie list.
    public var movies: MovieStore { MovieStore(database: database) }

    /// The news reading list.
    public var news: NewsRepository { NewsRepository(database: database) }

    /// Opens the file at `path` (creating it when missing) and applies pending migrations.
    ///
    /// When `migrate` is false the file is opened as is, for `movies migrate --status`.
    public init(
        path: String, configuration: DatabaseConfiguration = DatabaseConfiguration(), migrate: Bool = true
    )
        throws
    {
        database = try Database(path: path, configuration: configuration)
        if migrate {
            try Self.migrator.migrate(database)
        }
    }
}
