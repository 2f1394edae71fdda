/// How a `Database` opens its file.
public struct DatabaseConfiguration: Sendable {
    /// How long a connection waits for another writer's lock before failing with SQLITE_BUSY.
    ///
    /// Not zero: with zero, two `movies add` started together would make one fail at once.
    public var busyTimeoutMilliseconds: Int = 5_000
    /// Create the file (and its folder) when missing.
    public var createIfMissing = true
    /// How the connection may touch the file: read and write it (the default), or only read it, and how.
    public var access: Access = .readWrite
    /// The page size a new, empty file gets before its first write; nil for SQLite's default (4096).
    ///
    /// Only a file that holds nothing yet takes it: the switch to WAL mode writes the header, and in WAL
    /// mode the page size can no longer change (https://www.sqlite.org/pragma.html#pragma_page_size).
    /// A restore into a new path gives its backup's, since the backup API copies into a WAL-mode file only
    /// between equal page sizes.
    public var pageSizeForNewFile: Int?
    /// Decides whether an existing file may be used, before anything is written to it.
    ///
    /// Runs on the connection that will write, after its first read and before its first write (the
    /// switch to WAL mode included), with `PRAGMA query_only` on so that even a mistaken statement cannot
    /// write; a throw closes the connection and is what opening throws. The place to refuse another
    /// program's SQLite file before it is converted (see `Migrator.checkCanMigrate(_:)`).
    public var checkBeforeWriting: (@Sendable (Connection) throws -> Void)?
    /// How often an observation checks `PRAGMA data_version` for commits made by other processes.
    ///
    /// The check reads a counter from the shared-memory WAL index (microseconds, no disk I/O), so 40 checks
    /// a second cost nothing noticeable and keep a change from another process within ~12 ms on average.
    public var externalChangePollInterval: Duration = .milliseconds(25)
    /// Reads go through the writer's connection instead of a reader of their own.
    ///
    /// For a process that runs one command and ends (`movies list`, `movies add`): a second connection
    /// opens the file again and parses the whole schema again
    /// (https://www.sqlite.org/fileformat2.html#the_schema_table), which costs more than the command's
    /// own query, and the command never reads while it writes. Reads then wait for writes and the
    /// reverse, and a read may not be started inside a write's closure (use the connection it got).
    public var readsThroughWriter = false
    /// The scratch file this database is, removed once its last connection closes (see `ScratchFile`).
    package var scratch: ScratchFile?

    /// The defaults: 5 s busy timeout, create when missing, read-write, no check, 25 ms external-change
    /// polling.
    public init() {}

    /// Whether a connection reads and writes the file, and how a reading one keeps its hands off it.
    ///
    /// Three ways of only reading, because "reads only" means different things for different files. A
    /// read-write handle runs the WAL recovery a crashed writer left and, when it closes last, checkpoints
    /// the WAL into the file and deletes it (https://www.sqlite.org/wal.html#the_wal_file); it also rolls
    /// back a hot `-journal` (https://www.sqlite.org/atomiccommit.html#hot_rollback_journals). That is right
    /// for the second connection of a file this process writes, and wrong for any other file: SQLite cannot
    /// tell whether a `-wal` beside a file belongs to it, and merges a stranger's log all the same.
    public enum Access: Sendable, Equatable {
        /// Reads and writes (after `checkBeforeWriting` accepts the file); switches it to WAL mode.
        case readWrite
        /// A read-write handle that writes nothing (`PRAGMA query_only`,
        /// https://www.sqlite.org/pragma.html#pragma_query_only): the reader beside this process's own
        /// writer, a peer of it that may close last and then checkpoints as the writer would have.
        case queryOnly
        /// `SQLITE_OPEN_READONLY` (https://www.sqlite.org/c3ref/open.html): a live file this process only
        /// looks at (`movies migrate --status`). Reads its `-wal` as the file's own, and never writes the
        /// file: no recovery, no checkpoint, the `-wal` never deleted.
        case readOnly
        /// `SQLITE_OPEN_READONLY` with `immutable=1` (https://www.sqlite.org/uri.html#uriimmutable): a file
        /// that no one writes, such as a backup. SQLite takes no lock and reads no `-wal`, `-shm` or
        /// `-journal`, and creates none; a file with a non-empty `-wal` or `-journal` beside it is refused
        /// (`CompanionProblem.unmergedLog`), since reading it without that log could miss what is in it,
        /// and reading it with the log would let a stranger's log into it.
        case immutable
        /// A live file a command only reads and must leave as it found it (`movies list`, `export`,
        /// `backup`), never asked to be writable, its journal mode never switched. Decided when the
        /// connection opens (`OpenFiles.acquire`):
        ///
        /// - A file this user may write (and its companions and folder): `.queryOnly`, a read-write handle
        ///   that writes no SQL. It takes SQLite's locks as any reader does (a shared lock on a
        ///   rollback-journal file, which another reader's does not block; the WAL's read marks), so a
        ///   writer never changes pages under the read, and as the last connection to close it removes
        ///   the `-wal` and `-shm` it made: the file is left as it was found.
        /// - Another file: `.readOnly`, except one in WAL mode with no `-wal` beside it, read `.immutable`
        ///   (from its header): a read-only handle would create a `-wal` and `-shm` it could not remove
        ///   (https://www.sqlite.org/wal.html#readonly), with the modes of a file made read-only, which
        ///   would break every later write. An immutable read takes no lock: a writer's checkpoint during
        ///   it could change pages under it, which needs someone able to write the file meanwhile.
        case reads

        /// Whether the connection may write at all.
        public var writes: Bool { self == .readWrite }
        /// Whether SQLite opens the file with `SQLITE_OPEN_READONLY`.
        var opensReadOnly: Bool { self == .readOnly || self == .immutable || self == .reads }
    }
}
