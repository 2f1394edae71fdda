import Basics
import MoviesCore
import Storage
import UserFacing

/// Why `movies backup` or `movies restore` refused, or could not finish; nothing was changed.
public enum BackupError: Error, Sendable, Equatable {
    /// There is no database file to back up.
    case noDatabase(path: String)
    /// The copy failed its integrity check or does not have the source's schema version.
    case copyNotVerified(path: String, problem: String)
    /// The backup to restore does not exist.
    case backupMissing(path: String)
    /// The backup is a folder, not a file.
    case backupIsFolder(path: String)
    /// The backup is not a SQLite database at all.
    case backupNotSQLite(path: String)
    /// The backup is a SQLite database but not one `movies` wrote.
    case notAMoviesDatabase(path: String)
    /// The backup fails `PRAGMA integrity_check`, or SQLite cannot read it.
    case backupDamaged(path: String, problem: String)
    /// The backup was migrated by a newer `movies`.
    case backupNewer(path: String, version: Int, known: Int)
    /// The backup is the database itself (or one of its files).
    case restoringItself(path: String)
    /// Another process has the database open.
    case databaseInUse(path: String, holder: LockHolder?)
    /// The backup's pages are not the size of the database's.
    case pageSizeMismatch(path: String, backup: Int, database: Int)
    /// A non-empty `-wal` or `-journal` lies beside the backup: a log not merged into it, which may be
    /// another database's.
    case backupHasLog(path: String, log: String)
    /// The backup's schema is not the one its recorded migrations make (`SchemaDifference`).
    case backupSchemaChanged(path: String, difference: String)
}

extension BackupError: UserFacingError {
    package var message: String {
        switch self {
        case .noDatabase(let path):
            "There is no database at \(path) to back up; nothing was written"
        case .copyNotVerified(let path, let problem):
            "The copy for \(path) did not pass its check (\(problem)), so it was not kept; "
                + "the database itself was not changed"
        case .backupMissing(let path):
            "Cannot restore from \(path): there is no such file"
        case .backupIsFolder(let path):
            "Cannot restore from \(path): it is a folder; name the backup file"
        case .backupNotSQLite(let path):
            "Cannot restore from \(path): it is not a SQLite database; nothing was changed"
        case .notAMoviesDatabase(let path):
            "Cannot restore from \(path): it is a SQLite database, but not a movies list "
                + "(it has no schema_migrations); nothing was changed"
        case .backupDamaged(let path, let problem):
            "Cannot restore from \(path): it is damaged (\(problem)); nothing was changed"
        case .backupNewer(let path, let version, let known):
            "Cannot restore from \(path): it has schema version \(version), newer than this program knows "
                + "(up to \(known)); upgrade movies to restore it. Nothing was changed"
        case .restoringItself(let path):
            "Cannot restore from \(path): it is the database this command works on (or one of its -wal, "
                + "-shm, -journal files); name a backup"
        case .databaseInUse(let path, let holder):
            "Cannot restore while another program has the database open "
                + (holder.map { "(\($0.name.map { "\($0), " } ?? "")process \($0.processID))" } ?? "(\(path))")
                + ": close it (a movies shell or list --watch, sqlite3, Litestream) and try again; "
                + "nothing was changed"
        case .pageSizeMismatch(let path, let backup, let database):
            "Cannot restore from \(path): its pages are \(backup) bytes and the database's \(database); "
                + "move the database away and restore into a new one. Nothing was changed"
        case .backupHasLog(let path, let log):
            "Cannot restore from \(path): \(log) lies beside it, a log SQLite has not merged into it, and "
                + "it may be another database's (a copy made with cp movies.sqlite* takes the live file's). "
                + "If it is the backup's own, merge it first (sqlite3 \(path) 'PRAGMA wal_checkpoint'); "
                + "otherwise move it away. Nothing was changed"
        case .backupSchemaChanged(let path, let difference):
            "Cannot restore from \(path): \(difference), so it is not a list as movies writes one (a "
                + "trigger, table or constraint was added, removed or edited by hand). Nothing was changed"
        }
    }

    package var exitCode: ExitCode {
        switch self {
        case .backupMissing: .noInput
        case .backupIsFolder, .backupNotSQLite, .notAMoviesDatabase, .backupDamaged, .backupHasLog,
            .backupSchemaChanged:
            .dataError
        case .noDatabase: .noInput
        case .databaseInUse: .temporaryFailure
        case .copyNotVerified, .backupNewer, .restoringItself, .pageSizeMismatch: .failure
        }
    }
}
