import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks and preparations a database path gets before SQLite opens it.
///
/// SQLite opens almost anything and fails lazily, sometimes after creating `-wal`/`-shm` files next to
/// the victim. These checks refuse a directory or a non-SQLite file up front, with nothing written,
/// and create a new file with private permissions (folder `0700`, file `0600`) because a movie list
/// and reading history are personal.
enum DatabaseFile {
    /// The 16 bytes every SQLite 3 database file starts with. https://www.sqlite.org/fileformat.html
    static let header = Array("SQLite format 3\0".utf8)

    /// Checks `path` and, when `create` is true and nothing is there, creates its folder and an empty file.
    static func prepare(path: String, create: Bool) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw StorageError.isDirectory(path: path) }
            try checkHeader(path: path, size: Int(info.st_size))
            return
        }
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
    private static func checkHeader(path: String, size: Int) throws {
        guard size > 0 else { return }
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
