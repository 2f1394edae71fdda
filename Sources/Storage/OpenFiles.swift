import Basics

/// How many connections this process has open on each database file.
///
/// The header of a file is read (with its own descriptor) only when the count is zero; see
/// `DatabaseFile` for why a stray `close()` on an open database is dangerous.
enum OpenFiles {
    /// One entry per file with a connection open: a list searched in order rather than a dictionary,
    /// as a process has one or two files open (the list, a backup being made or restored); hashing an
    /// identity would cost more than comparing a few of them.
    private static let counts = Locked<[(identity: DatabaseFile.Identity, count: Int)]>([])

    /// Prepares `path` (creating it when allowed), checks its header when no connection of this process
    /// has it open, and counts one more connection. Balance with `release(_:)`.
    ///
    /// Returns the access to open it with: `access`, except that `.reads` becomes `.queryOnly` for a file
    /// this user may write, else `.immutable` for a file in WAL mode with no log beside it and `.readOnly`
    /// otherwise (a file this process already has open has its `-wal` and `-shm`, and its header is not
    /// read again). See `DatabaseConfiguration.Access.reads`.
    static func acquire(path: String, create: Bool, access: DatabaseConfiguration.Access) throws
        -> (identity: DatabaseFile.Identity, access: DatabaseConfiguration.Access)
    {
        try counts.withLock { counts in
            let identity = try DatabaseFile.prepare(path: path, create: create, access: access)
            var resolved = access
            if access == .reads { resolved = DatabaseFile.isWritable(path) ? .queryOnly : .readOnly }
            if let index = counts.firstIndex(where: { $0.identity == identity }) {
                counts[index].count += 1
            } else {
                let isInWALMode = try DatabaseFile.checkHeader(path: path)
                if resolved == .readOnly && access == .reads && isInWALMode && !DatabaseFile.hasLog(path) {
                    resolved = .immutable
                }
                counts.append((identity, 1))
            }
            return (identity, resolved)
        }
    }

    /// Counts one connection fewer.
    static func release(_ identity: DatabaseFile.Identity) {
        counts.withLock { counts in
            guard let index = counts.firstIndex(where: { $0.identity == identity }) else { return }
            counts[index].count -= 1
            if counts[index].count == 0 { counts.remove(at: index) }
        }
    }

    /// Whether a connection of this process has the file open.
    static func isOpen(_ identity: DatabaseFile.Identity) -> Bool {
        counts.withLock { counts in counts.contains { $0.identity == identity } }
    }
}
