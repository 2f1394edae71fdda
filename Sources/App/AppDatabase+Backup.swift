import Basics
import MoviesCore
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `movies backup` wrote.
public struct BackupSummary: Sendable, Equatable {
    /// The backup's path, as given.
    public var path: String
    /// Its size in bytes.
    public var bytes: Int
    /// The schema version it holds (the source's: a backup is never migrated).
    public var schemaVersion: Int
    /// Movies in it.
    public var movies: Int
    /// News items in it.
    public var newsItems: Int
}

extension AppDatabase {
    /// Writes a copy of the whole database, as it is at one moment, to `path`, while other programs go on
    /// reading and writing the file.
    ///
    /// The copy is the database file SQLite would have at that moment, pages and all (`Database.backup`),
    /// not migrated: a backup taken before an upgrade is the list as the older `movies` left it. It is
    /// written beside `path` (mode `0600`), checked — `PRAGMA integrity_check`, the schema version it was
    /// copied at, a schema this binary can open — and only then renamed over `path` (`ReplacementFile`),
    /// so `path` holds the old backup or the whole new one. A database from a newer `movies` is refused
    /// like any other use of it. A file at `path` is replaced only when it is a movies database (an
    /// earlier backup) or empty, or with `force`. `progress` gets the share of pages copied.
    public func backup(to path: String, force: Bool = false, progress: (Double) -> Void = { _ in }) throws
        -> BackupSummary
    {
        _ = try schemaStatus()
        let destination = try Self.backupDestination(path, refusingFilesOf: self.path, force: force)
        return try Self.writeVerifiedCopy(
            of: database, to: destination, displayPath: path, progress: progress)
    }

    /// The regular file a backup named `path` replaces (a symbolic link followed to its target, as
    /// `export -o` does), after refusing what cannot hold a database file or must not be replaced by one:
    /// a folder, a device, a FIFO or a socket (`OutputDestination`), the database itself or one of its
    /// `-wal`, `-shm`, `-journal` (`DatabaseFiles`), a path with such companions beside it, which
    /// SQLite would take for the new file's, and, unless `force`, a file that is not a movies database
    /// (`Migrator.whyNotReplaceable`): `backup own.csv`, the name of an export, would have replaced the
    /// export with a database, and "Backed up" would have said nothing of it.
    static func backupDestination(_ path: String, refusingFilesOf databasePath: String, force: Bool = false)
        throws -> String
    {
        let target: String
        switch try OutputDestination.resolve(path) {
        case .replace(let file):
            target = file
        case .stream:
            throw OutputFileError(
                path: path, problem: "it is a FIFO or a device; a backup is a database file, name a file")
        }
        let files = DatabaseFiles(databasePath: databasePath)
        if files.contains(target) || files.contains(path) {
            throw OutputFileError(path: path, problem: DatabaseFiles.refusal)
        }
        if let companion = DatabaseFiles.existingCompanions(of: target).first {
            throw OutputFileError(
                path: path,
                problem: "\(companion) lies beside it (a program has it open, or did not close it); "
                    + "choose another file")
        }
        if !force, let reason = migrator.whyNotReplaceable(target) {
            throw OutputFileError(
                path: path,
                problem: "it is not a backup of a movies list (\(reason)), and a backup replaces only an "
                    + "earlier backup; nothing was written. Name another file, or give --force to replace it")
        }
        return target
    }

    /// Copies `database` into a temporary file beside `target`, verifies the copy, and renames it over
    /// `target`.
    static func writeVerifiedCopy(
        of database: Database, to target: String, displayPath: String, replacing: Bool = true,
        progress: (Double) -> Void
    ) throws -> BackupSummary {
        let file = try ReplacementFile(replacing: target, displayPath: displayPath)
        // SQLite writes the file by name, and any file it makes beside it goes with it.
        file.handOverToSQLite()
        let snapshot = try database.backup(into: file.temporaryPath) { progress($0.fraction) }
        let counts = try verifyCopy(at: file.temporaryPath, of: snapshot, displayPath: displayPath)
        try file.commit(replacing: replacing)
        var info = stat()
        let bytes = stat(target, &info) == 0 ? Int(info.st_size) : 0
        return BackupSummary(
            path: displayPath, bytes: bytes, schemaVersion: snapshot.userVersion, movies: counts.movies,
            newsItems: counts.newsItems)
    }

    /// Checks the copy at `path` on a read-only connection of its own: every page sound, the schema
    /// version it was copied at, a schema this binary can open. Returns its counts of movies and items.
    private static func verifyCopy(at path: String, of snapshot: BackupSnapshot, displayPath: String) throws
        -> (movies: Int, newsItems: Int)
    {
        var configuration = DatabaseConfiguration()
        configuration.access = .immutable
        configuration.createIfMissing = false
        let copy = try Database(path: path, configuration: configuration)
        return try copy.writeWithoutTransaction { connection in
            try connection.readTransaction {
                if let problem = try connection.integrityProblems(limit: 1).first {
                    throw BackupError.copyNotVerified(
                        path: displayPath, problem: "integrity_check: \(problem)")
                }
                let version = try connection.scalarInt("PRAGMA user_version") ?? 0
                guard version == snapshot.userVersion else {
                    throw BackupError.copyNotVerified(
                        path: displayPath,
                        problem: "schema version \(version) where the database has \(snapshot.userVersion)")
                }
                _ = try migrator.status(reading: connection)
                return try counts(on: connection)
            }
        }
    }

    /// Movies and news items in the database `connection` reads, 0 for a table it does not have yet.
    static func counts(on connection: Connection) throws -> (movies: Int, newsItems: Int) {
        let counts = try ListCounts(reading: connection)
        return (counts.movies, counts.newsItems)
    }
}
