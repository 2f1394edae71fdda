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

    /// Opens `path` for reading; a folder is refused.
    init(path: String) throws(ImportFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
        self.path = path
        self.descriptor = descriptor
        self.ownsDescriptor = true
        self.size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
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
