import CZlibLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a gzip file could not be read to its end.
package enum GzipError: Error, Sendable, Equatable {
    /// The file cannot be opened or read (the system's reason).
    case unreadable(String)
    /// The bytes are not gzip, or are damaged (zlib's reason).
    case damaged(String)
    /// The file ends inside a member: cut short by a download or a copy.
    case truncated
    /// zlib is not installed or not usable (why).
    case zlibUnavailable(String)
}

/// A gzip file inflated as it is read: a fixed input buffer, nothing held but what the caller asks for.
///
/// Every member is read, one after the other (`gzip -d` does the same; a file made by `cat a.gz b.gz`, or
/// by a parallel compressor, is several members). Each member's CRC-32 and length are checked by zlib at
/// its end; a file that ends inside a member is `.truncated`, never a short read taken for the end.
package final class GzipReader {
    /// The bytes of the file read so far, and its size: for progress.
    package private(set) var compressedBytesRead = 0
    package let compressedSize: Int

    private let descriptor: Int32
    private let inflater: OpaquePointer
    private let input: UnsafeMutableRawPointer
    private let inputCapacity: Int
    private var inputStart = 0
    private var inputEnd = 0
    private var atEndOfFile = false
    /// True between the end of a member and the first byte of the next (or the end of the file).
    private var betweenMembers = false
    /// The error message buffer zlib writes into.
    private var message = [CChar](repeating: 0, count: 256)
    /// False for a file already gunzipped: its bytes are handed out as they are.
    private let inflating: Bool

    /// Opens `path` for reading; the file must be a regular file. With `inflating` false the file is
    /// read as it is (a dataset someone gunzipped), through the same buffers and progress counts.
    package init(path: String, inputBufferSize: Int = 1 << 18, inflating: Bool = true) throws(GzipError) {
        var buffer = [CChar](repeating: 0, count: 256)
        guard let inflater = movies_inflate_open(&buffer, buffer.count) else {
            throw .zlibUnavailable(zlibMessage(buffer))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            movies_inflate_close(inflater)
            throw .unreadable(reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            movies_inflate_close(inflater)
            throw .unreadable("not a regular file")
        }
        self.descriptor = descriptor
        self.inflater = inflater
        self.inflating = inflating
        compressedSize = Int(status.st_size)
        inputCapacity = max(inputBufferSize, 64)
        input = .allocate(byteCount: inputCapacity, alignment: 16)
    }

    deinit {
        close(descriptor)
        movies_inflate_close(inflater)
        input.deallocate()
    }

    /// Inflates into `output`: how many bytes it holds now, 0 only at the end of the last member.
    package func read(into output: UnsafeMutableRawBufferPointer) throws(GzipError) -> Int {
        if !inflating {
            guard let base = output.baseAddress, !atEndOfFile else { return 0 }
            return try readFile(into: base, count: output.count)
        }
        while true {
            if inputStart == inputEnd {
                try refill()
                if inputStart == inputEnd {
                    // The file ended: well between members, or inside one.
                    if betweenMembers { return 0 }
                    throw .truncated
                }
            }
            if betweenMembers {
                movies_inflate_next_member(inflater)
                betweenMembers = false
            }
            var consumed = 0
            var produced = 0
            let status = movies_inflate_step(
                inflater, input + inputStart, inputEnd - inputStart, &consumed,
                output.baseAddress, output.count, &produced, &message, message.count)
            inputStart += consumed
            switch status {
            case MOVIES_ZLIB_CONTINUE:
                break
            case MOVIES_ZLIB_MEMBER_END:
                betweenMembers = true
            case MOVIES_ZLIB_DATA_ERROR:
                throw .damaged(zlibMessage(message))
            default:
                throw .damaged(zlibMessage(message))
            }
            if produced > 0 { return produced }
            if consumed == 0 && inputStart < inputEnd && status == MOVIES_ZLIB_CONTINUE {
                // zlib took nothing and gave nothing with input left: it wants more room or more input;
                // move what is left to the front and read more after it.
                try compactAndRefill()
            }
        }
    }

    /// Reads the next piece of the file into the empty input buffer.
    private func refill() throws(GzipError) {
        inputStart = 0
        inputEnd = 0
        guard !atEndOfFile else { return }
        let count = try readFile(into: input, count: inputCapacity)
        inputEnd = count
    }

    /// Keeps the unread input, moved to the front, and reads more after it.
    private func compactAndRefill() throws(GzipError) {
        let left = inputEnd - inputStart
        if inputStart > 0 {
            input.copyMemory(from: input + inputStart, byteCount: left)
        }
        inputStart = 0
        inputEnd = left
        guard !atEndOfFile, left < inputCapacity else {
            if atEndOfFile { throw .truncated }
            return
        }
        inputEnd += try readFile(into: input + left, count: inputCapacity - left)
    }

    private func readFile(into buffer: UnsafeMutableRawPointer, count: Int) throws(GzipError) -> Int {
        while true {
            let result = readDescriptor(descriptor, buffer, count)
            if result < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if result == 0 { atEndOfFile = true }
            compressedBytesRead += result
            return result
        }
    }
}

/// `read(2)`, out of the way of `GzipReader.read(into:)`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
