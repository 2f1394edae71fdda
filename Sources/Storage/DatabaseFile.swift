import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks and preparations a database path gets before SQLite opens it.
///
/// SQLite opens almost anything and fails lazily; worse, it treats some tiny files as empty databases
/// and would write a header over them. These checks refuse a directory or a non-SQLite file up front,
/// with nothing written, and create a new file with private permissions (folder `0700`, file `0600`)
/// because a movie list and reading history are personal.
///
/// Reading the header needs a file descriptor, and closing any descriptor on a database file drops
/// every POSIX lock this process holds on it, including those of open SQLite connections: another
/// process could then think it is alone, checkpoint and delete the WAL under our feet
/// (https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_).
/// So the header is read only while no connection of this process has the file open; `OpenFiles`
/// keeps count.
enum DatabaseFile {
    /// The 16 bytes every SQLite 3 database file starts with. https://www.sqlite.org/fileformat.html
    static let header = Array("SQLite format 3\0".utf8)

    /// A file's identity (device and inode), the same whatever path names it.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// Checks `path` and, when `create` is true and nothing is there, creates its folder and an empty file.
    /// Returns the file's identity, for `OpenFiles`.
    static func prepare(path: String, create: Bool) throws -> Identity {
        var info = stat()
        if stat(path, &info) != 0 {
            try createFile(path: path, create: create)
            guard stat(path, &info) == 0 else {
                throw StorageError.cannotOpen(path: path, reason: lastErrorText())
            }
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw StorageError.isDirectory(path: path) }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Creates a missing database file (and its folder), private to the user.
    private static func createFile(path: String, create: Bool) throws {
        guard errno == ENOENT else { throw StorageError.cannotOpen(path: path, reason: lastErrorText()) }
        guard create else { throw StorageError.cannotOpen(path: path, reason: "no such file") }
        try createFolder(for: path)
        // O_EXCL: if another process created the file meanwhile, leave its file alone.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw StorageError.cannotOpen(path: path, reason: lastErrorText())
        }
    }

    /// Refuses a non-empty file that does not start with the SQLite header. An empty file is a valid,
    /// empty database to SQLite, and nothing can be lost by using it.
    ///
    /// Call only while this process has no connection on the file (see the type's comment).
    static func checkHeader(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.cannotOpen(path: path, reason: lastErrorText()) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = read(descriptor, &bytes, header.count)
        guard count == header.count, bytes == header else { throw StorageError.notADatabase(path: path) }
    }

    /// Creates the folder that will hold `path` (and missing parents) with mode `0700`.
    private static func createFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StorageError.cannotOpen(path: path, reason: "\(folder) is not a directory")
            }
            return
        }
        try createFolder(for: folder)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StorageError.cannotOpen(path: path, reason: "cannot create \(folder): \(lastErrorText())")
        }
    }

    /// The C library's text for the current `errno`.
    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

/// How many connections this process has open on each database file.
///
/// The header of a file is read (with its own descriptor) only when the count is zero; see
/// `DatabaseFile` for why a stray `close()` on an open database is dangerous.
enum OpenFiles {
    private static let counts = Locked<[DatabaseFile.Identity: Int]>([:])

    /// Prepares `path` (creating it when allowed), checks its header when no connection of this process
    /// has it open, and counts one more connection. Balance with `release(_:)`.
    static func acquire(path: String, create: Bool) throws -> DatabaseFile.Identity {
        try counts.withLock { counts in
            let identity = try DatabaseFile.prepare(path: path, create: create)
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
