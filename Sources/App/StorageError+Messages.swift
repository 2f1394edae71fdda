import Basics
import MoviesCore
import Storage
import UserFacing

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
        case .notAFile(let path, let kind):
            return Self.notAFileMessage(path: path, kind: kind)
        case .missing(let path):
            return "There is no database at \(path); nothing was created"
        case .notWritable(let path, let reason):
            return "The database file \(path) cannot be written (\(reason)); nothing was changed. "
                + "Make it writable (chmod u+w) or copy it somewhere you can write"
        case .unusableCompanion(let path, let problem):
            return Self.companionMessage(path: path, problem: problem)
        case .unrecognizedDatabase(let path):
            return "The file \(path) is a SQLite database of another program (it has tables, but not "
                + "the movies schema); it was left unchanged. Give the movie list a file of its own"
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
        case .replaced(let path):
            return "The list at \(path) was removed or replaced by another file while this command had it "
                + "open, so the command stopped: it would only have seen, or changed, the old file. Run it "
                + "again to use the file there now"
        case .idsExhausted(let table):
            return "Every id of the \(table) table has been handed out (the highest, 9223372036854775807, "
                + "was used), so nothing can be added to it; nothing was written. Give the next new one "
                + "the id after the highest left: sqlite3 FILE \"UPDATE sqlite_sequence SET seq = "
                + "(SELECT max(id) FROM \(table)) WHERE name = '\(table)'\""
        }
    }

    package var exitCode: ExitCode {
        if case .missing = self { return .noInput }
        return isBusy ? .temporaryFailure : .failure
    }

    /// For a path that names a folder, a device, a FIFO or a socket.
    private static func notAFileMessage(path: String, kind: FileKind) -> String {
        let example = (path.hasSuffix("/") ? path : path + "/") + "movies.sqlite"
        switch kind {
        case .directory:
            return "The database path \(path) is a folder, not a database file; name a file in it, "
                + "such as \(example)"
        case .folderName:
            return "The database path \(path) can only name a folder (it ends in /, . or ..), not a "
                + "database file; name a file, such as \(example)"
        default:
            return "The database path \(path) is \(kind), not a regular file; nothing was opened. "
                + "Give the path of a database file, or of one to create"
        }
    }

    /// For a `-wal`, `-shm` or `-journal` file SQLite could not use.
    private static func companionMessage(path: String, problem: CompanionProblem) -> String {
        let opening = "The file \(path), which SQLite keeps beside the database,"
        switch problem {
        case .symbolicLink:
            return "\(opening) is a symbolic link, and SQLite does not follow links for its own files; "
                + "nothing was changed. Remove the link (while no program uses the database) and try again"
        case .notAFile(let kind):
            return "\(opening) is \(kind); nothing was changed. Remove it (while no program uses the "
                + "database) and try again"
        case .notWritable:
            return "\(opening) cannot be written, so every change would fail as read-only; nothing was "
                + "changed. Make it writable (chmod u+w), or remove it while no program uses the database"
        case .unmergedLog:
            return "\(opening) holds changes not merged into the file, which may be another database's; "
                + "nothing was read or changed. If it is the file's own, merge it (sqlite3 FILE "
                + "'PRAGMA wal_checkpoint'); otherwise move it away"
        }
    }
}
