import Basics
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another process has the database file open, so it cannot be had exclusively.
public struct DatabaseInUse: Error, Sendable, Equatable {
    /// The file.
    public let path: String
    /// A process holding a lock on it, when the system says which (`F_GETLK`).
    public let holder: LockHolder?
}

/// A process holding a lock on a file.
public struct LockHolder: Sendable, Equatable {
    /// Its process id.
    public let processID: Int32
    /// Its program name (`/proc/<pid>/comm` on Linux), when known.
    public let name: String?
}

extension Database {
    /// Opens the database at `path` (creating it when the configuration allows) and takes it for this
    /// `Database` alone until it is released: no other connection, in any process, has it open meanwhile.
    ///
    /// In WAL mode every open connection keeps a SHARED lock on the database file while it is open, even
    /// between transactions; closing the last one checkpoints and deletes the WAL only when it can take
    /// the EXCLUSIVE lock, which proves it is alone (https://www.sqlite.org/wal.html#the_wal_file). This
    /// takes that same lock and keeps it: `locking_mode = EXCLUSIVE`, then a write transaction, which in
    /// WAL mode asks for the EXCLUSIVE lock on the database file and, the mode being exclusive, keeps it
    /// after the commit (https://www.sqlite.org/pragma.html#pragma_locking_mode). The request waits up to
    /// the busy timeout (a command that is finishing gets to finish) and then throws `DatabaseInUse`,
    /// naming a process that holds a lock when the system can tell. Other processes that open the file
    /// meanwhile wait on their busy timeout.
    ///
    /// Only the writer connection may be used: `read` would open a second connection, which the lock
    /// keeps out too.
    public static func openExclusively(path: String, configuration: DatabaseConfiguration) throws -> Database
    {
        var database: Database? = try Database(path: path, configuration: configuration)
        do {
            try database?.writeWithoutTransaction { connection in
                try connection.executeScript("PRAGMA locking_mode = EXCLUSIVE")
                try connection.executeScript("BEGIN IMMEDIATE; COMMIT")
            }
        } catch let error as StorageError where error.isBusy {
            // Closed first: the probe opens and closes a descriptor of its own, which would drop this
            // process's locks on the file if a connection of it still had the file open.
            database = nil
            throw DatabaseInUse(path: path, holder: DatabaseFile.lockHolder(path: path))
        }
        guard let database else { throw DatabaseInUse(path: path, holder: nil) }
        return database
    }
}

extension DatabaseFile {
    /// SQLite's lock bytes: PENDING at 1 GiB, then RESERVED, then the 510 SHARED bytes, on the page SQLite
    /// never stores data in (https://www.sqlite.org/fileformat2.html#the_lock_byte_page).
    private static let lockRange: (start: off_t, length: off_t) = (0x4000_0000, 512)

    /// A process that holds a SQLite lock on the file at `path`, found with `F_GETLK`; nil when none
    /// does or when a connection of this process has the file open (closing the probe's descriptor
    /// would then drop that connection's locks).
    static func lockHolder(path: String) -> LockHolder? {
        guard let identity = DatabaseFile.Identity(path: path), !OpenFiles.isOpen(identity) else {
            return nil
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = lockRange.start
        lock.l_len = lockRange.length
        guard fcntl(descriptor, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK), lock.l_pid > 0 else {
            return nil
        }
        return LockHolder(processID: lock.l_pid, name: programName(of: lock.l_pid))
    }

    /// The name the kernel gives process `pid` (Linux), else nil.
    private static func programName(of pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/comm") else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingWhitespace()
        return name.isEmpty ? nil : name
    }
}

extension DatabaseFile.Identity {
    /// The identity of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}
