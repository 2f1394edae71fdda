import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks and preparations a database path gets before SQLite opens it.
///
/// SQLite opens almost anything and fails lazily, after it has created files: handed a device it
/// creates `/dev/null-journal`, handed a read-only file it leaves a read-only `-shm` that breaks every
/// later write, handed a path it cannot hold it fails after this code made the file. Worse, it treats
/// some tiny files as empty databases and would write a header over them. So everything that can be
/// known from the file system is checked first, and refused with nothing written: the path's length, a
/// folder, a device, a FIFO or a socket, a file this user cannot read or write, a non-SQLite file, and
/// companion files (`-wal`, `-shm`, `-journal`) SQLite could not use. A new file is created with
/// private permissions (folder `0700`, file `0600`) because a movie list and reading history are
/// personal.
///
/// Reading the header needs a file descriptor, and closing any descriptor on a database file drops
/// every POSIX lock this process holds on it, including those of open SQLite connections: another
/// process could then think it is alone, checkpoint and delete the WAL under our feet
/// (https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_).
/// So the header is read only while no connection of this process has the file open; `OpenFiles`
/// keeps count. The other checks use `stat`, `lstat` and `access`, which open nothing.
package enum DatabaseFile {
    /// The 16 bytes every SQLite 3 database file starts with. https://www.sqlite.org/fileformat.html
    static let header = Array("SQLite format 3\0".utf8)

    /// The suffixes of the files SQLite keeps beside a database. https://www.sqlite.org/tempfiles.html
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// A file's identity (device and inode), the same whatever path names it.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// Checks `path` for a connection with `access` and, when `create` is true and nothing is there,
    /// creates its folder and an empty file. Returns the file's identity, for `OpenFiles`.
    static func prepare(path: String, create: Bool, access mode: DatabaseConfiguration.Access) throws
        -> Identity
    {
        try checkLength(path)
        var info = stat()
        let exists = stat(path, &info) == 0
        let failure = errno
        if PathText.namesFolder(path) {
            let kind: FileKind =
                exists && FileKind(mode: info.st_mode) == .directory ? .directory : .folderName
            throw StorageError.notAFile(path: path, kind: kind)
        }
        if !exists {
            try createFile(path: path, create: create, failure: failure)
            guard stat(path, &info) == 0 else { throw cannotOpen(path, errno) }
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regularFile else { throw StorageError.notAFile(path: path, kind: kind) }
        guard access(path, R_OK) == 0 else { throw cannotOpen(path, errno) }
        switch mode {
        case .readWrite, .queryOnly:
            guard access(path, W_OK) == 0 else {
                throw StorageError.notWritable(path: path, reason: systemText(errno))
            }
            try checkCompanions(of: path)
        case .readOnly, .reads:
            try checkCompanions(of: path, needsWriting: false)
        case .immutable:
            try refuseUnmergedLogs(of: path)
        }
        return Identity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// Refuses a path longer than SQLite can open, before anything is created for it.
    ///
    /// SQLite makes the path absolute (resolving symbolic links) and refuses one that leaves no room for
    /// the 8 bytes of `-journal` within the VFS's `mxPathname` (512 on Unix): "unable to open database
    /// file", after this code would have created the file and its folders.
    private static func checkLength(_ path: String) throws {
        SQLiteLibrary.configure()  // `sqlite3_vfs_find` initialises SQLite
        guard let vfs = sqlite3_vfs_find(nil) else { return }
        let limit = Int(vfs.pointee.mxPathname) - "-journal".utf8.count
        guard let full = resolved(path), full.utf8.count > limit else { return }
        throw StorageError.cannotOpen(
            path: path,
            reason: "the path is \(full.utf8.count) bytes long as a full path; SQLite opens at most \(limit)")
    }

    /// `path` as SQLite will see it: links resolved where the file or its folder exists, else made
    /// absolute against the current folder.
    private static func resolved(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        let folder = PathText.folder(of: path)
        if let real = realPath(folder.isEmpty ? "." : folder) {
            let name = PathText.lastName(of: path)
            return real == "/" ? "/" + name : real + "/" + name
        }
        return PathText.absolute(path)
    }

    /// `realpath(3)`: the absolute path with every link and `.`/`..` resolved, or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates a missing database file (and its folder), private to the user; `failure` is the `errno`
    /// of the `stat` that found nothing.
    private static func createFile(path: String, create: Bool, failure: Int32) throws {
        guard failure == ENOENT || failure == ENOTDIR else { throw cannotOpen(path, failure) }
        // A file where a folder of the path should be: no database can ever be there, created or not.
        if failure == ENOTDIR, let file = fileInPlaceOfFolder(PathText.folder(of: path)) {
            throw StorageError.cannotOpen(path: path, reason: "\(file) is a file, not a folder")
        }
        guard create else { throw StorageError.missing(path: path) }
        var link = stat()
        if lstat(path, &link) == 0 && FileKind(mode: link.st_mode) == .symbolicLink {
            throw StorageError.cannotOpen(
                path: path, reason: "it is a symbolic link to a file that does not exist")
        }
        try createFolder(PathText.folder(of: path), for: path)
        // O_EXCL: if another process created the file meanwhile, leave its file alone.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            created.withLock { _ = $0.insert(path) }
        } else if errno != EEXIST {
            throw cannotOpen(path, errno)
        }
    }

    /// The first of `folder` and its parents, from the top, that exists and is not a folder.
    private static func fileInPlaceOfFolder(_ folder: String) -> String? {
        guard !folder.isEmpty, folder != "/" else { return nil }
        if let above = fileInPlaceOfFolder(PathText.folder(of: folder)) { return above }
        var info = stat()
        guard stat(folder, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode) == .directory ? nil : folder
    }

    /// Creates the folders a database at `path` needs, `0700`, as opening one would: for a file made
    /// beside it and renamed into place (a catalog being loaded).
    package static func createFolders(for path: String) throws {
        try createFolder(PathText.folder(of: path), for: path)
    }

    /// Creates `folder` (and missing parents) with mode `0700`, for the database at `path`.
    private static func createFolder(_ folder: String, for path: String) throws {
        guard !folder.isEmpty else { return }
        var info = stat()
        if stat(folder, &info) == 0 {
            guard FileKind(mode: info.st_mode) == .directory else {
                throw StorageError.cannotOpen(path: path, reason: "\(folder) is a file, not a folder")
            }
            return
        }
        let failure = errno
        guard failure == ENOENT || failure == ENOTDIR else { throw cannotOpen(path, failure) }
        try createFolder(PathText.folder(of: folder), for: path)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw StorageError.cannotOpen(path: path, reason: "cannot create \(folder): \(systemText(errno))")
        }
    }

    /// Refuses companion files SQLite could not use, and (for a connection that writes) a folder where it
    /// could not create them.
    private static func checkCompanions(of path: String, needsWriting: Bool = true) throws {
        let base = companionBase(path)
        var missing = false
        for suffix in companionSuffixes {
            let companion = base + suffix
            var info = stat()
            guard lstat(companion, &info) == 0 else {
                missing = missing || suffix != "-journal"
                continue
            }
            let kind = FileKind(mode: info.st_mode)
            if kind == .symbolicLink {
                throw StorageError.unusableCompanion(path: companion, problem: .symbolicLink)
            }
            guard kind == .regularFile else {
                throw StorageError.unusableCompanion(path: companion, problem: .notAFile(kind))
            }
            guard !needsWriting || access(companion, W_OK) == 0 else {
                throw StorageError.unusableCompanion(path: companion, problem: .notWritable)
            }
        }
        // In WAL mode SQLite creates the -wal and -shm beside the database when it opens it.
        let folder = PathText.folder(of: base)
        if needsWriting && missing && access(folder.isEmpty ? "." : folder, W_OK | X_OK) != 0 {
            throw StorageError.cannotOpen(
                path: path,
                reason: "its folder cannot be written (\(systemText(errno))), and SQLite must create the "
                    + "database's -wal and -shm files there")
        }
    }

    /// Whether a connection that writes could use the file at `path`: the file, its companions and (where
    /// SQLite would create one) its folder writable, as `prepare` checks them for `.readWrite`.
    package static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0 && (try? checkCompanions(of: path)) != nil
    }

    /// Refuses a file to be opened `immutable` that has a log beside it: a non-empty `-wal` (frames SQLite
    /// has not checkpointed into it) or `-journal` (a hot journal a crash left, to be rolled back).
    ///
    /// SQLite cannot tell whether a `-wal` belongs to the file it lies beside (`cp movies.sqlite* …` puts
    /// one database's log beside another's copy just as well): a read-write handle merges whatever it
    /// finds into the file and deletes the log, and an immutable one ignores it. Neither is safe for a
    /// file whose log may hold its last commits or a stranger's, so such a file is refused and the user
    /// decides. An empty log holds nothing, and a `-shm` is only an index of the `-wal`.
    static func refuseUnmergedLogs(of path: String) throws {
        let base = companionBase(path)
        for suffix in ["-wal", "-journal"] {
            var info = stat()
            guard lstat(base + suffix, &info) == 0 else { continue }
            if FileKind(mode: info.st_mode) != .regularFile || info.st_size > 0 {
                throw StorageError.unusableCompanion(path: base + suffix, problem: .unmergedLog)
            }
        }
    }

    /// Refuses a non-empty file that does not start with the SQLite header. An empty file is a valid,
    /// empty database to SQLite, and nothing can be lost by using it.
    ///
    /// Returns whether the file is in WAL mode: its read and write format versions (bytes 18 and 19) are
    /// 2 (https://www.sqlite.org/fileformat2.html#file_format_version_numbers).
    ///
    /// Call only while this process has no connection on the file (see the type's comment).
    @discardableResult
    static func checkHeader(path: String) throws -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotOpen(path, errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 20)
        let count = read(descriptor, &bytes, bytes.count)
        guard count >= header.count, bytes.prefix(header.count).elementsEqual(header) else {
            throw StorageError.notADatabase(path: path)
        }
        return count == bytes.count && bytes[18] == 2 && bytes[19] == 2
    }

    /// Whether a non-empty `-wal` is beside the database at `path`.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(companionBase(path) + "-wal", &info) == 0 && info.st_size > 0
    }

    /// The path the companion files' names are made from: `path`, or when it is a symbolic link the file
    /// it leads to, beside which SQLite keeps them (it resolves links).
    static func companionBase(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .symbolicLink else { return path }
        return realPath(path) ?? path
    }

    /// `.cannotOpen` with the C library's words for `code`.
    private static func cannotOpen(_ path: String, _ code: Int32) -> StorageError {
        .cannotOpen(path: path, reason: systemText(code))
    }

    /// The C library's text for an `errno` value.
    static func systemText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
