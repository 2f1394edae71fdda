#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DatabaseFile {
    /// Removes the database file at `path` with its `-wal`, `-shm` and `-journal`: for a file this
    /// process created and is taking back (`AppDatabase.removeCreatedFile`), never another's.
    package static func removeWithCompanions(_ path: String) {
        unlink(path)
        for suffix in companionSuffixes {
            unlink(companionBase(path) + suffix)
        }
    }
}
