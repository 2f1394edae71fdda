import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the storage layer can refuse or fail at, in the storage layer's own terms.
///
/// Technical on purpose: SQLite failures keep SQLite's *extended* result code
/// (https://www.sqlite.org/rescode.html) and its message, so `full` and `busy` stay distinguishable all
/// the way up; the sentences a person reads are written by the layer that knows what the file is for
/// (`App`).
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite returned an error: extended result code, `sqlite3_errmsg`, and the statement if any.
    case sqlite(code: ResultCode, message: String, sql: String?)
    /// The path names an existing file that does not start with the SQLite header.
    case notADatabase(path: String)
    /// The path names something other than a regular file (a folder, a device, a FIFO, a socket), or can
    /// only name a folder (it ends in `/`).
    case notAFile(path: String, kind: FileKind)
    /// Nothing is at the path, and the database was opened without `createIfMissing`.
    case missing(path: String)
    /// The database file exists but this user may not write it; `reason` is the system's words
    /// (permission denied, a read-only file system).
    case notWritable(path: String, reason: String)
    /// A file SQLite keeps beside the database (`-wal`, `-shm`, `-journal`, at `path`) cannot serve.
    case unusableCompanion(path: String, problem: CompanionProblem)
    /// A SQLite database that holds tables but was not made by this program (see
    /// `DatabaseConfiguration.checkBeforeWriting`); nothing was written to it.
    case unrecognizedDatabase(path: String)
    /// The file or its folder cannot be created or opened; `reason` says why, as a phrase.
    case cannotOpen(path: String, reason: String)
    /// The file was migrated by a newer program: it holds schema versions this binary does not know.
    case newerDatabase(databaseVersion: Int, knownVersion: Int)
    /// An applied migration's SQL differs from the one this binary carries.
    case migrationChanged(identifier: String)
    /// A migration failed and was rolled back; the file stays at the previous version.
    case migrationFailed(identifier: String, reason: String)
    /// The file at the path was removed, or replaced by another file (deleted and created anew, or a
    /// file renamed over it), while this process had it open: what it reads and writes is the old file,
    /// which no one else sees any more.
    case replaced(path: String)
    /// An `AUTOINCREMENT` table has handed out its highest possible id (`sqlite_sequence` holds
    /// 2⁶³ − 1), so every insert into it fails; SQLite reports that as `SQLITE_FULL`, the code of a full
    /// disk (https://www.sqlite.org/autoinc.html).
    case idsExhausted(table: String)

    // MARK: - Classification

    /// SQLite's extended result code, when the failure came from SQLite.
    public var resultCode: ResultCode? {
        if case .sqlite(let code, _, _) = self { return code }
        return nil
    }

    /// Whether SQLite failed with `code` (an extended code, or any extended code of a primary one).
    public func isSQLite(_ code: ResultCode) -> Bool {
        resultCode?.matches(code) ?? false
    }

    /// True when another connection held the lock past the busy timeout.
    public var isBusy: Bool { isSQLite(.busy) || isSQLite(.locked) }

    // MARK: - Description

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            "\(message) [\(code)]" + (sql.map { " in: \($0)" } ?? "")
        case .notADatabase(let path):
            "not a SQLite database: \(path)"
        case .notAFile(let path, let kind):
            "\(kind), not a database file: \(path)"
        case .missing(let path):
            "no database at \(path)"
        case .notWritable(let path, let reason):
            "the database file cannot be written (\(reason)): \(path)"
        case .unusableCompanion(let path, let problem):
            "the file beside the database \(problem): \(path)"
        case .unrecognizedDatabase(let path):
            "a SQLite database of another program: \(path)"
        case .cannotOpen(let path, let reason):
            "cannot open \(path): \(reason)"
        case .newerDatabase(let databaseVersion, let knownVersion):
            "schema version \(databaseVersion) is newer than the latest known, \(knownVersion)"
        case .migrationChanged(let identifier):
            "migration \(identifier) was edited after it was applied (checksum mismatch)"
        case .migrationFailed(let identifier, let reason):
            "migration \(identifier) failed and was rolled back: \(reason)"
        case .replaced(let path):
            "the database file was removed or replaced while open: \(path)"
        case .idsExhausted(let table):
            "every id of \(table) has been handed out (sqlite_sequence is at 9223372036854775807)"
        }
    }
}

extension StorageError {
    /// The error SQLite reports for `code` on `handle`, with the statement's SQL when known.
    static func sqlite(_ code: Int32, handle: OpaquePointer?, sql: String?) -> StorageError {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        // sqlite3_extended_errcode reflects the most recent API call; when it disagrees with the
        // primary code we were handed, trust the code we were handed.
        var reported = ResultCode(rawValue: (extended & 0xFF) == (code & 0xFF) ? extended : code)
        // A file that could not grow may have run out of room rather than into a device error.
        let growingFile: [ResultCode] = [.ioErrorWrite, .ioErrorTruncate, .ioErrorShmSize]
        if growingFile.contains(reported), let handle, isOutOfSpace(handle) {
            reported = .full
        }
        return .sqlite(code: reported, message: message, sql: sql)
    }

    /// Whether a failed write on `handle` ran out of room rather than into a device error.
    ///
    /// SQLite's unix VFS reports ENOSPC as SQLITE_FULL, but EFBIG (a write past the file-size limit,
    /// `ulimit -f`) and EDQUOT (a quota) as SQLITE_IOERR_WRITE, or SQLITE_IOERR_SHMSIZE when it is the
    /// `-shm` file that cannot grow: "disk I/O error". The errno SQLite saved
    /// (`sqlite3_system_errno`) is often lost by the rollback that follows a failed COMMIT, so a finite
    /// file-size limit, or a file system with no room left, also counts.
    /// https://www.sqlite.org/c3ref/system_errno.html
    private static func isOutOfSpace(_ handle: OpaquePointer) -> Bool {
        let reason = sqlite3_system_errno(handle)
        if reason == ENOSPC || reason == EFBIG || reason == EDQUOT { return true }
        var limit = rlimit()
        #if os(Linux)
            let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
            let fileSize = RLIMIT_FSIZE
        #endif
        // RLIM_INFINITY is all ones on Linux and Int64.max on Darwin (and does not import into Swift).
        if getrlimit(fileSize, &limit) == 0 && limit.rlim_cur < rlim_t(Int64.max) {
            return true
        }
        guard let path = sqlite3_db_filename(handle, "main") else { return false }
        var space = statvfs()
        return statvfs(path, &space) == 0 && space.f_bavail == 0
    }
}
