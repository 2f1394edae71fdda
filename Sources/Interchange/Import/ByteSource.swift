import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an input, read a fixed-size chunk at a time into one reused buffer.
///
/// Readers work on `buffer[start..<end]` directly and call `refill()` when it runs dry, so an input of
/// any size costs one buffer of memory. The bytes come from a `ByteInput`: a file (read with `read(2)`),
/// bytes in memory (for format detection and tests, handed out a chunk at a time so chunk-boundary
/// cases can be tested with tiny chunks), or an entry of a zip archive, inflated as it is read.
final class ByteSource {
    /// The buffer size for files: large enough that system calls are a small part of the cost.
    static let defaultCapacity = 64 * 1024
    /// The smallest buffer: room for a byte order mark and one more byte, so one look tells a BOM.
    static let minimumCapacity = 4

    /// The input's name as given (a path), for messages.
    let path: String
    /// The reused buffer; its unread bytes are `start..<end`.
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var start = 0
    var end = 0
    /// The input's size when known (a regular file, bytes in memory, a measured zip entry), for
    /// progress displays.
    let size: Int?

    private let input: DecodingInput
    /// Bytes that were in the buffer before its current contents.
    private var bufferOffset = 0
    private var reachedEnd = false

    /// Opens the file at `path` for reading; with `regularFileOnly`, only a regular file (`FileInput`).
    convenience init(path: String, capacity: Int = ByteSource.defaultCapacity, regularFileOnly: Bool = false)
        throws(ImportFileError)
    {
        let file = try FileInput(path: path, regularFileOnly: regularFileOnly)
        self.init(input: file, name: path, size: file.size, capacity: capacity)
    }

    /// A source over bytes in memory, handed out at most `chunkSize` at a time.
    convenience init(
        bytes: some Collection<UInt8>, chunkSize: Int = ByteSource.defaultCapacity, name: String = "(text)"
    ) {
        let memory = MemoryInput(bytes)
        self.init(input: memory, name: name, size: memory.size, capacity: chunkSize)
    }

    /// Standard input (`movies import -`), called `name` in messages.
    convenience init(standardInputNamed name: String, capacity: Int = ByteSource.defaultCapacity) {
        let file = FileInput(standardInputNamed: name)
        self.init(input: file, name: name, size: file.size, capacity: capacity)
    }

    /// A source over `input`, called `name` in messages, decoded to UTF-8 when it is clearly
    /// Windows-1252 (see `DecodingInput`).
    init(input: any ByteInput, name: String, size: Int?, capacity: Int = ByteSource.defaultCapacity) {
        self.path = name
        self.input = DecodingInput(input)
        self.size = size
        self.buffer = .allocate(capacity: max(capacity, Self.minimumCapacity))
    }

    deinit {
        buffer.deallocate()
    }

    /// What the text turned out to be, once a byte outside ASCII was read (nil: ASCII so far).
    var encoding: DecodingInput.Encoding? { input.encoding }

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
        let count = try input.read(into: base + offset, count: buffer.count - offset)
        if count == 0 { reachedEnd = true }
        return count
    }
}
