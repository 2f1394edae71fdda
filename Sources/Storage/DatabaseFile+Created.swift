import Basics

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

extension DatabaseFile {
    /// The paths at which this process created a database file and that no one has asked about yet:
    /// the `O_EXCL` creation decides who made a file, where a look before opening cannot (eight
    /// `movies add` started at once on a new list all find no file, and one of them makes it).
    static let created = Locked<Set<String>>([])

    /// Whether this process created the database file at `path` (as opened), forgetting it: a later
    /// open of the same path asks anew.
    package static func takeCreation(of path: String) -> Bool {
        created.withLock { $0.remove(path) != nil }
    }
}
