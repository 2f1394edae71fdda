import Basics
import Storage

/// The storage layer's failures, in the words of a program whose file holds a movie list.
///
/// `StorageError` stays technical; this is where it becomes a sentence a person can act on, so the
/// command line and the view models print one contract (`UserFacingError`) for every error.
extension StorageError: UserFacingError {
    package var message: String {
        switch self {
        case .sqlite(let code, let message, _):
            if isBusy {
                return "The database is busy (another program is writing to it); try again"
            }
            if code.matches(.full) {
                return "The disk is full (or a file-size limit was reached); nothing was written"
            }
            if code.matches(.readOnly) {
                return "The database is read-only: \(message)"
            }
            if code.matches(.corrupt) || code.matches(.notADatabase) {
                return "The database file is damaged: \(message)"
            }
            return "The database refused the request: \(message) (SQLite error \(code.rawValue))"
        case .notADatabase(let path):
            return "The file \(path) is not a SQLite database; it was left unchanged"
        case .isDirectory(let path):
            return "The database path \(path) is a directory, not a database file"
        case .cannotOpen(let path, let reason):
            return "Cannot open \(path): \(reason)"
        case .newerDatabase(let databaseVersion, let knownVersion):
            return "The database has schema version \(databaseVersion), newer than this program knows "
                + "(up to \(knownVersion)); upgrade movies to open it. Nothing was changed"
        case .migrationChanged(let identifier):
            return "Migration \(identifier) was edited after it was applied to this database "
                + "(checksum mismatch); shipped migrations must not change. Nothing was changed"
        case .migrationFailed(let identifier, let reason):
            return "Migration \(identifier) failed and was rolled back: \(reason)"
        }
    }

    package var exitCode: ExitCode { isBusy ? .temporaryFailure : .failure }
}
