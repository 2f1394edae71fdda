import CTemporaryFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The new content of a file, written to a temporary file beside it and renamed over it by `commit()`,
/// so the path holds either its old content or the whole new content, never half of it.
///
/// The temporary file is created `0600` (a movie list, a reading history and their backups are
/// personal) with `O_EXCL`, in the destination's own folder so the rename is atomic. It is removed when
/// this value goes without `commit()` (an error midway), and by a signal handler when any signal ends the
/// process (CTemporaryFiles); only `kill -9` (or a power cut) can leave it behind, and
/// `ReplacementLeftovers` finds what it left. `export -o` writes it
/// through `descriptor`; `movies backup` and `catalog load` hand it to SQLite (`handOverToSQLite()`),
/// which writes it by name, and the files SQLite makes beside it go with it.
package final class ReplacementFile {
    /// The path renamed over on `commit()`.
    package let destination: String
    /// The temporary file, `.<name>.<pid>.<random>.tmp` beside the destination.
    package let temporaryPath: String
    /// The path as the user gave it, for messages.
    private let displayPath: String
    private var openDescriptor: Int32
    private let registration: Int32
    /// The files SQLite may make beside the temporary file, with their registrations with the signal
    /// handler, once it is handed over (`handOverToSQLite()`).
    private var companions: [(path: String, registration: Int32)] = []
    private var isFinished = false

    /// Creates the temporary file beside `destination` (a regular file or a new path, already resolved);
    /// `displayPath` names it in errors.
    package init(replacing destination: String, displayPath: String) throws(OutputFileError) {
        self.destination = destination
        self.displayPath = displayPath
        let (folder, name) = FolderEntry.split(destination)
        temporaryPath = "\(folder)/" + Self.temporaryName(of: name, processID: getpid())
        // Registered before it exists, so no moment passes where a signal would leave it behind.
        registration = movies_temporary_file_register(temporaryPath)
        openDescriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard openDescriptor >= 0 else {
            let code = errno
            movies_temporary_file_unregister(registration)
            throw OutputFileError(path: displayPath, systemError: code)
        }
    }

    /// The temporary file's name beside a destination named `name`: `.<name>.<pid>.<random>.tmp`, the
    /// process id first, so the files of a process that is gone can be told (`ReplacementLeftovers`).
    static func temporaryName(of name: String, processID: Int32) -> String {
        ".\(name).\(processID).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    deinit {
        guard !isFinished else { return }
        closeDescriptor()
        unlink(temporaryPath)
        movies_temporary_file_unregister(registration)
        removeCompanions()
    }

    /// The temporary file, open for writing; -1 after `closeDescriptor()`.
    package var descriptor: Int32 { openDescriptor }

    /// Closes this value's descriptor, for a temporary file another library opens by its path (SQLite):
    /// closing a descriptor drops the POSIX locks the whole process holds on the file, SQLite's too
    /// (https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_),
    /// so it must be closed before SQLite opens the file, not after.
    package func closeDescriptor() {
        if openDescriptor >= 0 {
            close(openDescriptor)
            openDescriptor = -1
        }
    }

    /// Hands the temporary file to SQLite, which opens it by its path: closes this value's descriptor
    /// (see `closeDescriptor()`), and has the files SQLite makes beside a database it writes (its rollback
    /// journal, or its write-ahead log and that log's index: https://www.sqlite.org/tempfiles.html)
    /// removed with the temporary file, by a failure or a signal. At `commit()` they must be gone or
    /// empty (SQLite has closed the file): a log still holding pages would be the file's last
    /// transactions, so the commit is refused rather than lose them.
    package func handOverToSQLite() {
        precondition(!isFinished, "a committed replacement cannot be handed over")
        closeDescriptor()
        guard companions.isEmpty else { return }
        for suffix in DatabaseFiles.suffixes where !suffix.isEmpty {
            let path = temporaryPath + suffix
            companions.append((path, movies_temporary_file_register(path)))
        }
    }

    /// Removes the files SQLite made beside the temporary file, and their registrations.
    private func removeCompanions() {
        for (path, registration) in companions {
            unlink(path)
            movies_temporary_file_unregister(registration)
        }
        companions = []
    }

    /// The first of SQLite's files beside the temporary file that still holds something, if any.
    private func companionHoldingData() -> String? {
        companions.first { companion in
            var status = stat()
            return stat(companion.path, &status) == 0 && status.st_size > 0
        }?.path
    }

    /// Syncs the temporary file, renames it over the destination and syncs the folder, so the new file
    /// survives a power cut once this returns.
    ///
    /// With `replacing: false` the destination must not exist: the file is put there with `link`, which
    /// fails with `EEXIST` (`OutputFileError.alreadyExists`) rather than replace a file that appeared since,
    /// and the temporary name is then removed.
    package func commit(replacing: Bool = true) throws(OutputFileError) {
        if let companion = companionHoldingData() {
            throw OutputFileError(
                path: displayPath, problem: "\(companion) still holds data SQLite has not written into it")
        }
        let descriptor = openDescriptor >= 0 ? openDescriptor : open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            throw OutputFileError(path: displayPath, systemError: errno)
        }
        close(descriptor)
        openDescriptor = -1
        isFinished = true
        defer {
            movies_temporary_file_unregister(registration)
            removeCompanions()
        }
        if replacing {
            guard rename(temporaryPath, destination) == 0 else {
                let code = errno
                unlink(temporaryPath)
                throw OutputFileError(path: displayPath, systemError: code, action: "replace")
            }
        } else {
            let linked = link(temporaryPath, destination) == 0
            let code = errno
            unlink(temporaryPath)
            guard linked else { throw OutputFileError(path: displayPath, systemError: code) }
        }
        let folder = open(FolderEntry.split(destination).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
