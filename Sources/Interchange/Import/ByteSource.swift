import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an input, read a fixed-size chunk at a time into one reused buffer.
///
/// Readers work on `buffer[start..<end]` directly and call `refill()` when it runs dry, so a file of any
/// size costs one buffer of memory. A file is read with `read(2)`; an in-memory source (for format
/// detection and tests) hands out its bytes the same way, a chunk at a time, so chunk-boundary cases
/// can be tested with tiny chunks.
final class ByteSource {
    /// The buffer size for files: large enough that system calls are a small part of the cost.
    static let defaultCapacity = 64 * 1024
    /// The smallest buffer: room for a byte order mark and one more byte, so one look tells a BOM.
    static let minimumCapacity = 4

    /// The file's path as given, for messages.
    let path: String
    /// The reused buffer; its unread bytes are `start..<end`.
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var start = 0
    var end = 0
    /// The file's size when it is a regular file, for progress displays.
    let size: Int?

    private let descriptor: Int32
    private let memory: [UInt8]
    private var memoryOffset = 0
    /// Bytes that were in the buffer before its current contents.
    private var bufferOffset = 0
    private var reachedEnd = false

    /// Opens the file at `path` for reading.
    init(path: String, capacity: Int = ByteSource.defaultCapacity) throws(ImportFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: Self.text(ofError: code))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a folder, not a file")
        }
        self.path = path
        self.descriptor = descriptor
        self.memory = []
        self.size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        self.buffer = .allocate(capacity: max(capacity, Self.minimumCapacity))
    }

    /// A source over bytes in memory, handed out at most `chunkSize` at a time.
    init(bytes: some Collection<UInt8>, chunkSize: Int = ByteSource.defaultCapacity, name: String = "(text)")
    {
        self.path = name
        self.descriptor = -1
        self.memory = Array(bytes)
        self.size = memory.count
        self.buffer = .allocate(capacity: max(chunkSize, Self.minimumCapacity))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    /// How many bytes have been consumed (read past `start`), for progress displays.
    var position: Int { bufferOffset + start }

    /// Replaces the consumed buffer with the next chunk; false at the end of the input.
    ///
    /// Call it only when `start == end`; unread bytes would be lost otherwise, so it then does nothing.
    func refill() throws(ImportFileError) -> Bool {
        guard start >= end else { return true }
        bufferOffset += end
        start = 0
        end = 0
        let count = try read(into: 0)
        end = count
        return count > 0
    }

    /// Fills the buffer as far as it goes without consuming anything, and returns the unread bytes.
    ///
    /// Format detection looks at the first chunk of a file this way before a reader consumes it.
    func peekPrefix() throws(ImportFileError) -> UnsafeBufferPointer<UInt8> {
        if start > 0, let base = buffer.baseAddress {
            base.update(from: base + start, count: end - start)
            bufferOffset += start
            end -= start
            start = 0
        }
        while end < buffer.count {
            let count = try read(into: end)
            if count == 0 { break }
            end += count
        }
        return UnsafeBufferPointer(rebasing: buffer[start..<end])
    }

    /// Skips a UTF-8 byte order mark at the current position; refuses a UTF-16 one.
    func skipByteOrderMark() throws(ImportFileError) {
        let prefix = try peekPrefix()
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF {
            start += 3
        } else if prefix.count >= 2,
            (prefix[0] == 0xFF && prefix[1] == 0xFE) || (prefix[0] == 0xFE && prefix[1] == 0xFF)
        {
            throw .malformed(line: 1, .utf16)
        }
    }

    /// Reads the next chunk into `buffer[offset...]`; 0 at the end of the input.
    private func read(into offset: Int) throws(ImportFileError) -> Int {
        guard !reachedEnd, offset < buffer.count, let base = buffer.baseAddress else { return 0 }
        let room = buffer.count - offset
        var count = 0
        if descriptor < 0 {
            count = min(room, memory.count - memoryOffset)
            memory.withUnsafeBufferPointer { bytes in
                if let source = bytes.baseAddress {
                    (base + offset).update(from: source + memoryOffset, count: count)
                }
            }
            memoryOffset += count
        } else {
            while true {
                let result = systemRead(descriptor, base + offset, room)
                if result >= 0 {
                    count = result
                    break
                }
                let code = errno
                if code != EINTR { throw .unreadable(path: path, reason: Self.text(ofError: code)) }
            }
        }
        if count == 0 { reachedEnd = true }
        return count
    }

    private static func text(ofError code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `read(2)`, named apart from `ByteSource.read(into:)`.
private func systemRead(_ descriptor: Int32, _ target: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, target, count)
}
