/// Reads flat JSON objects one at a time from a JSON array (`[{…}, {…}]`) or NDJSON (`{…}` per line),
/// holding one object in memory however large the file.
///
/// Only the keys a mapping asks for are kept, as `FieldValue`s in its slot order; keys are matched
/// exactly first and then by `ImportHeader.key`, so `watched_on` and `watchedOn` both work. The last of
/// repeated keys wins. Values that are arrays or objects are parsed (to stay in step) but not kept;
/// a field that needs text and finds one is a row error, not a file error. Everything else that is not
/// RFC 8259 JSON stops the reader with the line it is on.
final class JSONObjectReader {
    /// How the objects are laid out in the file.
    enum Layout {
        /// One JSON array of objects.
        case array
        /// Objects one after another, separated by whitespace (newline-delimited JSON).
        case lines
    }

    /// Arrays and objects inside a movie's values are skipped only this deep, so hostile nesting cannot
    /// exhaust the stack.
    static let maximumDepth = 64
    /// The longest number literal; real ones are a few digits.
    static let maximumNumberLength = 100

    private let source: ByteSource
    private let layout: Layout
    private let limits: CSVLimits
    private let slots: [String: Int]
    private let slotCount: Int
    private var line = 1
    private var position = Position.beforeStart
    /// The bytes of the string being read; reused.
    private var stringBytes: [UInt8] = []

    private enum Position {
        case beforeStart
        case afterOpeningBracket
        case afterObject
        case finished
    }

    /// A reader of `source` from its current position, keeping the values of `keys` (normalized, in
    /// slot order). `names` are the keys as usually written (`watched_on`), looked up before normalizing
    /// a key, which would cost a string per key per object.
    init(source: ByteSource, layout: Layout, keys: [String], names: [String] = [], limits: CSVLimits)
        throws(ImportFileError)
    {
        self.source = source
        self.layout = layout
        self.limits = limits
        var slots: [String: Int] = [:]
        for (slot, key) in keys.enumerated() where slots[key] == nil {
            slots[key] = slot
        }
        for (slot, name) in names.enumerated() where slots[name] == nil {
            slots[name] = slot
        }
        self.slots = slots
        self.slotCount = keys.count
        try source.skipByteOrderMark()
    }

    /// The next object's values and line, or nil after the last one.
    func next() throws(ImportFileError) -> ImportRow? {
        switch layout {
        case .lines:
            try skipWhitespace()
            guard let byte = try peek() else { return nil }
            guard byte == UInt8(ascii: "{") else {
                throw syntax("expected '{' to start an object, found \(describe(byte))")
            }
            return try readObject()
        case .array:
            return try nextInArray()
        }
    }

    private func nextInArray() throws(ImportFileError) -> ImportRow? {
        switch position {
        case .finished:
            return nil
        case .beforeStart:
            try skipWhitespace()
            let byte = try peek()
            guard byte == UInt8(ascii: "[") else {
                throw syntax("expected '[' to start the JSON array, found \(describe(byte))")
            }
            source.start += 1
            position = .afterOpeningBracket
            try skipWhitespace()
            if try peek() == UInt8(ascii: "]") {
                return try finishArray()
            }
        case .afterOpeningBracket:
            break
        case .afterObject:
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case UInt8(ascii: "]"):
                return try finishArray()
            case nil:
                throw syntax("the file ends inside the JSON array; is it truncated?")
            case let byte:
                throw syntax("expected ',' or ']' after an object, found \(describe(byte))")
            }
        }
        let byte = try peek()
        guard byte == UInt8(ascii: "{") else {
            if byte == nil { throw syntax("the file ends inside the JSON array; is it truncated?") }
            throw syntax("expected an object (one movie) in the array, found \(describe(byte))")
        }
        let row = try readObject()
        position = .afterObject
        return row
    }

    /// Consumes the closing bracket and refuses anything but whitespace after it.
    private func finishArray() throws(ImportFileError) -> ImportRow? {
        source.start += 1
        position = .finished
        try skipWhitespace()
        if let byte = try peek() {
            throw syntax("unexpected \(describe(byte)) after the end of the JSON array")
        }
        return nil
    }

    // MARK: - Objects and values

    /// Reads `{…}` at the current position into a row.
    private func readObject() throws(ImportFileError) -> ImportRow {
        let objectLine = line
        source.start += 1
        var values = [FieldValue?](repeating: nil, count: slotCount)
        var keyCount = 0
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            source.start += 1
            return ImportRow(line: objectLine, values: values)
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else {
                throw syntax("expected a key in quotes, found \(describe(try peek()))")
            }
            let key = try readString()
            keyCount += 1
            if keyCount > limits.maximumFields {
                throw .malformed(line: objectLine, .tooManyFields(limit: limits.maximumFields))
            }
            try skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else {
                throw syntax(
                    "expected ':' after the key \"\(ImportRowProblem.excerpt(key))\", found \(describe(try peek()))"
                )
            }
            source.start += 1
            try skipWhitespace()
            let value = try readValue()
            if let slot = slots[key] ?? slots[ImportHeader.key(key)] {
                values[slot] = value
            }
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case UInt8(ascii: "}"):
                source.start += 1
                return ImportRow(line: objectLine, values: values)
            case nil:
                throw syntax(
                    "the file ends inside an object (opened at line \(objectLine)); is it truncated?")
            case let byte:
                throw syntax("expected ',' or '}' in an object, found \(describe(byte))")
            }
        }
    }

    /// Reads a value; nil for `null`. Arrays and objects are skipped and reported as `.composite`.
    private func readValue() throws(ImportFileError) -> FieldValue? {
        guard let byte = try peek() else {
            throw syntax("the file ends where a value should be; is it truncated?")
        }
        switch byte {
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipComposite(depth: 1)
            return .composite(byte == UInt8(ascii: "{") ? "an object" : "an array")
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw syntax("expected a value, found \(describe(byte))")
        }
    }

    /// Skips an array or object (nested ones included) at the current position.
    private func skipComposite(depth: Int) throws(ImportFileError) {
        guard depth <= Self.maximumDepth else {
            throw syntax("values nest deeper than \(Self.maximumDepth) levels")
        }
        let isObject = try peek() == UInt8(ascii: "{")
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        source.start += 1
        try skipWhitespace()
        if try peek() == closer {
            source.start += 1
            return
        }
        while true {
            if isObject {
                guard try peek() == UInt8(ascii: "\"") else {
                    throw syntax("expected a key in quotes, found \(describe(try peek()))")
                }
                _ = try readString()
                try skipWhitespace()
                guard try peek() == UInt8(ascii: ":") else {
                    throw syntax("expected ':' after a key, found \(describe(try peek()))")
                }
                source.start += 1
                try skipWhitespace()
            }
            if let byte = try peek(), byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                try skipComposite(depth: depth + 1)
            } else {
                _ = try readValue()
            }
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case closer:
                source.start += 1
                return
            case nil:
                throw syntax("the file ends inside a nested value; is it truncated?")
            case let byte:
                throw syntax(
                    "expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(describe(byte))")
            }
        }
    }

    // MARK: - Scalars

    /// Reads a string literal at the current position (on its opening quote), unescaped.
    private func readString() throws(ImportFileError) -> String {
        let stringLine = line
        source.start += 1
        stringBytes.removeAll(keepingCapacity: true)
        while true {
            if source.start >= source.end, try !source.refill() {
                throw syntax("the file ends inside a string (opened at line \(stringLine)); is it truncated?")
            }
            guard let base = source.buffer.baseAddress else { throw syntax("the file ends inside a string") }
            var index = source.start
            let end = source.end
            while index < end {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") || byte == Byte.backslash || byte < 0x20 { break }
                index += 1
            }
            if index > source.start {
                if stringBytes.count + index - source.start > limits.maximumFieldBytes {
                    throw .malformed(
                        line: stringLine, .fieldTooLong(limit: limits.maximumFieldBytes, quoted: true))
                }
                stringBytes.append(
                    contentsOf: UnsafeBufferPointer(start: base + source.start, count: index - source.start))
            }
            source.start = index
            guard index < end else { continue }
            let byte = base[index]
            source.start += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = UTF8Text.string(stringBytes) else {
                    throw .malformed(line: stringLine, .invalidUTF8)
                }
                return text
            case Byte.backslash:
                try readEscape()
            case 0:
                throw .malformed(line: line, .nulByte)
            case Byte.lineFeed, Byte.carriageReturn:
                throw syntax(
                    "a line break inside a string (opened at line \(stringLine)); is a closing quote missing?"
                )
            default:
                throw syntax(
                    "a control character (byte \(Self.hex(byte))) inside a string; JSON needs it escaped")
            }
        }
    }

    /// Reads the escape after a backslash and appends what it stands for.
    private func readEscape() throws(ImportFileError) {
        guard let byte = try nextByte() else { throw syntax("the file ends inside a string escape") }
        switch byte {
        case UInt8(ascii: "\""), Byte.backslash, UInt8(ascii: "/"): stringBytes.append(byte)
        case UInt8(ascii: "b"): stringBytes.append(0x08)
        case UInt8(ascii: "f"): stringBytes.append(0x0C)
        case UInt8(ascii: "n"): stringBytes.append(Byte.lineFeed)
        case UInt8(ascii: "r"): stringBytes.append(Byte.carriageReturn)
        case UInt8(ascii: "t"): stringBytes.append(Byte.tab)
        case UInt8(ascii: "u"):
            var value = try readHex4()
            if (0xD800...0xDBFF).contains(value) {
                guard try nextByte() == Byte.backslash, try nextByte() == UInt8(ascii: "u") else {
                    throw syntax("an unpaired surrogate \\u\(String(value, radix: 16)) in a string")
                }
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntax("an unpaired surrogate \\u\(String(value, radix: 16)) in a string")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw syntax("an unpaired surrogate \\u\(String(value, radix: 16)) in a string")
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntax("an invalid \\u escape in a string")
            }
            stringBytes.append(contentsOf: String(scalar).utf8)
        default:
            throw syntax("an invalid escape \\\(describe(byte)) in a string")
        }
        if stringBytes.count > limits.maximumFieldBytes {
            throw .malformed(line: line, .fieldTooLong(limit: limits.maximumFieldBytes, quoted: true))
        }
    }

    private func readHex4() throws(ImportFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try nextByte(), let digit = Self.hexValue(byte) else {
                throw syntax("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Reads a number literal and checks it against JSON's grammar: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`.
    private func readNumber() throws(ImportFileError) -> String {
        var bytes: [UInt8] = []
        while let byte = try peek(),
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        {
            bytes.append(byte)
            source.start += 1
            if bytes.count > Self.maximumNumberLength {
                throw syntax("a number is longer than \(Self.maximumNumberLength) characters")
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Self.isJSONNumber(bytes) else { throw syntax("'\(text)' is not a JSON number") }
        return text
    }

    static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
            }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    private func readLiteral(_ word: StaticString) throws(ImportFileError) {
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard try nextByte() == byte else { throw syntax("expected '\(word)'") }
        }
    }

    // MARK: - Bytes

    private func peek() throws(ImportFileError) -> UInt8? {
        if source.start >= source.end, try !source.refill() { return nil }
        return source.buffer[source.start]
    }

    private func nextByte() throws(ImportFileError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        source.start += 1
        return byte
    }

    /// Skips JSON whitespace, counting lines; a NUL byte is refused here, where binary files fail.
    private func skipWhitespace() throws(ImportFileError) {
        while let byte = try peek() {
            switch byte {
            case Byte.lineFeed: line += 1
            case UInt8(ascii: " "), Byte.tab, Byte.carriageReturn: break
            case 0: throw .malformed(line: line, .nulByte)
            default: return
            }
            source.start += 1
        }
    }

    private func syntax(_ text: String) -> ImportFileError {
        .malformed(line: line, .json(text))
    }

    /// `'x'` for printable ASCII, `byte 0xNN` otherwise, `the end of the file` for nil.
    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(Self.hex(byte))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
