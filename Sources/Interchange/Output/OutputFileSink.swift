import Basics

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
/// destination is untouched; any signal that ends the process (Ctrl-C, kill, a closed pipe) removes it
/// too (`ReplacementFile`). Only `kill -9` can leave it behind.
public final class OutputFileSink: TextSink {
    /// The destination, as given.
    public let path: String
    /// Where the bytes go: a temporary file renamed into place, or the destination itself as a stream.
    private enum Target {
        case replacement(ReplacementFile)
        case stream(descriptor: Int32)
    }
    private let target: Target
    private var buffer: [UInt8] = []
    private var isFinished = false

    /// Checks `path` and opens it, or a temporary file beside the file it leads to (mode 0600);
    /// refuses any of `database`'s files.
    public init(path: String, refusing database: DatabaseFiles? = nil) throws {
        self.path = path
        let resolved = try OutputDestination.resolve(path)
        let destination: String
        switch resolved {
        case .replace(let file), .stream(let file): destination = file
        }
        if let database, database.contains(destination) || database.contains(path) {
            throw OutputFileError(path: path, problem: DatabaseFiles.refusal)
        }
        switch resolved {
        case .stream(let file):
            // O_APPEND: a descriptor a shell opened with `>>` (through /dev/stdout) keeps what it holds.
            let descriptor = open(file, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputFileError(path: path, systemError: errno) }
            target = .stream(descriptor: descriptor)
        case .replace(let file):
            target = .replacement(try ReplacementFile(replacing: file, displayPath: path))
        }
        buffer.reserveCapacity(64 * 1024)
    }

    deinit {
        if !isFinished, case .stream(let descriptor) = target {
            close(descriptor)
        }
    }

    private var descriptor: Int32 {
        switch target {
        case .replacement(let file): file.descriptor
        case .stream(let descriptor): descriptor
        }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try flushIfDue()
    }

    public func write(utf8 bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flushIfDue()
    }

    private func flushIfDue() throws {
        if buffer.count >= 64 * 1024 {
            try flush()
        }
    }

    /// Writes what is buffered; a replaced file is then synced and renamed into place (`ReplacementFile`),
    /// so it survives a power cut once this returns.
    public func commit() throws {
        try flush()
        isFinished = true
        switch target {
        case .replacement(let file):
            try file.commit()
        case .stream(let descriptor):
            guard close(descriptor) == 0 else { throw OutputFileError(path: path, systemError: errno) }
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
