import CTemporaryFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One writer at a time for a destination a long job replaces (`catalog load`): a lock on a file beside
/// it, `.<name>.lock`, held until `release()` or the end of the process.
///
/// Two loads into one catalog would each write a scratch file of gigabytes, both say they succeeded,
/// and the last to finish would win; with this, the second is refused at once, naming the first. The
/// lock is `flock(2)`'s, which belongs to the open file, not the process (two in one process exclude
/// each other too), and goes with the process however it ends, `kill -9` included
/// (https://man7.org/linux/man-pages/man2/flock.2.html). Its holder writes its process id into the file
/// for the refusal to name.
///
/// The file is removed when the lock is released (and by a signal that ends the process, with the
/// temporary files: CTemporaryFiles). A process that opened it just before, and then took the lock
/// of a file no longer there, finds the path names another file (or none) and starts again, so the lock
/// is never held on a file the next writer does not see.
package final class ReplacementLock {
    /// The lock file, `.<name>.lock` beside the destination.
    package let path: String
    private var descriptor: Int32
    private let registration: Int32

    /// How often the lock is tried again after its file was replaced in the moment between opening and
    /// locking it (by a holder finishing, then another writer starting): more than that in a row is no
    /// accident.
    private static let attempts = 16

    /// Takes the lock for `destination` without waiting; throws `ReplacementLockHeld` when another writer
    /// holds it, `OutputFileError` when its file cannot be made (`displayPath` names the destination).
    package init(for destination: String, displayPath: String) throws {
        let (folder, name) = FolderEntry.split(destination)
        path = "\(folder)/.\(name).lock"
        for _ in 0..<Self.attempts {
            let opened = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard opened >= 0 else { throw OutputFileError(path: displayPath, systemError: errno) }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let holder = code == EWOULDBLOCK ? Self.holder(reading: opened) : nil
                close(opened)
                if code == EWOULDBLOCK {
                    throw ReplacementLockHeld(destination: displayPath, processID: holder)
                }
                throw OutputFileError(path: displayPath, systemError: code)
            }
            var held = stat()
            var named = stat()
            guard fstat(opened, &held) == 0, stat(path, &named) == 0,
                FileIdentity(held) == FileIdentity(named)
            else {
                // The file was removed (or replaced) by the writer that held it: not the lock any more.
                close(opened)
                continue
            }
            descriptor = opened
            registration = movies_temporary_file_register(path)
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(opened, 0)
            _ = text.withUnsafeBytes { pwrite(opened, $0.baseAddress, $0.count, 0) }
            return
        }
        throw OutputFileError(
            path: displayPath, problem: "\(path) keeps being replaced by other programs; try again")
    }

    deinit {
        release()
    }

    /// Removes the lock file and lets the lock go; the next writer may start.
    package func release() {
        guard descriptor >= 0 else { return }
        // Removed while still held: a writer that opens the path from now on makes a new file, and one
        // that opened this one sees, once it has the lock, that the path no longer names it.
        unlink(path)
        movies_temporary_file_unregister(registration)
        close(descriptor)
        descriptor = -1
    }

    /// The process id the holder wrote into the lock file, if it has yet.
    private static func holder(reading descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return Int32(text.prefix { $0 != "\n" })
    }
}

/// Another writer holds a destination's `ReplacementLock`.
public struct ReplacementLockHeld: Error, Sendable, Equatable {
    /// The destination, as given.
    public let destination: String
    /// The holder's process id, when it had written it.
    public let processID: Int32?
}
