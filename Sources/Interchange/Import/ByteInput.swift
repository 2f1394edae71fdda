import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a `ByteSource`'s bytes come from: a file, bytes in memory, an entry of a zip archive.
///
/// `ByteSource` asks for one buffer's worth at a time, so an input never holds more than it is asked for.
protocol ByteInput: AnyObject {
    /// Reads up to `count` bytes into `target`: how many were read, 0 at the end of the input.
    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(ImportFileError) -> Int
}

/// A file read with `read(2)`.
final class FileInput: ByteInput {
    private let path: String
    private let descriptor: Int32
    /// Whether the descriptor is this object's to close (not standard input's).
    private let ownsDescriptor: Bool
    /// The file's size when it is a regular file.
    let size: Int?

    /// Standard input, read as it comes (a pipe, a file, a terminal); never closed here.
    init(standardInputNamed name: String) {
        path = name
        descriptor = STDIN_FILENO
        ownsDescriptor = false
        var status = stat()
        size =
            fstat(STDIN_FILENO, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            ? Int(status.st_size) : nil
    }

    /// Opens `path` for reading; a folder is refused, and with `regularFileOnly` anything but a regular
    /// file.
    ///
    /// A path the user named may be a FIFO or a device (`<(unzip -p export.zip diary.csv)`,
    /// `/dev/stdin`): it is opened as it is, and waits for its writer. A file the program found itself,
    /// in a folder it was given (a Letterboxd export's `diary.csv`), is read only when it is a regular
    /// file (`regularFileOnly`): a FIFO put there would otherwise hang the import in `open(2)`, waiting
    /// for a writer that never comes. Its kind is looked at before it is opened (opening a device can
    /// do something), and again on the descriptor, opened without waiting (`O_NONBLOCK`, which makes
    /// `open` of a FIFO return at once), in case the file was swapped between the two.
    init(path: String, regularFileOnly: Bool = false) throws(ImportFileError) {
        if regularFileOnly {
            var found = stat()
            if stat(path, &found) == 0 { try Self.refuseUnlessRegular(found, path: path) }
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a folder, not a file")
        }
        if regularFileOnly {
            do {
                try Self.refuseUnlessRegular(status, path: path)
            } catch {
                close(descriptor)
                throw error
            }
            // Reads of a regular file never wait; the flag goes all the same, so nothing later meets it.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        self.path = path
        self.descriptor = descriptor
        self.ownsDescriptor = true
        self.size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Refuses a file whose `status` is not a regular file's, naming what it is.
    private static func refuseUnlessRegular(_ status: stat, path: String) throws(ImportFileError) {
        let kind = FileKind(mode: status.st_mode)
        guard kind != .regularFile else { return }
        throw .unreadable(path: path, reason: "it is \(kind), not a regular file")
    }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(ImportFileError) -> Int {
        while true {
            let result = systemRead(descriptor, target, count)
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw .unreadable(path: path, reason: String(cString: strerror(code))) }
        }
    }
}

/// `read(2)`, named apart from `ByteInput.read(into:count:)`.
private func systemRead(_ descriptor: Int32, _ target: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, target, count)
}

/// Bytes in memory, handed out as far as the reader's buffer goes (tests give it tiny buffers to put
/// every byte on a chunk boundary).
final class MemoryInput: ByteInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
    }

    var size: Int { bytes.count }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let taken = min(count, bytes.count - offset)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress, taken > 0 {
                target.update(from: base + offset, count: taken)
            }
        }
        offset += taken
        return taken
    }
}
