#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of an inflated dataset, each split at its tabs, read through one buffer of bounded size.
///
/// IMDb's files are tab-separated with no quoting at all: a double quote is just a character (titles
/// hold them: `"Weird Al" Yankovic: ...`), a field never holds a tab or a line break, and `\N` is NULL.
/// So a line is split at every tab and nothing else, never as CSV. A line must have exactly the
/// file's number of fields; a line longer than the buffer's cap is refused, so memory never follows
/// the file.
package final class DatasetLines {
    /// Why a line could not be read.
    package enum Problem: Error, Sendable, Equatable {
        case gzip(GzipError)
        /// `line` has `found` fields instead of `expected`.
        case fieldCount(line: Int, found: Int, expected: Int)
        /// `line` is longer than `limit` bytes.
        case lineTooLong(line: Int, limit: Int)
        /// The file ends without a final line break after a partial line: it is cut short.
        case unterminatedLastLine(line: Int)
    }

    private let reader: GzipReader
    private let fieldCount: Int
    private let limit: Int
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The number of the line last handed out (the header is line 1).
    package private(set) var lineNumber = 0
    /// The fields of the line last handed out, as byte ranges into the buffer.
    private var fields: [UnsafeBufferPointer<UInt8>]

    /// Lines of `reader`, each of `fieldCount` fields, none longer than `limit` bytes.
    package init(reader: GzipReader, fieldCount: Int, limit: Int = 1 << 20) {
        self.reader = reader
        self.fieldCount = fieldCount
        self.limit = limit
        capacity = 1 << 20
        buffer = .allocate(byteCount: capacity, alignment: 16)
        fields = Array(repeating: UnsafeBufferPointer(start: nil, count: 0), count: fieldCount)
    }

    deinit {
        buffer.deallocate()
    }

    /// Calls `body` with the fields of each line, in order, until the end of the file. The fields are
    /// valid only during the call.
    package func readEach(
        _ body: (Fields, _ lineNumber: Int) throws -> Void
    ) throws {
        while let line = try nextLine() {
            lineNumber += 1
            var count = 0
            var fieldStart = 0
            for index in 0..<line.count where line[index] == 0x09 {
                count += 1
                guard count < fieldCount else { break }
                fields[count - 1] = UnsafeBufferPointer(rebasing: line[fieldStart..<index])
                fieldStart = index + 1
            }
            guard count == fieldCount - 1 else {
                let found = line.reduce(1) { $1 == 0x09 ? $0 + 1 : $0 }
                throw Problem.fieldCount(line: lineNumber, found: found, expected: fieldCount)
            }
            fields[fieldCount - 1] = UnsafeBufferPointer(rebasing: line[fieldStart...])
            try body(Fields(values: fields), lineNumber)
        }
    }

    /// The next line without its line break, or nil at the end.
    private func nextLine() throws(Problem) -> UnsafeBufferPointer<UInt8>? {
        // How many bytes after `start` are known to hold no line break (kept across refills, which
        // move the partial line to the front).
        var scanned = 0
        while true {
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            if let found = memchr(bytes + start + scanned, 0x0A, end - start - scanned) {
                let length = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self)) - start
                let line = UnsafeBufferPointer(start: bytes + start, count: length)
                start += length + 1
                return line
            }
            scanned = end - start
            if atEnd {
                guard start == end else { throw .unterminatedLastLine(line: lineNumber + 1) }
                return nil
            }
            guard end - start < limit else { throw .lineTooLong(line: lineNumber + 1, limit: limit) }
            try fill()
        }
    }

    /// Moves the partial line to the front (growing the buffer up to the cap when the line fills it) and
    /// inflates more after it.
    private func fill() throws(Problem) {
        let left = end - start
        if start > 0 {
            buffer.copyMemory(from: buffer + start, byteCount: left)
            start = 0
            end = left
        }
        if end == capacity {
            let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
            larger.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = larger
            capacity *= 2
        }
        let count: Int
        do {
            count = try reader.read(
                into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
        } catch {
            throw .gzip(error)
        }
        if count == 0 { atEnd = true }
        end += count
    }
}

/// The fields of one line.
package struct Fields {
    let values: [UnsafeBufferPointer<UInt8>]

    package subscript(_ index: Int) -> UnsafeBufferPointer<UInt8> { values[index] }

    /// Whether the field is `\N`, the datasets' NULL.
    package func isNull(_ index: Int) -> Bool {
        let field = values[index]
        return field.count == 2 && field[0] == 0x5C && field[1] == 0x4E
    }

    /// The field as a non-negative number of at most nine digits; nil for `\N`, `.invalid` otherwise.
    package func number(_ index: Int) -> FieldNumber {
        if isNull(index) { return .null }
        let field = values[index]
        guard !field.isEmpty, field.count <= 9 else { return .invalid }
        var value = 0
        for byte in field {
            guard byte >= 0x30, byte <= 0x39 else { return .invalid }
            value = value * 10 + Int(byte - 0x30)
        }
        return .value(value)
    }

    /// The number of an IMDb id with a two-letter prefix (`tt0113277` is 113277, `nm0000520` is 520);
    /// nil when the field is not one.
    package func identifier(_ index: Int, prefix: (UInt8, UInt8)) -> Int? {
        Self.identifier(values[index], prefix: prefix)
    }

    static func identifier(_ field: UnsafeBufferPointer<UInt8>, prefix: (UInt8, UInt8)) -> Int? {
        guard field.count >= 3, field.count <= 12, field[0] == prefix.0, field[1] == prefix.1 else {
            return nil
        }
        var value = 0
        for byte in field[2...] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The field's text (for the few fields compared, not stored).
    package func text(_ index: Int) -> String { String(decoding: values[index], as: UTF8.self) }
}

/// A numeric field: a value, `\N`, or something else.
package enum FieldNumber: Equatable {
    case value(Int)
    case null
    case invalid
}
