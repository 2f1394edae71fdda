/// How a `Database` opens its file.
public struct DatabaseConfiguration: Sendable {
    /// How long a connection waits for another writer's lock before failing with SQLITE_BUSY.
    ///
    /// Not zero: with zero, two `movies add` started together would make one fail at once.
    public var busyTimeoutMilliseconds: Int = 5_000
    /// Create the file (and its folder) when missing.
    public var createIfMissing = true
    /// Open for reading only (`PRAGMA query_only`); writes fail with SQLITE_READONLY, and the file is not
    /// switched to WAL mode either.
    public var isReadOnly = false
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

    /// The defaults: 5 s busy timeout, create when missing, read-write, no check, 25 ms external-change
    /// polling.
    public init() {}
}
