import Basics
import FoundationEssentials
import MoviesCore
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
    /// Copying the list being replaced to a kept copy beside the database (`ReplacedLists`).
    case keepingReplacedList
    /// Copying the backup into the database.
    case restoring
}

extension AppDatabase {
    /// Replaces the list in the database at `databasePath` with the backup at `backupPath`.
    ///
    /// In order, each step refusing with nothing changed:
    /// 1. The backup is opened truly read-only (`immutable`: SQLite writes nothing and reads no `-wal` or
    ///    `-journal`; a backup with a non-empty one beside it is refused, since the log may be another
    ///    database's) and read in one read transaction that lasts to the end, so what is checked is what
    ///    is copied: a `movies` database that this binary can open (not from a newer `movies`), which
    ///    passes `PRAGMA integrity_check` and has exactly the schema its recorded migrations make
    ///    (`Migrator.schemaDifference(of:)`: no trigger, `CHECK` or table added, edited or dropped).
    /// 2. The database is taken for this process alone (`Database.openExclusively`): refused while
    ///    another program has it open, naming it. Any SQLite connection can write, so a reader such as
    ///    `list --watch` or Litestream counts too; its lock is the only sign of it, and a watcher left
    ///    running would go on showing the old list. Others that try to open the file meanwhile wait.
    /// 3. The current list is copied, verified, to a new kept copy beside the database
    ///    (`ReplacedLists`), never over an earlier one.
    /// 4. The backup is copied into the database file in one write transaction (`replaceContents`):
    ///    the file is never swapped or deleted, so its `-wal` and `-shm` stay its own, and a crash at
    ///    any moment leaves the old list or the new one, whole (SQLite's WAL commit).
    /// 5. Pending migrations are applied (a backup from an older `movies`).
    ///
    /// A refusal or failure before step 4 ends leaves no trace: the kept copy it wrote, and a database
    /// file or folders it created, are removed again.
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

    /// What a restore of `backupPath` into `databasePath` would replace, and with what, for the question
    /// `movies restore` asks at a terminal before it replaces anything.
    ///
    /// The backup gets every check the restore gives it (so a backup that would be refused is refused
    /// before the question, not after the answer), and the database is only read (`readOnly`, no
    /// migration). `replaced` is nil where there is no database yet: nothing would be replaced.
    public static func restorePreview(
        from backupPath: String, into databasePath: String, options: Options = Options()
    ) throws -> (backup: ListCounts, replaced: ListCounts?) {
        if DatabaseFiles(databasePath: databasePath).contains(backupPath) {
            throw BackupError.restoringItself(path: backupPath)
        }
        let backup = try openBackup(at: backupPath, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        let backupCounts = try backup.writeWithoutTransaction { source in
            try source.readTransaction {
                try checkBackup(source, path: backupPath)
                return try ListCounts(reading: source)
            }
        }
        guard FileManager.default.fileExists(atPath: databasePath) else { return (backupCounts, nil) }
        return (backupCounts, try counts(ofListAt: databasePath, options: options))
    }

    /// The counts of the list at `path`, read on a read-only connection that writes nothing (no
    /// migration, no checkpoint): for the restore's question and `restore --list`.
    public static func counts(ofListAt path: String, options: Options = Options()) throws -> ListCounts {
        var configuration = DatabaseConfiguration()
        configuration.access = .readOnly
        configuration.createIfMissing = false
        configuration.busyTimeoutMilliseconds = options.busyTimeoutMilliseconds
        let database = try Database(path: path, configuration: configuration)
        return try database.writeWithoutTransaction { connection in
            try connection.readTransaction { try ListCounts(reading: connection) }
        }
    }

    /// The backup at `path`, opened to be read and never written; its own errors in the words of a restore.
    static func openBackup(at path: String, busyTimeoutMilliseconds: Int) throws -> Database {
        var configuration = DatabaseConfiguration()
        configuration.access = .immutable
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
            case .unusableCompanion(let log, problem: .unmergedLog):
                throw BackupError.backupHasLog(path: path, log: log)
            case .sqlite where error.isSQLite(.notADatabase): throw BackupError.backupNotSQLite(path: path)
            case .sqlite(_, let message, _) where error.isSQLite(.corrupt):
                throw BackupError.backupDamaged(path: path, problem: "SQLite cannot read it: \(message)")
            default: throw error
            }
        }
    }

    /// Refuses a backup that is not a sound `movies` database this binary can open, with exactly the
    /// schema its migrations make.
    private static func checkBackup(_ source: Connection, path: String) throws {
        do {
            try migrator.checkCanMigrate(source)
            let status = try migrator.status(reading: source)
            guard !status.applied.isEmpty else { throw BackupError.notAMoviesDatabase(path: path) }
            if let problem = try source.integrityProblems(limit: 1).first {
                throw BackupError.backupDamaged(path: path, problem: "integrity_check: \(problem)")
            }
            if let difference = try migrator.schemaDifference(of: source) {
                throw BackupError.backupSchemaChanged(path: path, difference: difference.description)
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
    }

    /// Steps 2 to 5 of `restore(from:into:)`, the backup's read transaction open on `source`.
    private static func restore(
        from source: Connection, backupPath: String, into databasePath: String, _ options: Options,
        _ progress: (RestoreStep, Double) -> Void
    ) throws -> RestoreSummary {
        let existed = FileManager.default.fileExists(atPath: databasePath)
        // Folders a restore into a new path creates, removed again if it fails.
        let createdFolders = MissingFolders(above: existed ? nil : databasePath)
        var keptPath: String?
        var replaced = false
        do {
            // Another program's SQLite file, or one from a newer movies, is refused before anything is
            // written to it, as every command refuses it: a restore must not turn it into a movie list.
            var configuration = options.configuration
            configuration.checkBeforeWriting = { try migrator.checkCanMigrate($0) }
            // A new file takes the backup's page size before it turns to WAL mode, which fixes it.
            configuration.pageSizeForNewFile = try source.scalarInt("PRAGMA page_size")
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
            if existed {
                progress(.keepingReplacedList, 0)
                keptPath = try ReplacedLists(databasePath: databasePath).keep(database) {
                    progress(.keepingReplacedList, $0)
                }
            }
            progress(.restoring, 0)
            try database.replaceContents(with: source) { progress(.restoring, $0.fraction) }
            replaced = true
            let applied = try migrator.migrate(database).map(\.identifier)
            let counts = try database.writeWithoutTransaction { try Self.counts(on: $0) }
            return RestoreSummary(
                movies: counts.movies, newsItems: counts.newsItems, appliedMigrations: applied,
                replacedListPath: keptPath)
        } catch {
            // Until the copy committed, the database holds the old list: what this restore wrote beside
            // it goes again, so a refusal or failure changes nothing.
            if !replaced, let keptPath { unlink(keptPath) }
            if !existed {
                for suffix in DatabaseFiles.suffixes { unlink(databasePath + suffix) }
                createdFolders.remove()
            }
            throw error
        }
    }
}
