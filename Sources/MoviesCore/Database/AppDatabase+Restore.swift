import Basics
import FoundationEssentials
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `movies restore` did.
public struct RestoreSummary: Sendable, Equatable {
    /// Movies in the restored list.
    public var movies: Int
    /// News items in it.
    public var newsItems: Int
    /// Migrations applied to the restored list (a backup from an older `movies`).
    public var appliedMigrations: [String]
    /// Where the replaced list was kept, when there was one.
    public var replacedListPath: String?
}

/// The steps of a restore, for a progress display.
public enum RestoreStep: Sendable, Equatable {
    /// Reading the whole backup (`PRAGMA integrity_check`).
    case checkingBackup
    /// Copying the list being replaced to `<db>.before-restore`.
    case keepingReplacedList
    /// Copying the backup into the database.
    case restoring
}

extension AppDatabase {
    /// The suffix of the copy a restore keeps of the list it replaces: `movies.sqlite.before-restore`.
    public static let replacedListSuffix = ".before-restore"

    /// Replaces the list in the database at `databasePath` with the backup at `backupPath`.
    ///
    /// In order, each step refusing with nothing changed:
    /// 1. The backup is opened (never written: `query_only`) and read in one read transaction that lasts
    ///    to the end, so what is checked is what is copied: a `movies` database (it has
    ///    `schema_migrations`) that this binary can open (not from a newer `movies`), which passes
    ///    `PRAGMA integrity_check`.
    /// 2. The database is taken for this process alone (`Database.openExclusively`): refused while
    ///    another program has it open, naming it. Any SQLite connection can write, so a reader such as
    ///    `list --watch` or Litestream counts too; its lock is the only sign of it, and a watcher left
    ///    running would go on showing the old list. Others that try to open the file meanwhile wait.
    /// 3. The current list is copied to `<db>.before-restore`, verified, as `movies backup` does.
    /// 4. The backup is copied into the database file in one write transaction (`replaceContents`):
    ///    the file is never swapped or deleted, so its `-wal` and `-shm` stay its own, and a crash at
    ///    any moment leaves the old list or the new one, whole (SQLite's WAL commit).
    /// 5. Pending migrations are applied (a backup from an older `movies`).
    public static func restore(
        from backupPath: String, into databasePath: String, options: Options = Options(),
        progress: (RestoreStep, Double) -> Void = { _, _ in }
    ) throws -> RestoreSummary {
        if DatabaseFiles(databasePath: databasePath).contains(backupPath) {
            throw BackupError.restoringItself(path: backupPath)
        }
        let backup = try openBackup(at: backupPath, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        return try backup.writeWithoutTransaction { source in
            try source.readTransaction {
                progress(.checkingBackup, 0)
                try checkBackup(source, path: backupPath)
                return try restore(
                    from: source, backupPath: backupPath, into: databasePath, options, progress)
            }
        }
    }

    /// The backup at `path`, opened to be read; its own errors in the words of a restore.
    private static func openBackup(at path: String, busyTimeoutMilliseconds: Int) throws -> Database {
        var configuration = DatabaseConfiguration()
        configuration.isReadOnly = true
        configuration.createIfMissing = false
        configuration.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        guard FileManager.default.fileExists(atPath: path) else {
            throw BackupError.backupMissing(path: path)
        }
        do {
            return try Database(path: path, configuration: configuration)
        } catch let error as StorageError {
            switch error {
            case .notAFile(_, kind: .directory), .notAFile(_, kind: .folderName):
                throw BackupError.backupIsFolder(path: path)
            case .notADatabase: throw BackupError.backupNotSQLite(path: path)
            case .sqlite where error.isSQLite(.notADatabase): throw BackupError.backupNotSQLite(path: path)
            case .sqlite(_, let message, _) where error.isSQLite(.corrupt):
                throw BackupError.backupDamaged(path: path, problem: "SQLite cannot read it: \(message)")
            default: throw error
            }
        }
    }

    /// Refuses a backup that is not a sound `movies` database this binary can open.
    private static func checkBackup(_ source: Connection, path: String) throws {
        let status: MigrationStatus
        do {
            try migrator.checkCanMigrate(source)
            status = try migrator.status(reading: source)
            if let problem = try source.integrityProblems(limit: 1).first {
                throw BackupError.backupDamaged(path: path, problem: "integrity_check: \(problem)")
            }
        } catch let error as StorageError {
            switch error {
            case .unrecognizedDatabase: throw BackupError.notAMoviesDatabase(path: path)
            case .newerDatabase(let version, let known):
                throw BackupError.backupNewer(path: path, version: version, known: known)
            case .sqlite(_, let message, _) where error.isSQLite(.corrupt) || error.isSQLite(.notADatabase):
                throw BackupError.backupDamaged(path: path, problem: "SQLite cannot read it: \(message)")
            default: throw error
            }
        }
        guard !status.applied.isEmpty else { throw BackupError.notAMoviesDatabase(path: path) }
    }

    /// Steps 2 to 5 of `restore(from:into:)`, the backup's read transaction open on `source`.
    private static func restore(
        from source: Connection, backupPath: String, into databasePath: String, _ options: Options,
        _ progress: (RestoreStep, Double) -> Void
    ) throws -> RestoreSummary {
        let existed = FileManager.default.fileExists(atPath: databasePath)
        let keptPath = databasePath + replacedListSuffix
        // Checked before the database is touched: a path that cannot take the copy refuses the restore.
        let keptTarget = existed ? try backupDestination(keptPath, refusingFilesOf: databasePath) : nil
        do {
            // Another program's SQLite file, or one from a newer movies, is refused before anything is
            // written to it, as every command refuses it: a restore must not turn it into a movie list.
            var configuration = options.configuration
            configuration.checkBeforeWriting = { try migrator.checkCanMigrate($0) }
            let database: Database
            do {
                database = try Database.openExclusively(path: databasePath, configuration: configuration)
            } catch let error as DatabaseInUse {
                throw BackupError.databaseInUse(path: databasePath, holder: error.holder)
            }
            do {
                try database.checkPageSize(matching: source)
            } catch let error as PageSizeMismatch {
                throw BackupError.pageSizeMismatch(
                    path: backupPath, backup: error.source, database: error.destination)
            }
            if let keptTarget {
                progress(.keepingReplacedList, 0)
                _ = try writeVerifiedCopy(of: database, to: keptTarget, displayPath: keptPath) {
                    progress(.keepingReplacedList, $0)
                }
            }
            progress(.restoring, 0)
            try database.replaceContents(with: source) { progress(.restoring, $0.fraction) }
            let applied = try migrator.migrate(database).map(\.identifier)
            let counts = try database.writeWithoutTransaction { try Self.counts(on: $0) }
            return RestoreSummary(
                movies: counts.movies, newsItems: counts.newsItems, appliedMigrations: applied,
                replacedListPath: existed ? keptPath : nil)
        } catch {
            // A database this restore created, and could not fill, goes again: a refusal changes nothing.
            if !existed {
                for suffix in DatabaseFiles.suffixes { unlink(databasePath + suffix) }
            }
            throw error
        }
    }
}
