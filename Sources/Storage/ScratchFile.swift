import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A database file of this process's own in the temporary folder, which no one else knows about and
/// which goes away with the connections on it: the migrated copy a command reads when it may not
/// migrate the file it was given (see `AppDatabase.reading`), the list a dry run writes to and
/// throws away.
///
/// Made `0600` with `O_EXCL` (`ReplacementFile`, never committed), with SQLite's `-journal`, `-wal`
/// and `-shm` beside it removed with it: when the last connection holding it closes (each `Connection`
/// of it holds this value), on an error before that, and by the signal handler when a signal ends the
/// process (CTemporaryFiles); only `kill -9` can leave it behind.
package final class ScratchFile: @unchecked Sendable {
    // @unchecked: the replacement is touched only here at creation and by deinit, which runs once.
    private let file: ReplacementFile

    /// The file's path.
    package var path: String { file.temporaryPath }

    /// Creates an empty scratch file in `$TMPDIR` (else `/tmp`), named after `name`.
    package init(named name: String) throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasUTF8Prefix("/") ? $0 : nil }
        do {
            file = try ReplacementFile(
                replacing: (folder ?? "/tmp") + "/movies-" + name, displayPath: "a temporary copy of the list"
            )
        } catch {
            throw StorageError.cannotOpen(path: "a temporary copy of the list", reason: error.description)
        }
        file.handOverToSQLite()
    }
}
