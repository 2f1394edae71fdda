#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How an output path is written, decided from what is there before anything is written.
///
/// - A regular file, or nothing (a new path): replaced atomically, through a temporary file beside it
///   renamed over it, so it holds the old content or the whole new one, never half.
/// - A FIFO or a character device (`/dev/null`, a terminal), or an open descriptor of this process
///   (`/dev/stdout`, `/dev/fd/N`, a shell's `>(...)`): written in place as a stream. Renaming a file
///   over those would replace the device node or pipe with a plain file and leave the reader with
///   nothing.
/// - A symbolic link is followed to its target (link after link), and the target is what is written:
///   a regular target is replaced atomically in its own folder and the link stays a link; a missing
///   target is created there. (Replacing the link itself would silently cut it from the file it
///   named; following it is what a shell's `>` does.) A link the kernel would not follow for this user
///   (another user's, in a shared sticky folder such as `/tmp`) is refused.
/// - A folder, a block device (a disk) or a socket is refused.
package enum OutputDestination: Equatable {
    /// Written to a temporary file in the same folder, then renamed over this path.
    case replace(String)
    /// Opened and written in place.
    case stream(String)

    /// The most links followed before giving up, as the kernel does (`ELOOP`).
    static let maximumLinks = 40

    /// How `path` is written; `path` names it in messages.
    package static func resolve(_ path: String) throws(OutputFileError) -> OutputDestination {
        guard !path.isEmpty else {
            throw OutputFileError(reason: "cannot write to an empty path; name a file")
        }
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                // Nothing there: a new file (through a link: the link's missing target).
                if code == ENOENT { return .replace(current) }
                throw OutputFileError(path: path, systemError: code)
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return .replace(current)
            case S_IFIFO, S_IFCHR:
                return .stream(current)
            case S_IFDIR:
                throw OutputFileError(path: path, problem: "it is a folder; name a file in it")
            case S_IFBLK:
                throw OutputFileError(path: path, problem: "it is a block device (a disk), not a file")
            case S_IFSOCK:
                throw OutputFileError(path: path, problem: "it is a socket, not a file")
            case S_IFLNK:
                if isDescriptorLink(current) { return .stream(current) }
                try refuseForeignLink(current, owner: status.st_uid, path: path)
                current = try target(of: current, path: path)
            default:
                throw OutputFileError(path: path, problem: "it is not a file")
            }
        }
        throw OutputFileError(path: path, systemError: ELOOP)
    }

    /// Refuses to follow the symbolic link `link`, owned by `owner`, where the kernel would refuse to
    /// follow it when opening a file: in a sticky folder everyone may write to (`/tmp`), a link owned by
    /// neither the user nor the folder's owner (Linux's `fs.protected_symlinks`,
    /// https://www.kernel.org/doc/html/latest/admin-guide/sysctl/fs.html#protected-symlinks).
    ///
    /// An output is written by renaming a new file over the link's target in the target's folder, which
    /// the kernel does not check when it resolves the link by `readlink`: without this, another user could
    /// plant `/tmp/movies.bak -> /etc/important.conf`, and `movies backup /tmp/movies.bak` run as root
    /// would replace that file.
    private static func refuseForeignLink(_ link: String, owner: uid_t, path: String) throws(OutputFileError)
    {
        let folder = FolderEntry.split(link).folder
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0 else { return }
        let shared = folderStatus.st_mode & S_ISVTX != 0 && folderStatus.st_mode & S_IWOTH != 0
        guard shared, owner != geteuid(), owner != folderStatus.st_uid else { return }
        throw OutputFileError(
            path: path,
            problem: "it is a symbolic link in \(folder), a folder everyone may write to, and the link "
                + "belongs to another user (uid \(owner)); following it could replace a file that is not "
                + "yours to replace (the kernel refuses to follow such links too). Remove the link or "
                + "choose another path")
    }

    /// The path the symbolic link `link` points to, relative targets taken from the link's folder.
    private static func target(of link: String, path: String) throws(OutputFileError) -> String {
        var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &bytes, bytes.count - 1)
        guard length >= 0 else { throw OutputFileError(path: path, systemError: errno) }
        let target = String(decoding: bytes[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return FolderEntry.split(link).folder + "/" + target
    }

    /// Whether `link` is one of the kernel's links to an open descriptor (`/proc/self/fd/1`, which
    /// `/dev/stdout` points to), known by living on the file system mounted at `/proc`: its "target" is
    /// not a path to replace but the descriptor's file, pipe or terminal, written in place (appending,
    /// so nothing a shell's `>>` set up is lost).
    private static func isDescriptorLink(_ link: String) -> Bool {
        #if os(Linux)
            guard let folder = FileIdentity(of: FolderEntry.split(link).folder),
                let proc = FileIdentity(of: "/proc")
            else { return false }
            return folder.device == proc.device
        #else
            return false
        #endif
    }
}

/// An output file could not be written (disk full, permission denied, not a file, the database...).
public struct OutputFileError: Error, Sendable, CustomStringConvertible {
    /// What failed, as a phrase: `cannot write out.csv: No space left on device`.
    public let reason: String
    /// The `errno` behind it, when a system call failed.
    package let systemError: Int32?
    public var description: String { reason }

    package init(reason: String) {
        self.reason = reason
        systemError = nil
    }

    /// `cannot write PATH: PROBLEM`.
    package init(path: String, problem: String) {
        reason = "cannot write \(path): \(problem)"
        systemError = nil
    }

    /// `cannot write PATH: strerror(code)`, or another verb than "write" (`cannot replace`).
    package init(path: String, systemError code: Int32, action: String = "write") {
        reason = "cannot \(action) \(path): \(String(cString: strerror(code)))"
        systemError = code
    }

    /// Whether it failed because a file was already at the path (`EEXIST`).
    package var alreadyExists: Bool { systemError == EEXIST }
}
