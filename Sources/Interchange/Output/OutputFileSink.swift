import Basics
import CTemporaryFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output file (`export -o`, `news export-opml -o`), written as what is at its path calls for
/// (`OutputDestination`): a regular file or a new path through a temporary file renamed into place on
/// `commit()`, so it holds either its old content or the whole new content, never half; a FIFO, a
/// device or `/dev/stdout` in place, as a stream.
///
/// Nothing is written before the path is checked: a folder, a disk, a socket, and the database's own
/// files (`DatabaseFiles`) are refused first. Writes are buffered (64 KiB) and streamed; nothing is held
/// whole in memory. Without `commit()` (an error midway) the temporary file is removed and the
/// destination is untouched; a signal that ends the process (SIGINT, SIGTERM, SIGHUP) removes it too
/// (CTemporaryFiles). Only `kill -9` can leave it behind.
public final class OutputFileSink: TextSink {
    /// The destination, as given.
    public let path: String
    private let descriptor: Int32
    /// The file written when replacing: renamed over `destination` by `commit()`.
    private let temporary: (path: String, registration: Int32)?
    private let destination: String
    private var buffer: [UInt8] = []
    private var isFinished = false

    /// Checks `path` and opens it, or a temporary file beside the file it leads to (mode 0600);
    /// refuses any of `database`'s files.
    public init(path: String, refusing database: DatabaseFiles? = nil) throws {
        self.path = path
        let resolved = try OutputDestination.resolve(path)
        let target: String
        switch resolved {
        case .replace(let file), .stream(let file): target = file
        }
        if let database, database.contains(target) || database.contains(path) {
            throw OutputFileError(
                path: path,
                problem: "it is the database this command works on (or one of its -wal, -shm, -journal "
                    + "files); choose another file")
        }
        destination = target
        switch resolved {
        case .stream(let file):
            // O_APPEND: a descriptor a shell opened with `>>` (through /dev/stdout) keeps what it holds.
            descriptor = open(file, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputFileError(path: path, systemError: errno) }
            temporary = nil
        case .replace(let file):
            let (folder, name) = FolderEntry.split(file)
            let temporaryPath = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            // Registered before it exists, so no moment passes where a signal would leave it behind.
            let registration = movies_temporary_file_register(temporaryPath)
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let code = errno
                movies_temporary_file_unregister(registration)
                throw OutputFileError(path: path, systemError: code)
            }
            temporary = (temporaryPath, registration)
        }
        buffer.reserveCapacity(64 * 1024)
    }

    deinit {
        if !isFinished {
            close(descriptor)
            if let temporary {
                unlink(temporary.path)
                movies_temporary_file_unregister(temporary.registration)
            }
        }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 64 * 1024 {
            try flush()
        }
    }

    /// Writes what is buffered; for a replaced file, syncs the temporary file, renames it over the
    /// destination and syncs the folder, so the new file survives a power cut once this returns.
    public func commit() throws {
        try flush()
        guard let temporary else {
            isFinished = true
            guard close(descriptor) == 0 else { throw OutputFileError(path: path, systemError: errno) }
            return
        }
        guard fsync(descriptor) == 0 else { throw OutputFileError(path: path, systemError: errno) }
        close(descriptor)
        isFinished = true
        defer { movies_temporary_file_unregister(temporary.registration) }
        guard rename(temporary.path, destination) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw OutputFileError(path: path, systemError: code, action: "replace")
        }
        let folder = open(FolderEntry.split(destination).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                bytes.baseAddress.map { systemWrite(descriptor, $0 + offset, bytes.count - offset) } ?? 0
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, systemError: errno)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `write(2)`, named apart from `TextSink.write(_:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
