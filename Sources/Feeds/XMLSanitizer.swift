import Basics

/// Rewrites a document's bytes (UTF-8, from `XMLEncoding`) into what libxml2 reads without stopping
/// at the first careless byte, and refuses what would make it slow.
///
/// What libxml2 does not do, and this does:
/// - The DOCTYPE declaration is removed with its internal subset. libxml2 never loads a DTD or expands
///   an entity here (see `movies_xml_parse`), but it still reads an internal subset: it refuses a
///   parameter-entity reference it cannot resolve (`%remote;`, common in XXE probes) as a fatal error,
///   and applies the attribute defaults an `<!ATTLIST>` declares to every element, each one compared
///   with the element's own attributes. A feed has no use for either.
/// - Entity references: the five XML ones and numeric ones stay; HTML named ones (`&nbsp;`,
///   `&eacute;`, which RSS 0.91 feeds use freely) become numeric references, looked up in libxml2's own
///   HTML table; any other name is dropped (the document can no longer declare it); a bare `&` (as in
///   "Tom & Jerry") becomes `&amp;`. Numeric references to characters XML forbids are dropped, and
///   those in the C1 range are taken as Windows-1252, as browsers do.
/// - A `<` that cannot start markup ("a < b"), or that stands inside an attribute value, becomes `&lt;`.
/// - Control characters XML forbids, ANSI escape sequences and the non-characters U+FFFE and U+FFFF
///   are removed everywhere (libxml2 stops at the first one).
/// - Processing instructions are dropped: they mean nothing to a feed, and libxml2 refuses an XML
///   declaration anywhere but at the very start (feeds served after a blank line are common); the
///   declaration at the start is kept.
/// - A start tag with more attributes than the limit is refused (`.tooManyAttributes`) before libxml2
///   sees it: libxml2 2.9 compares each attribute with all those before it, inside one call, so a tag
///   with 100,000 attributes would take minutes before any callback could stop it.
///
/// The scan works on bytes and only acts on ASCII, so multi-byte characters pass through untouched.
struct XMLSanitizer {
    private let input: [UInt8]
    private let maximumAttributes: Int
    private var output: [UInt8] = []
    private var index = 0
    private var entities: [String: UInt32] = [:]

    /// Sanitizes the UTF-8 `bytes`; throws for a DOCTYPE that never ends and for a start tag with more
    /// than `maximumAttributesPerElement` attributes.
    static func sanitize(_ bytes: [UInt8], maximumAttributesPerElement: Int) throws(FeedParseError) -> [UInt8]
    {
        var sanitizer = XMLSanitizer(input: bytes, maximumAttributes: maximumAttributesPerElement)
        try sanitizer.run()
        return sanitizer.output
    }

    private init(input: [UInt8], maximumAttributes: Int) {
        self.input = input
        self.maximumAttributes = maximumAttributes
        output.reserveCapacity(input.count)
    }

    private mutating func run() throws(FeedParseError) {
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "<") {
                try markup()
            } else if byte == UInt8(ascii: "&") {
                reference()
            } else {
                copyCharacter(byte)
            }
        }
    }

    /// Copies the byte at `index` unless it is a control character or the start of an escape sequence
    /// or of U+FFFE/U+FFFF, which are dropped or replaced.
    private mutating func copyCharacter(_ byte: UInt8) {
        if byte >= 0x20 && byte != 0xEF {
            output.append(byte)
            index += 1
        } else {
            copyFiltered(upTo: index + 1)
        }
    }

    // MARK: - Markup

    private mutating func markup() throws(FeedParseError) {
        let next = index + 1 < input.count ? input[index + 1] : 0
        if next != UInt8(ascii: "!") && next != UInt8(ascii: "?") {
            if XMLSanitizer.canFollowLessThan(next) {
                output.append(UInt8(ascii: "<"))
                index += 1
                if next != UInt8(ascii: "/") {
                    try startTag()
                }
            } else {
                // A "<" that cannot start markup ("a < b") is text that the author forgot to escape.
                output.append(contentsOf: XMLSanitizer.escapedLessThan)
                index += 1
            }
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
                // Only the XML declaration at the start is kept; the rest are dropped, leaving their
                // line breaks so that error line numbers stay right.
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

    /// Copies the rest of a start tag (its `<` is written), counting its attribute values (each
    /// attribute has one, quoted); stops after the `>` that closes it, or before a `<` outside quotes.
    private mutating func startTag() throws(FeedParseError) {
        let start = index - 1
        var quote: UInt8?
        var values = 0
        while index < input.count {
            let byte = input[index]
            if let open = quote {
                if byte == open {
                    quote = nil
                    output.append(byte)
                    index += 1
                } else if byte == UInt8(ascii: "&") {
                    reference()
                } else if byte == UInt8(ascii: "<") {
                    output.append(contentsOf: XMLSanitizer.escapedLessThan)
                    index += 1
                } else {
                    copyCharacter(byte)
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                values += 1
                guard values <= maximumAttributes else {
                    throw .tooManyAttributes(line: line(at: start), limit: maximumAttributes)
                }
                quote = byte
                output.append(byte)
                index += 1
            } else if byte == UInt8(ascii: ">") {
                output.append(byte)
                index += 1
                return
            } else if byte == UInt8(ascii: "<") {
                return  // libxml2 stops there (a broken tag); the main loop goes on from here
            } else if byte == UInt8(ascii: "&") {
                reference()
            } else {
                copyCharacter(byte)
            }
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
        if let mapped = Windows1252.character(forC1: value) {
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
        } else if let value = htmlEntity(name, bytes: input[nameRange]) {
            append(numericReferenceTo: value)
        }
        // Any other name is dropped: the document has no way to define it.
    }

    /// An HTML 4 named reference's code point, from libxml2's table (a linear search there, so each
    /// name is looked up once per document).
    private mutating func htmlEntity(_ name: String, bytes: ArraySlice<UInt8>) -> UInt32? {
        if let known = entities[name] {
            return known == 0 ? nil : known
        }
        let value = LibXML2.htmlEntity(bytes)
        entities[name] = value ?? 0
        return value
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

    /// Copies `input[index..<end]`, dropping forbidden control characters, escape sequences and the
    /// non-characters U+FFFE/U+FFFF.
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
            where index + 2 < input.count && input[index + 1] == 0xBF
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
}
