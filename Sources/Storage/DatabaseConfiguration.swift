/// How a `Database` opens its file.
public struct DatabaseConfiguration: Sendable {
    /// How long a connection waits for another writer's lock before failing with SQLITE_BUSY.
    ///
    /// Not zero: with zero, two `movies add` started together would make one fail at once.
    public var busyTimeoutMilliseconds: Int = 5_000
    /// Create the file (and its folder) when missing.
    public var createIfMissing = true
    /// Open for reading only (`PRAGMA query_only`); writes fail with SQLITE_READONLY.
    public var isReadOnly = false
    /// How often an observation checks `PRAGMA data_version` for commits made by other processes.
    ///
    /// The check reads a counter from the shared-memory WAL index (microseconds, no disk I/O), so 40 checks
    /// a second cost nothing noticeable and keep a change from another process within ~12 ms on average.
    public var externalChangePollInterval: Duration = .milliseconds(25)

    /// The defaults: 5 s busy timeout, create when missing, read-write, 25 ms external-change polling.
    public init() {}
}
