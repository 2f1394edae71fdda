import CSQLite

extension Connection {
    /// Runs `body` with the update hook removed, for a bulk load into a file no one observes (a
    /// catalog being built in a scratch file): the hook names the table of every row written
    /// (https://www.sqlite.org/c3ref/update_hook.html), which is work per row that nothing would read.
    /// Commits inside `body` report no tables.
    package func withoutRowTracking<T>(_ body: () throws -> T) rethrows -> T {
        sqlite3_update_hook(handle, nil, nil)
        defer { installHooks() }
        return try body()
    }
}
