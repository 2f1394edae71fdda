#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What makes a file itself whatever it is called: its device and inode. A hard link, a symbolic
/// link and `./x/../db` all lead to the same identity; two paths that compare unequal as text may not.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of what `path` leads to (symbolic links followed), or nil when nothing is there.
    package init?(of path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    package init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}

/// A name in a folder, the folder known by identity: where a file that does not exist yet would be.
package struct FolderEntry: Hashable, Sendable {
    package let folder: FileIdentity
    package let name: String

    /// The entry `path` names, or nil when its folder does not exist.
    package init?(of path: String) {
        let (folder, name) = FolderEntry.split(path)
        guard let identity = FileIdentity(of: folder) else { return nil }
        self.folder = identity
        self.name = name
    }

    /// The folder part (`.` when there is none) and the last component of `path`.
    package static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }
}
