#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database file and the files SQLite keeps beside it — `-wal`, `-shm`, `-journal`
/// (https://www.sqlite.org/tempfiles.html) — which an output file must never replace: `export -o` onto
/// any of them would turn the list (and the news) into a CSV file.
///
/// Files are compared by identity (device and inode), not by name, so a hard link, a symbolic link or
/// `./x/../movies.sqlite` is recognised. A companion that does not exist at the moment (the `-wal`
/// goes when the last connection closes; a `-journal` exists only during a rollback) is recognised by
/// its name in the database's folder, the folder again known by identity. Both the path as given and
/// the file it leads to count, since SQLite keeps the companions beside the target of a symbolic link.
public struct DatabaseFiles: Sendable {
    /// The suffixes SQLite gives the files beside a database: "" is the database itself.
    package static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// Why an output path that is one of these files is refused, as the end of a sentence.
    package static let refusal =
        "it is the database this command works on (or one of its -wal, -shm, -journal files); choose another file"

    private let identities: Set<FileIdentity>
    private let entries: Set<FolderEntry>

    /// The files of the database at `databasePath`.
    public init(databasePath: String) {
        var bases = [databasePath]
        if let resolved = realpath(databasePath, nil) {
            bases.append(String(cString: resolved))
            free(resolved)
        }
        var identities = Set<FileIdentity>()
        var entries = Set<FolderEntry>()
        for base in bases {
            for suffix in Self.suffixes {
                if let identity = FileIdentity(of: base + suffix) { identities.insert(identity) }
                if let entry = FolderEntry(of: base + suffix) { entries.insert(entry) }
            }
        }
        self.identities = identities
        self.entries = entries
    }

    /// The `-wal`, `-shm` and `-journal` files that exist beside the database file at `path`. SQLite opens
    /// them by name beside whatever file has that name now: a file put in the place of a database must not
    /// find another file's there, which SQLite would take as its own (a stale `-wal` would be replayed
    /// into it). https://www.sqlite.org/tempfiles.html
    package static func existingCompanions(of path: String) -> [String] {
        suffixes.dropFirst().map { path + $0 }.filter { FileIdentity(of: $0) != nil }
    }

    /// Whether `name` can be a database's own name, not only one of its companions' (`x-wal`).
    package static func isBaseName(_ name: String) -> Bool {
        !suffixes.dropFirst().contains { name.hasSuffix($0) }
    }

    /// Whether writing to `path` (after following symbolic links) would write one of the database's files.
    public func contains(_ path: String) -> Bool {
        if let identity = FileIdentity(of: path), identities.contains(identity) { return true }
        if let entry = FolderEntry(of: path), entries.contains(entry) { return true }
        return false
    }
}
