import Storage
import TestSupport

/// Waiting for what another process commits to a database file.
enum CommittedValue {
    /// Waits until `sql` (a count) on the file at `path` returns `expected`; false when the observation
    /// ended first (or after the hang limit).
    ///
    /// Woken by the other process's commits, which Storage's change observation sees (`PRAGMA
    /// data_version`), not by reading the file again and again; the file must exist, in WAL mode.
    static func wait(for expected: Int, from sql: String, in path: String) async throws -> Bool {
        let database = try Database(path: path)
        let values = Recorder<Int>()
        let recording = values.record(database.observe { try $0.scalarInt(sql) ?? -1 })
        defer { recording.cancel() }
        return await values.wait { $0 == expected }
    }
}
