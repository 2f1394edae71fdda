#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Database {
    /// Runs `body` in one read transaction on the live file at `path`, writing and creating nothing: no
    /// file, folder, `-wal` or `-shm`, no checkpoint, no recovery (for `movies migrate --status`).
    ///
    /// A read-only handle (`Access.readOnly`) writes nothing, but on a file in WAL mode it creates a `-wal`
    /// and a `-shm` when none is there and leaves them (https://www.sqlite.org/wal.html#readonly). Without a
    /// `-wal` or `-journal` beside it, though, the whole database is in the file, so it is read `immutable`
    /// instead, which creates nothing and takes no lock. That read is trusted only if the file was not
    /// written meanwhile (a writer that started during it could have checkpointed into it): its size,
    /// modification time and inode are compared before and after, and on a difference, or an error, the
    /// read is done again on a read-only handle, which sees the writer's `-wal` and waits for its locks.
    public static func inspect<T>(
        path: String, configuration: DatabaseConfiguration, _ body: (Connection) throws -> T
    ) throws -> T {
        var configuration = configuration
        configuration.createIfMissing = false
        if !DatabaseFile.hasLog(path), let before = DatabaseFile.Stamp(path: path) {
            configuration.access = .immutable
            do {
                let result = try Database(path: path, configuration: configuration).readOnce(body)
                if DatabaseFile.Stamp(path: path) == before { return result }
            } catch {
                if DatabaseFile.Stamp(path: path) == before { throw error }
            }
        }
        configuration.access = .readOnly
        return try Database(path: path, configuration: configuration).readOnce(body)
    }

    /// `body` in one read transaction on the writer connection (the only one a read-only `Database` needs).
    private func readOnce<T>(_ body: (Connection) throws -> T) throws -> T {
        try writeWithoutTransaction { connection in try connection.readTransaction { try body(connection) } }
    }
}

extension DatabaseFile {
    /// What changes when a file is written: its identity, size and modification and change times.
    struct Stamp: Equatable {
        let identity: Identity
        let size: Int64
        let modified: timespec
        let changed: timespec

        /// The file at `path` now, or nil when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            identity = Identity(
                device: UInt64(truncatingIfNeeded: info.st_dev),
                inode: UInt64(truncatingIfNeeded: info.st_ino))
            size = Int64(info.st_size)
            #if canImport(Darwin)
                modified = info.st_mtimespec
                changed = info.st_ctimespec
            #else
                modified = info.st_mtim
                changed = info.st_ctim
            #endif
        }

        static func == (left: Stamp, right: Stamp) -> Bool {
            left.identity == right.identity && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec
                && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec
                && left.changed.tv_nsec == right.changed.tv_nsec
        }
    }

    /// Whether a non-empty `-wal` or `-journal` (or something other than a file under either name) lies
    /// beside the database at `path`: then part of the database may be outside the file.
    static func hasLog(_ path: String) -> Bool {
        (try? refuseUnmergedLogs(of: path)) == nil
    }
}
