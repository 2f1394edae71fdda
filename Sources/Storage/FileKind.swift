#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kind of thing a path names, for refusing everything but a regular file before SQLite opens it.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regularFile
    case directory
    /// A path that does not exist yet but can only become a folder (`new/`, `x/.`).
    case folderName
    case characterDevice
    case blockDevice
    case fifo
    case socket
    case symbolicLink
    case unknown

    /// The kind the `st_mode` of `stat`/`lstat` gives.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// "a directory", "a FIFO (named pipe)": a phrase that follows "is".
    public var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .directory: "a directory"
        case .folderName: "a folder name (it ends in / or names . or ..)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device (a disk)"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .unknown: "a file of an unknown kind"
        }
    }
}

/// Why a file SQLite keeps beside a database (`-wal`, `-shm`, `-journal`) cannot serve.
///
/// SQLite refuses to follow a symbolic link for these files (it opens them with `O_NOFOLLOW`, so a link
/// cannot send its writes elsewhere) and then says only "unable to open database file"; a `-shm` it
/// cannot write makes every later write fail as "read-only". Both are caught before SQLite opens the
/// database, so the message can say which file is in the way.
public enum CompanionProblem: Sendable, Equatable, CustomStringConvertible {
    /// The companion is a symbolic link.
    case symbolicLink
    /// The companion is a folder, device, FIFO or socket.
    case notAFile(FileKind)
    /// The companion exists but this user may not write it.
    case notWritable
    /// A non-empty `-wal` or `-journal` lies beside a file opened `immutable` (a backup): a log SQLite has
    /// not merged into it, which may be the file's own or another database's.
    case unmergedLog

    /// A phrase that follows "the file beside the database": "is a symbolic link".
    public var description: String {
        switch self {
        case .symbolicLink: "is a symbolic link"
        case .notAFile(let kind): "is \(kind)"
        case .notWritable: "cannot be written"
        case .unmergedLog: "is a log not merged into it"
        }
    }
}
