import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How far a copy has come, in pages of the source.
public struct BackupProgress: Sendable, Equatable {
    /// Pages copied so far.
    public let copiedPages: Int
    /// Pages in the source.
    public let totalPages: Int

    /// The share copied, 0...1.
    public var fraction: Double { totalPages > 0 ? Double(copiedPages) / Double(totalPages) : 1 }
}

/// What a copy took from its source.
public struct BackupSnapshot: Sendable, Equatable {
    /// Pages copied.
    public let pageCount: Int
    /// The source's `PRAGMA user_version` in the copied snapshot.
    public let userVersion: Int
}

/// Whole-database copies with SQLite's online backup API (https://www.sqlite.org/backup.html).
///
/// The API copies pages, not rows, so a copy costs what reading the file costs (measured on 1,000,000
/// movies, 356 MB: 1.2–1.4 s against 2.6–2.7 s for `VACUUM INTO`, which rebuilds every table and index;
/// docs/GUIDE.md, "Backup"). One rule governs its consistency: a write by another connection between
/// two `sqlite3_backup_step` calls restarts the copy from the first page
/// (https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backupstep). Stepped outside a transaction under
/// four `movies add` loops, a copy of that file restarted 361 times in 60 s and never finished. So every
/// copy here runs inside one read transaction on the source: in WAL mode that pins one snapshot (the
/// copy is the database at one moment) while writers go on appending to the WAL, never waiting for the
/// reader (https://www.sqlite.org/wal.html#concurrency). Nothing a writer waits for is held, so the steps
/// need no pauses between them; they are bounded (`pagesPerStep`) only to report progress.
enum OnlineBackup {
    /// 1024 pages (4 MiB at the default page size) a step.
    static let pagesPerStep: Int32 = 1024

    /// Copies the main database of `source` (which must be inside a read transaction, so the copy is
    /// one snapshot) over the main database of `destination` (which must not be inside a transaction).
    ///
    /// A step that finds a lock busy is retried until `busyTimeout` passes without progress.
    static func copy(
        from source: OpaquePointer, into destination: OpaquePointer, busyTimeout: Duration,
        progress: (BackupProgress) -> Void
    ) throws {
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw StorageError.sqlite(sqlite3_errcode(destination), handle: destination, sql: "backup")
        }
        var code = SQLITE_OK
        var lastProgress = ContinuousClock.now
        while true {
            code = sqlite3_backup_step(backup, pagesPerStep)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                guard ContinuousClock.now - lastProgress < busyTimeout else { break }
                usleep(5_000)
                continue
            }
            guard code == SQLITE_OK || code == SQLITE_DONE else { break }
            lastProgress = ContinuousClock.now
            let total = Int(sqlite3_backup_pagecount(backup))
            progress(
                BackupProgress(copiedPages: total - Int(sqlite3_backup_remaining(backup)), totalPages: total))
            if code == SQLITE_DONE { break }
        }
        // finish returns the error that ended the copy (SQLITE_OK after SQLITE_DONE) and releases the copy.
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finished == SQLITE_OK else {
            throw StorageError.sqlite(
                finished != SQLITE_OK ? finished : code, handle: destination, sql: "backup")
        }
    }
}

extension Database {
    /// Copies one consistent snapshot of the whole database into the empty file at `path`, which becomes
    /// a stand-alone database in rollback-journal mode (no `-wal` or `-shm` needed to read it).
    ///
    /// The copy is read on the writer connection in a read transaction, so it never blocks or is blocked
    /// by other processes' writers (WAL), and works the same when this `Database` holds the file
    /// exclusively (`openExclusively`). The destination is written without a journal and without syncs:
    /// it is a new file that no one else uses, thrown away if anything fails; the caller syncs it before
    /// renaming it into place.
    public func backup(into path: String, progress: (BackupProgress) -> Void = { _ in }) throws
        -> BackupSnapshot
    {
        let timeout = Duration.milliseconds(configuration.busyTimeoutMilliseconds)
        let snapshot = try writeWithoutTransaction { source in
            try source.readTransaction {
                // The first read starts the transaction's snapshot; the copy is of that moment.
                let userVersion = try source.scalarInt("PRAGMA user_version") ?? 0
                let destination = try ScratchConnection(path: path)
                try OnlineBackup.copy(from: source.handle, into: destination.handle, busyTimeout: timeout) {
                    progress($0)
                }
                let pages = try source.scalarInt("PRAGMA page_count") ?? 0
                return BackupSnapshot(pageCount: pages, userVersion: userVersion)
            }
        }
        try Self.markRollbackJournalMode(path: path)
        return snapshot
    }

    /// Replaces everything in this database with the snapshot `source` reads, as one write transaction:
    /// every other connection sees the old content or the new, a crash midway leaves the old, and the
    /// `-wal` and `-shm` stay those of this file (no file is swapped under anyone).
    ///
    /// `source` must be inside a read transaction (`readTransaction`), on another database. The page
    /// sizes must match while this file is in WAL mode (https://www.sqlite.org/c3ref/backup_finish.html);
    /// `PageSizeMismatch` is thrown before anything is written when they do not.
    public func replaceContents(
        with source: Connection, progress: (BackupProgress) -> Void = { _ in }
    ) throws {
        let timeout = Duration.milliseconds(configuration.busyTimeoutMilliseconds)
        try checkPageSize(matching: source)
        try writeWithoutTransaction { destination in
            try OnlineBackup.copy(from: source.handle, into: destination.handle, busyTimeout: timeout) {
                progress($0)
            }
        }
    }

    /// Throws `PageSizeMismatch` when `source` could not be copied into this database by
    /// `replaceContents(with:)`: in WAL mode the backup API needs both page sizes equal.
    public func checkPageSize(matching source: Connection) throws {
        let sourcePageSize = try source.scalarInt("PRAGMA page_size") ?? 0
        let pageSize = try writeWithoutTransaction { try $0.scalarInt("PRAGMA page_size") } ?? 0
        guard sourcePageSize == pageSize else {
            throw PageSizeMismatch(source: sourcePageSize, destination: pageSize)
        }
    }

    /// Sets the file format version bytes of the database file at `path` to 1 (rollback journal) where the
    /// backup copied the source's 2 (WAL), so the copy reads without a `-wal` or `-shm` beside it
    /// (https://www.sqlite.org/fileformat2.html#file_format_version_numbers). What `PRAGMA journal_mode =
    /// DELETE` would write, without the `-wal` and `-shm` that opening the file in WAL mode creates first.
    /// Only for a file no connection has open.
    private static func markRollbackJournalMode(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StorageError.cannotOpen(path: path, reason: DatabaseFile.systemText(errno))
        }
        defer { close(descriptor) }
        let versions: [UInt8] = [1, 1]
        let written = versions.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 2, 18) }
        guard written == 2 else {
            throw StorageError.cannotOpen(path: path, reason: DatabaseFile.systemText(errno))
        }
    }
}

/// The page sizes of a source and of a WAL-mode destination differ, which the backup API cannot copy.
public struct PageSizeMismatch: Error, Sendable, Equatable {
    /// The source's page size in bytes.
    public let source: Int
    /// The destination's page size in bytes.
    public let destination: Int
}

/// A bare connection on a new, empty file that only this process knows about: the destination of a
/// backup. No journal (a failed copy is thrown away whole), no syncs (the caller syncs once at the end),
/// none of `Connection`'s pragmas, hooks or WAL switch.
private final class ScratchConnection {
    let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        SQLiteLibrary.configure()
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = StorageError.sqlite(code, handle: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw StorageError.cannotOpen(path: path, reason: error.description)
        }
        self.handle = handle
        for pragma in ["PRAGMA journal_mode = OFF", "PRAGMA synchronous = OFF"] {
            let code = sqlite3_exec(handle, pragma, nil, nil, nil)
            guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: handle, sql: pragma) }
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }
}
