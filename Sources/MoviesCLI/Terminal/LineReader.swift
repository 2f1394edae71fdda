#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor with a bound on their length.
///
/// `Swift.readLine` would hold a gigantic line entirely in memory; here a line longer than `maximumLength`
/// bytes is skipped to its end and reported once, so hostile input costs a fixed amount of memory.
final class LineReader {
    /// One read line, or the report of one too long to keep.
    enum Line: Equatable {
        case text(String)
        case tooLong(bytes: Int)
        /// A line that is not valid UTF-8: decoding it would replace bytes with U+FFFD and store (or
        /// search for) text other than the one given, so it is reported instead.
        case notUTF8
    }

    let descriptor: Int32
    let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false

    init(descriptor: Int32, maximumLength: Int = 1 << 20) {
        self.descriptor = descriptor
        self.maximumLength = maximumLength
    }

    /// True when bytes are buffered, so a line may be available without reading.
    var hasBufferedInput: Bool { start < buffer.count }

    /// The next line without its line break (CR LF or LF), or nil at the end of input.
    /// Blocks until a whole line (or the end) is available.
    func next() -> Line? {
        var skipped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let lineEnd =
                    newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                let bytes = buffer[start..<lineEnd]
                start = newline + 1
                compact()
                if skipped > 0 { return .tooLong(bytes: skipped + bytes.count) }
                return Self.line(bytes)
            }
            if isAtEnd {
                guard start < buffer.count || skipped > 0 else { return nil }
                let bytes = buffer[start...]
                start = buffer.count
                compact()
                if skipped > 0 { return .tooLong(bytes: skipped + bytes.count) }
                return Self.line(bytes)
            }
            if buffer.count - start > maximumLength {
                // Drop what is held of the overlong line and keep reading to its end.
                skipped += buffer.count - start
                start = buffer.count
                compact()
            }
            fill()
        }
    }

    private static func line(_ bytes: ArraySlice<UInt8>) -> Line {
        String(validating: bytes, as: UTF8.self).map { .text($0) } ?? .notUTF8
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0 && errno == EINTR { continue }
            isAtEnd = true
            return
        }
    }

    private func compact() {
        if start > 64 * 1024 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
