import MoviesCore

/// Reads CSV (RFC 4180) or TSV records from a file, one at a time, holding one record in memory.
///
/// It works on bytes in a reused fixed-size buffer (see `ByteSource`), never on `Character`s, and
/// builds a `String` only per finished field, validating it as UTF-8 then: invalid bytes are an error,
/// never silently replaced. Both LF and CRLF end a line (and a lone CR, as old Mac exports have);
/// blank lines are skipped wherever they are; a UTF-8 byte order mark is skipped.
///
/// What real files do that RFC 4180 does not allow is accepted as it was meant: a quote inside an
/// unquoted field is kept literally, and text after a closing quote is appended to the field (as
/// Python's `csv` does). A file the reader cannot trust (an unterminated quote, a NUL byte, a field
/// over the limits) stops with an `ImportFileError` that names the line.
public final class CSVReader {
    /// The separator and escaping in use.
    public let dialect: CSVDialect
    /// The bounds in force.
    public let limits: CSVLimits

    let source: ByteSource
    /// The line the next unread byte is on.
    var line = 1
    /// The previous record ended with CR: a LF right after it belongs to the same line end.
    var pendingLineFeed = false
    /// The field being assembled when it spans chunks or needs unescaping; reused between fields.
    var field: [UInt8] = []
    /// How many fields the previous record had, to size the next one's array.
    var fieldCountHint = 8
    /// The line the current record starts on, for messages.
    var recordLine = 1
    /// The line the current field starts on, for messages.
    var fieldLine = 1

    /// Opens the file at `path`; it is read `bufferSize` bytes at a time (tests use tiny buffers to put
    /// every byte on a chunk boundary).
    public convenience init(
        path: String, dialect: CSVDialect = .csv, limits: CSVLimits = .standard,
        bufferSize: Int = 64 * 1024
    ) throws(ImportFileError) {
        try self.init(source: ByteSource(path: path, capacity: bufferSize), dialect: dialect, limits: limits)
    }

    /// A reader of `source` from its current position, after a byte order mark if there is one.
    init(source: ByteSource, dialect: CSVDialect, limits: CSVLimits) throws(ImportFileError) {
        self.source = source
        self.dialect = dialect
        self.limits = limits
        try source.skipByteOrderMark()
    }

    /// How many bytes of the file have been consumed, for progress displays.
    public var bytesRead: Int { source.position }

    /// The file's size when known (a regular file), for progress displays.
    public var fileSize: Int? { source.size }

    /// The next non-blank record, or nil at the end of the file.
    public func next() throws(ImportFileError) -> CSVRecord? {
        while true {
            try swallowPendingLineFeed()
            let fields: [String]?
            recordLine = line
            fieldLine = line
            var firstFieldQuoted = false
            switch dialect {
            case .csv: fields = try readCSVFields(firstFieldQuoted: &firstFieldQuoted)
            case .tsv: fields = try readTSVFields()
            }
            guard let fields else { return nil }
            if fields.count == 1, fields[0].isEmpty, !firstFieldQuoted { continue }
            fieldCountHint = fields.count
            return CSVRecord(fields: fields, line: recordLine)
        }
    }

    // MARK: - CSV

    /// Where the CSV scanner is within a field.
    private enum CSVState {
        case fieldStart
        case unquoted
        case quoted
        /// Just after a quote inside a quoted field: either a doubled quote or the closing one.
        case quoteAfterQuote
    }

    /// The fields of the next record (blank or not), or nil at the end of the file.
    private func readCSVFields(firstFieldQuoted: inout Bool) throws(ImportFileError) -> [String]? {
        var fields: [String] = []
        fields.reserveCapacity(fieldCountHint)
        var state = CSVState.fieldStart
        var recordBytes = 0
        field.removeAll(keepingCapacity: true)

        while true {
            if source.start >= source.end, try !source.refill() {
                switch state {
                case .quoted:
                    // The last line, not the empty one after a final line break.
                    let endsWithBreak = field.last == Byte.lineFeed || field.last == Byte.carriageReturn
                    let lastLine = endsWithBreak ? line - 1 : line
                    throw .malformed(line: lastLine, .unterminatedQuote(openedAt: fieldLine))
                case .fieldStart where fields.isEmpty:
                    return nil
                case .fieldStart, .unquoted, .quoteAfterQuote:
                    try appendField(to: &fields, from: nil, recordBytes: &recordBytes)
                    return fields
                }
            }
            guard let base = source.buffer.baseAddress else { return nil }
            var index = source.start
            let end = source.end
            scan: while index < end {
                switch state {
                case .fieldStart:
                    fieldLine = line
                    if base[index] == Byte.quote {
                        state = .quoted
                        if fields.isEmpty { firstFieldQuoted = true }
                        index += 1
                    } else {
                        state = .unquoted
                    }

                case .unquoted:
                    let runStart = index
                    while index < end {
                        let byte = base[index]
                        if byte == Byte.comma || byte == Byte.lineFeed || byte == Byte.carriageReturn
                            || byte == 0
                        {
                            break
                        }
                        index += 1
                    }
                    let run = UnsafeBufferPointer(start: base + runStart, count: index - runStart)
                    if index == end {
                        try appendToField(run, quoted: false)
                        break scan
                    }
                    let terminator = base[index]
                    index += 1
                    if terminator == 0 {
                        // The field may be over the limit before the NUL: report what comes first in the
                        // file, as a smaller buffer would, which checks the length at its end.
                        try checkFieldLength(field.count + run.count, quoted: false)
                        throw .malformed(line: line, .nulByte)
                    }
                    if field.isEmpty {
                        // The common case: the whole field is in the buffer; no copy into `field`.
                        try checkFieldLength(run.count, quoted: false)
                        try appendField(to: &fields, from: run, recordBytes: &recordBytes)
                    } else {
                        try appendToField(run, quoted: false)
                        try appendField(to: &fields, from: nil, recordBytes: &recordBytes)
                    }
                    if terminator == Byte.comma {
                        state = .fieldStart
                    } else {
                        line += 1
                        pendingLineFeed = terminator == Byte.carriageReturn
                        source.start = index
                        return fields
                    }

                case .quoted:
                    let runStart = index
                    while index < end {
                        let byte = base[index]
                        if byte == Byte.quote || byte == Byte.lineFeed || byte == Byte.carriageReturn
                            || byte == 0
                        {
                            break
                        }
                        index += 1
                    }
                    try appendToField(
                        UnsafeBufferPointer(start: base + runStart, count: index - runStart), quoted: true)
                    if index == end { break scan }
                    let byte = base[index]
                    index += 1
                    switch byte {
                    case Byte.quote:
                        state = .quoteAfterQuote
                    case 0:
                        throw .malformed(line: line, .nulByte)
                    default:
                        // A line break inside quotes is content; CRLF counts as one line.
                        if byte == Byte.carriageReturn || field.last != Byte.carriageReturn { line += 1 }
                        try checkFieldLength(field.count + 1, quoted: true)
                        field.append(byte)
                    }

                case .quoteAfterQuote:
                    if base[index] == Byte.quote {
                        try checkFieldLength(field.count + 1, quoted: true)
                        field.append(Byte.quote)
                        index += 1
                        state = .quoted
                    } else {
                        // The closing quote. A separator or line end is handled by `.unquoted`; any other
                        // text after the quote is kept, as Python's csv does.
                        state = .unquoted
                    }
                }
            }
            source.start = index
        }
    }

    // MARK: - Fields

    /// Appends a finished field, from `bytes` or else from `field`, checking UTF-8 and the limits.
    func appendField(
        to fields: inout [String], from bytes: UnsafeBufferPointer<UInt8>?, recordBytes: inout Int
    ) throws(ImportFileError) {
        if fields.count >= limits.maximumFields {
            throw .malformed(line: recordLine, .tooManyFields(limit: limits.maximumFields))
        }
        let text: String?
        if let bytes {
            text = UTF8Text.string(bytes)
            recordBytes += bytes.count
        } else {
            text = UTF8Text.string(field)
            recordBytes += field.count
            field.removeAll(keepingCapacity: true)
        }
        guard let text else { throw .malformed(line: fieldLine, .invalidUTF8) }
        if recordBytes > limits.maximumRecordBytes {
            throw .malformed(line: recordLine, .recordTooLong(limit: limits.maximumRecordBytes))
        }
        fields.append(text)
    }

    /// Adds `run` to the field being assembled, refusing to grow it past the limit.
    func appendToField(_ run: UnsafeBufferPointer<UInt8>, quoted: Bool) throws(ImportFileError) {
        guard !run.isEmpty else { return }
        try checkFieldLength(field.count + run.count, quoted: quoted)
        field.append(contentsOf: run)
    }

    func checkFieldLength(_ length: Int, quoted: Bool) throws(ImportFileError) {
        if length > limits.maximumFieldBytes {
            throw .malformed(line: fieldLine, .fieldTooLong(limit: limits.maximumFieldBytes, quoted: quoted))
        }
    }

    /// After a record that ended with CR, skips the LF of a CRLF pair.
    private func swallowPendingLineFeed() throws(ImportFileError) {
        guard pendingLineFeed else { return }
        pendingLineFeed = false
        if source.start >= source.end, try !source.refill() { return }
        if source.buffer[source.start] == Byte.lineFeed { source.start += 1 }
    }
}

/// The ASCII bytes the readers look for.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
    static let backslash: UInt8 = 0x5C
}
