import CZlibLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A gzip file written as a stream, one member per `finishMember()`: what the benchmark and the tests
/// write IMDb-shaped datasets with (several members included, as parallel compressors write them).
package final class GzipWriter {
    private let descriptor: Int32
    private var deflater: OpaquePointer?
    private let level: Int32
    private let output: UnsafeMutableRawPointer
    private let outputCapacity = 1 << 18
    private var message = [CChar](repeating: 0, count: 256)

    /// Creates (or empties) the file at `path`, `0600`; `level` 1 (fastest) to 9 (smallest).
    package init(path: String, level: Int32 = 1) throws(GzipError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        self.descriptor = descriptor
        self.level = level
        output = .allocate(byteCount: outputCapacity, alignment: 16)
    }

    deinit {
        movies_deflate_close(deflater)
        output.deallocate()
        close(descriptor)
    }

    /// Compresses `bytes` into the current member (starting one when none is open).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(GzipError) {
        try deflate(bytes, finish: false)
    }

    /// `write` of a string's UTF-8.
    package func write(_ text: String) throws(GzipError) {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(GzipError) in try deflate(buffer, finish: false) }
        }
        try result.get()
    }

    /// Ends the current member (its trailer written); the next write starts another.
    package func finishMember() throws(GzipError) {
        try deflate(UnsafeRawBufferPointer(start: nil, count: 0), finish: true)
        movies_deflate_close(deflater)
        deflater = nil
    }

    private func deflate(_ bytes: UnsafeRawBufferPointer, finish: Bool) throws(GzipError) {
        if deflater == nil {
            guard let opened = movies_deflate_open(level, &message, message.count) else {
                throw .zlibUnavailable(zlibMessage(message))
            }
            deflater = opened
        }
        var offset = 0
        while true {
            var consumed = 0
            var produced = 0
            let status = movies_deflate_step(
                deflater, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, &consumed, output,
                outputCapacity, &produced, finish ? 1 : 0, &message, message.count)
            offset += consumed
            if status == MOVIES_ZLIB_FAILED { throw .damaged(zlibMessage(message)) }
            try writeAll(produced)
            if finish
                ? status == MOVIES_ZLIB_MEMBER_END : (offset == bytes.count && produced < outputCapacity)
            {
                return
            }
        }
    }

    private func writeAll(_ count: Int) throws(GzipError) {
        var written = 0
        while written < count {
            let result = writeDescriptor(descriptor, output + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            written += result
        }
    }
}

/// `write(2)`, out of the way of `GzipWriter.write`.
private func writeDescriptor(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
