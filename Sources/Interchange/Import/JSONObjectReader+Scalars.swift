import MoviesCore

/// The lexical half of `JSONObjectReader`: strings (escapes, surrogate pairs, UTF-8 checked), numbers
/// (checked against RFC 8259's grammar), literals, whitespace and line counting, error text.
extension JSONObjectReader {
    // MARK: - Scalars

    /// Reads a string literal at the current position (on its opening quote), unescaped.
    func readString() throws(ImportFileError) -> String {
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
    func readEscape() throws(ImportFileError) {
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

    func readHex4() throws(ImportFileError) -> UInt32 {
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
    func readNumber() throws(ImportFileError) -> String {
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

    func readLiteral(_ word: StaticString) throws(ImportFileError) {
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard try nextByte() == byte else { throw syntax("expected '\(word)'") }
        }
    }

    // MARK: - Bytes

    func peek() throws(ImportFileError) -> UInt8? {
        if source.start >= source.end, try !source.refill() { return nil }
        return source.buffer[source.start]
    }

    func nextByte() throws(ImportFileError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        source.start += 1
        return byte
    }

    /// Skips JSON whitespace, counting lines; a NUL byte is refused here, where binary files fail.
    func skipWhitespace() throws(ImportFileError) {
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

    func syntax(_ text: String) -> ImportFileError {
        .malformed(line: line, .json(text))
    }

    /// `'x'` for printable ASCII, `byte 0xNN` otherwise, `the end of the file` for nil.
    func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(Self.hex(byte))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
