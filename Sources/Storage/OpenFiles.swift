import Basics

/// How many connections this process has open on each database file.
///
/// The header of a file is read (with its own descriptor) only when the count is zero; see
/// `DatabaseFile` for why a stray `close()` on an open database is dangerous.
enum OpenFiles {
    private static let counts = Locked<[DatabaseFile.Identity: Int]>([:])

    /// Prepares `path` (creating it when allowed), checks its header when no connection of this process
    /// has it open, and counts one more connection. Balance with `release(_:)`.
    static func acquire(path: String, create: Bool, access: DatabaseConfiguration.Access) throws
        -> DatabaseFile.Identity
    {
        try counts.withLock { counts in
            let identity = try DatabaseFile.prepare(path: path, create: create, access: access)
            if counts[identity, default: 0] == 0 {
                try DatabaseFile.checkHeader(path: path)
            }
            counts[identity, default: 0] += 1
            return identity
        }
    }

    /// Counts one connection fewer.
    static func release(_ identity: DatabaseFile.Identity) {
        counts.withLock { counts in
            let remaining = counts[identity, default: 1] - 1
            counts[identity] = remaining > 0 ? remaining : nil
        }
    }

    /// Whether a connection of this process has the file open.
    static func isOpen(_ identity: DatabaseFile.Identity) -> Bool {
        counts.withLock { $0[identity, default: 0] > 0 }
    }
}
