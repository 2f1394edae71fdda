import CSQLite

/// Settings of the SQLite library itself, made once, before the process opens its first database.
enum SQLiteLibrary {
    /// Applies the settings; every path into SQLite that can come first calls it (opening a database,
    /// finding the VFS, which initialises SQLite too). Later calls do nothing.
    static func configure() {
        _ = configured
    }

    /// SQLite's memory statistics off (`SQLITE_CONFIG_MEMSTATUS`): with them on, each of SQLite's
    /// allocations takes a global mutex and updates counters, which nothing here reads (no soft or hard
    /// heap limit, no `sqlite3_memory_used`). Opening the schema makes about 5,000 allocations, and the
    /// counting was 0.7 M instructions of a one-shot `movies search` (8 %). SQLite lists turning it off
    /// among its recommended options (https://www.sqlite.org/compile.html#recommended_compile_time_options);
    /// Debian's library is built with it on. A library already initialised (by another user of SQLite
    /// in the process) keeps its setting: `sqlite3_config` then refuses, which is harmless.
    private static let configured: Void = {
        _ = movies_sqlite3_config_memstatus(0)
    }()
}
