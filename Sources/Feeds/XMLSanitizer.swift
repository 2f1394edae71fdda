/// Rewrites a document's bytes so libxml2 gets nothing dangerous and little to choke on.
///
/// - The DOCTYPE declaration is removed with its internal subset, so the document can declare no
///   entities: no external entity can read a file or a URL, and no nested entity can expand into a
///   "billion laughs". Line breaks inside it are kept so error line numbers stay right.
/// - Entity references are settled here: the five XML ones and numeric ones stay, HTML named ones
///   (`&nbsp;`, `&eacute;`...) become numeric references, any other name is dropped, and a bare `&`
///   (as in "Tom & Jerry") becomes `&amp;`. Numeric references to characters XML forbids are dropped.
/// - Control characters that XML forbids, and ANSI escape sequences, are removed everywhere.
/// - Processing instructions other than the XML declaration are removed (see `markup()`).
///
/// The scan works on bytes and only acts on ASCII, so it is valid for UTF-8 and for every
/// ASCII-compatible encoding libxml2 converts.
struct XMLSanitizer {
    private let input: [UInt8]
    private let isUTF8: Bool
    private var output: [UInt8] = []
    private var index = 0

    /// Sanitizes `bytes`; `isUTF8` enables the UTF-8-only repairs (U+FFFE and U+FFFF).
    static func sanitize(_ bytes: [UInt8], isUTF8: Bool) throws(FeedParseError) -> [UInt8] {
        var sanitizer = XMLSanitizer(input: bytes, isUTF8: isUTF8)
        try sanitizer.run()
        return sanitizer.output
    }

    private init(input: [UInt8], isUTF8: Bool) {
        self.input = input
        self.isUTF8 = isUTF8
        output.reserveCapacity(input.count)
    }

    private mutating func run() throws(FeedParseError) {
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "<") {
                try markup()
            } else if byte == UInt8(ascii: "&") {
                reference()
            } else if byte >= 0x20 && byte != 0xEF {
                output.append(byte)
                index += 1
            } else {
                copyFiltered(upTo: index + 1)
            }
        }
    }

    // MARK: - Markup

    private mutating func markup() throws(FeedParseError) {
        let next = index + 1 < input.count ? input[index + 1] : 0
        if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") {
            if XMLSanitizer.canFollowLessThan(next) {
                output.append(UInt8(ascii: "<"))
            } else {
                // A "<" that cannot start markup ("a < b") is text that the author forgot to escape.
                output.append(contentsOf: XMLSanitizer.escapedLessThan)
            }
            index += 1
        } else if starts(with: "<![CDATA[") {
            copyFiltered(upTo: end(of: "]]>", from: index + 9))
        } else if starts(with: "<!--") {
            copyFiltered(upTo: end(of: "-->", from: index + 4))
        } else if starts(with: "<?") {
            let end = end(of: "?>", from: index + 2)
            let atStart = output.isEmpty || output == [0xEF, 0xBB, 0xBF]
            if atStart, starts(with: "<?xml"), index + 5 < input.count,
                [0x20, 0x09, 0x0A, 0x0D].contains(input[index + 5])
            {
                copyFiltered(upTo: end)
            } else {
                // Only the XML declaration is kept. Other processing instructions mean nothing to a
                // feed, and FoundationXML crashes (strlen of NULL) on one without data, such as `<?x?>`;
                // they are dropped, leaving their line breaks.
                let newlines = input[index..<min(end, input.count)].filter { $0 == 0x0A }.count
                output.append(contentsOf: [UInt8](repeating: 0x0A, count: newlines))
                index = end
            }
        } else if starts(with: "<!DOCTYPE", caseInsensitive: true) {
            try skipDoctype()
        } else {
            output.append(UInt8(ascii: "<"))
            index += 1
        }
    }

    /// Drops `<!DOCTYPE ...>` including an internal subset in brackets, leaving its line breaks.
    private mutating func skipDoctype() throws(FeedParseError) {
        let start = index
        var position = index + 9
        var quote: UInt8?
        var inSubset = false
        var closed = false
        while position < input.count {
            let byte = input[position]
            if let open = quote {
                if byte == open {
                    quote = nil
                }
            } else if inSubset && starts(with: "<!--", at: position) {
                position = end(of: "-->", from: position + 4)
                continue
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">") && !inSubset {
                closed = true
                position += 1
                break
            }
            position += 1
        }
        guard closed else {
            throw .malformed(line: line(at: start), reason: "unterminated DOCTYPE declaration")
        }
        let newlines = input[start..<position].filter { $0 == 0x0A }.count
        output.append(contentsOf: [UInt8](repeating: 0x0A, count: newlines))
        index = position
    }

    // MARK: - References

    private mutating func reference() {
        if index + 1 < input.count, input[index + 1] == UInt8(ascii: "#") {
            numericReference()
        } else {
            namedReference()
        }
    }

    private mutating func numericReference() {
        var position = index + 2
        var radix: UInt32 = 10
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while position < input.count, let digit = XMLSanitizer.digit(input[position], radix: radix) {
            if value <= 0x10FFFF {
                value = value * radix + digit
            }
            digits += 1
            position += 1
        }
        guard digits > 0, position < input.count, input[position] == UInt8(ascii: ";") else {
            escapeAmpersand()
            return
        }
        index = position + 1
        if (0x80...0x9F).contains(value), let mapped = HTMLEntityDecoder.windows1252Value(value) {
            append(numericReferenceTo: mapped)
        } else if XMLSanitizer.isXMLCharacter(value) {
            append(numericReferenceTo: value)
        }
    }

    private mutating func namedReference() {
        var position = index + 1
        while position < input.count, position - index <= 32, XMLSanitizer.isNameByte(input[position]) {
            position += 1
        }
        let nameRange = (index + 1)..<position
        guard !nameRange.isEmpty, position < input.count, input[position] == UInt8(ascii: ";"),
            !XMLSanitizer.isDigitOrPunctuation(input[index + 1])
        else {
            escapeAmpersand()
            return
        }
        let name = String(decoding: input[nameRange], as: UTF8.self)
        index = position + 1
        if ["amp", "lt", "gt", "quot", "apos"].contains(name) {
            output.append(UInt8(ascii: "&"))
            output.append(contentsOf: name.utf8)
            output.append(UInt8(ascii: ";"))
        } else if let value = HTMLEntities.codePoint(named: name) {
            append(numericReferenceTo: value)
        }
        // Any other name is dropped: the document has no way to define it.
    }

    private static let escapedLessThan = Array("&lt;".utf8)
    private static let escapedAmpersand = Array("&amp;".utf8)

    private mutating func escapeAmpersand() {
        output.append(contentsOf: XMLSanitizer.escapedAmpersand)
        index += 1
    }

    private mutating func append(numericReferenceTo value: UInt32) {
        output.append(contentsOf: Array("&#\(value);".utf8))
    }

    // MARK: - Filtering

    /// Copies `input[index..<end]`, dropping forbidden control characters, escape sequences and
    /// (in UTF-8) the non-characters U+FFFE/U+FFFF.
    private mutating func copyFiltered(upTo end: Int) {
        let end = min(end, input.count)
        while index < end {
            let byte = input[index]
            switch byte {
            case 0x09, 0x0A, 0x0D:
                output.append(byte)
                index += 1
            case 0x1B:
                index = skipEscapeSequence(from: index + 1)
            case 0x00...0x1F:
                index += 1
            case 0xEF
            where isUTF8 && index + 2 < input.count && input[index + 1] == 0xBF
                && (input[index + 2] == 0xBE || input[index + 2] == 0xBF):
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 3
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    /// The index after an escape sequence whose ESC was just before `start`.
    private func skipEscapeSequence(from start: Int) -> Int {
        guard start < input.count else { return start }
        var position = start + 1
        switch input[start] {
        case UInt8(ascii: "["):
            while position < input.count, (0x20...0x3F).contains(input[position]) {
                position += 1
            }
            return position < input.count && (0x40...0x7E).contains(input[position]) ? position + 1 : position
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            while position < input.count {
                if input[position] == 0x07 {
                    return position + 1
                }
                if input[position] == 0x1B {
                    return position + 1 < input.count && input[position + 1] == UInt8(ascii: "\\")
                        ? position + 2 : position
                }
                position += 1
            }
            return position
        case 0x20...0x2F:
            while position < input.count, (0x20...0x2F).contains(input[position]) {
                position += 1
            }
            return position < input.count && (0x30...0x7E).contains(input[position]) ? position + 1 : position
        case 0x30...0x7E:
            return start + 1
        default:
            return start
        }
    }

    // MARK: - Helpers

    private func starts(with text: String, at position: Int? = nil, caseInsensitive: Bool = false) -> Bool {
        let start = position ?? index
        let needle = Array(text.utf8)
        guard start + needle.count <= input.count else { return false }
        for offset in 0..<needle.count {
            let byte = input[start + offset]
            if caseInsensitive ? (byte | 0x20) != (needle[offset] | 0x20) : byte != needle[offset] {
                return false
            }
        }
        return true
    }

    /// The index just after the next `terminator` at or after `start`, or the end of the input.
    private func end(of terminator: String, from start: Int) -> Int {
        let needle = Array(terminator.utf8)
        var position = start
        while position + needle.count <= input.count {
            if input[position] == needle[0] && starts(with: terminator, at: position) {
                return position + needle.count
            }
            position += 1
        }
        return input.count
    }

    private func line(at position: Int) -> Int {
        input[0..<min(position, input.count)].filter { $0 == 0x0A }.count + 1
    }

    /// Characters XML 1.0 allows in a document.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
            return true
        default:
            return false
        }
    }

    private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case 0x30...0x39:
            return UInt32(byte - 0x30)
        case 0x41...0x46 where radix == 16:
            return UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where radix == 16:
            return UInt32(byte - 0x61 + 10)
        default:
            return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x3A:
            return true
        default:
            return byte >= 0x80
        }
    }

    private static func canFollowLessThan(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A, 0x2F, 0x21, 0x3F:
            return true
        default:
            return byte >= 0x80
        }
    }

    private static func isDigitOrPunctuation(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E
    }
}
