#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Migrator {
    /// Why a file this migrator's schema is written into (a new catalog, a backup) may not replace what
    /// is at `path`, or nil when it may: nothing is there, an empty file (nothing in it to lose), or a
    /// database of this migrator's, of this version or another (its recorded migrations begin with this
    /// migrator's first). Anything else — a CSV file, another program's database — is not this program's
    /// to replace.
    ///
    /// The file is opened immutable and read on that connection
    /// (https://www.sqlite.org/uri.html#uriimmutable), so looking makes no `-journal`, `-wal` or `-shm`
    /// beside another program's database and changes nothing in it.
    public func whyNotReplaceable(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return "it is not a regular file" }
        if status.st_size == 0 { return nil }
        var configuration = DatabaseConfiguration()
        configuration.access = .immutable
        configuration.createIfMissing = false
        configuration.readsThroughWriter = true
        let first = migrations.first?.name ?? ""
        do {
            let database = try Database(path: path, configuration: configuration)
            let name = try database.read { connection -> String? in
                let recorded = try connection.scalarInt(
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
                guard recorded == 1 else { return nil }
                return try connection.scalarString("SELECT name FROM schema_migrations WHERE version = 1")
            }
            return name == first ? nil : "it is another program's database"
        } catch {
            return "\(error)"
        }
    }
}
