import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hidden `.NAME.part` a download writes into, open and locked: created by this download
/// (`O_EXCL`), or the one an earlier download left, resumed only when it is the very file recorded then.
///
/// The folder may be shared (a sticky `/tmp`-like folder) and anyone may have put a file at that path
/// first: a symbolic link, a FIFO (opening it for writing would wait forever), a hard link to another
/// file (truncating it would truncate that file), or a regular file of theirs, with their bytes and their
/// mode. None of them is ever taken: the part is created with `O_EXCL | O_NOFOLLOW`, and an existing
/// one is opened without following a link and without blocking, and is used only when it is a regular
/// file with one name whose device, inode and size are the ones the ledger (the database) recorded.
/// A second download of the same file finds the part locked (`flock(2)`, held as long as the
/// descriptor is open) and says that one is in progress.
final class EnclosurePart {
    let path: String
    let descriptor: Int32
    /// What is recorded of it (size 0 and nothing known for a new part).
    private(set) var record: DownloadPart
    private let ledger: any DownloadPartLedger

    /// Opens the part at `path` (whose absolute path, the ledger's key, is `key`) for the download of
    /// `target`.
    init(path: String, key: String, target: String, ledger: any DownloadPartLedger) throws(DownloadError) {
        self.path = path
        self.ledger = ledger
        let created = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if created >= 0 {
            var information = stat()
            guard flock(created, LOCK_EX | LOCK_NB) == 0, fstat(created, &information) == 0 else {
                let code = errno
                close(created)
                // Locked by a second download that opened it in the moment before this one locked it.
                if code == EWOULDBLOCK { throw .inProgress(target) }
                unlink(path)
                throw .cannotWrite(path, reason: Self.reason(code))
            }
            let fresh = DownloadPart(
                path: key, device: Int64(bitPattern: UInt64(information.st_dev)),
                inode: Int64(bitPattern: UInt64(information.st_ino)), size: 0)
            do {
                try ledger.keepDownloadPart(fresh)
            } catch {
                close(created)
                unlink(path)
                throw .cannotRecord(String(describing: error))
            }
            descriptor = created
            record = fresh
            return
        }
        guard errno == EEXIST else { throw .cannotWrite(path, reason: Self.reason(errno)) }
        let existing = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard existing >= 0 else {
            let code = errno
            throw code == ELOOP
                ? .untrustedPart(path, reason: "it is a symbolic link")
                : .cannotWrite(path, reason: Self.reason(code))
        }
        var information = stat()
        let found = Self.check(existing, &information)
        guard let found else {
            close(existing)
            throw .cannotWrite(path, reason: Self.reason(errno))
        }
        if let problem = found {
            close(existing)
            throw .untrustedPart(path, reason: problem)
        }
        guard flock(existing, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(existing)
            throw code == EWOULDBLOCK ? .inProgress(target) : .cannotWrite(path, reason: Self.reason(code))
        }
        let recorded: DownloadPart?
        do {
            recorded = try ledger.downloadPart(at: key)
        } catch {
            close(existing)
            throw .cannotRecord(String(describing: error))
        }
        guard let recorded, recorded.device == Int64(bitPattern: UInt64(information.st_dev)),
            recorded.inode == Int64(bitPattern: UInt64(information.st_ino)),
            recorded.size == Int64(information.st_size), lseek(existing, 0, SEEK_END) >= 0
        else {
            close(existing)
            throw .untrustedPart(
                path,
                reason: recorded == nil ? "no download of it was recorded" : "it changed after the download")
        }
        descriptor = existing
        record = recorded
    }

    deinit {
        close(descriptor)
    }

    /// Nil when fstat(2) failed; else the reason the open file is not one a download can have left, or
    /// `.some(nil)` when it can be.
    private static func check(_ descriptor: Int32, _ information: inout stat) -> String?? {
        guard fstat(descriptor, &information) == 0 else { return nil }
        if (information.st_mode & S_IFMT) != S_IFREG { return .some("it is not a regular file") }
        if information.st_nlink != 1 { return .some("it has \(information.st_nlink) names (hard links)") }
        return .some(nil)
    }

    /// The bytes in the part now.
    var size: Int64 {
        var information = stat()
        return fstat(descriptor, &information) == 0 ? Int64(information.st_size) : 0
    }

    /// Empties the part, to download the whole file again.
    func startOver() throws(DownloadError) {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw .cannotWrite(path, reason: Self.reason(errno))
        }
        record.size = 0
        record.validator = nil
        record.total = nil
    }

    /// Records the part as it is now, the bytes of the file `validator` names, of `total` bytes in all,
    /// for the next download to resume.
    func keep(validator: String?, total: Int64?) throws(DownloadError) {
        record.size = size
        record.validator = validator
        record.total = total
        do {
            try ledger.keepDownloadPart(record)
        } catch {
            throw .cannotRecord(String(describing: error))
        }
    }

    /// Removes the part and its record (the file is complete and linked, or not to be kept).
    func discard() {
        unlink(path)
        try? ledger.forgetDownloadPart(at: record.path)
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
