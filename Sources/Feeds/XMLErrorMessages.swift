/// Short reasons for libxml2's error codes (`xmlParserErrors` in libxml/xmlerror.h), whose own
/// messages are long, technical and in no fixed form.
enum XMLErrorMessages {
    /// XML_ERR_INTERNAL_ERROR: also what libxml2 reports for nesting deeper than it accepts.
    static let internalError = 1
    /// XML_ERR_DOCUMENT_EMPTY: no root element at all.
    static let documentEmpty = 4
    /// XML_ERR_TAG_NOT_FINISHED: the input ended inside an element.
    static let tagNotFinished = 77

    /// A reason for the user; `openElement` is the innermost element still open when it happened.
    static func reason(forCode code: Int, openElement: String?) -> String {
        switch code {
        case 4:
            return "the document is empty"
        case 5:
            if let openElement {
                return "the document ends inside <\(openElement)> (truncated?)"
            }
            return "extra content after the root element"
        case 6, 7, 8, 10:
            return "invalid character reference"
        case 9:
            return "invalid character"
        case 22, 23, 68:
            return "an unescaped \"&\" or a malformed entity reference"
        case 38:
            return "\"<\" inside an attribute value"
        case 42:
            return "an attribute appears twice in one tag"
        case 39, 40, 41, 65, 73, 75:
            return "malformed tag or attribute"
        case 45:
            return "unterminated comment"
        case 47:
            return "unterminated processing instruction"
        case 63:
            return "unterminated CDATA section"
        case 64:
            return "misplaced XML declaration"
        case 76:
            if let openElement {
                return "the closing tag does not match <\(openElement)>"
            }
            return "mismatched closing tag"
        case 77:
            return "unclosed tag"
        case 85:
            return "unbalanced elements"
        default:
            return "XML error \(code)"
        }
    }
}

/// Finds the name of the root element without parsing, so that an HTML page is reported as such even
/// when it is not well-formed XML (which libxml2 would report first).
enum RootSniffer {
    /// The root element's name as written (e.g. `rss`, `rdf:RDF`, `html`); throws when the document
    /// does not start with markup.
    static func rootElement(of bytes: [UInt8]) throws(FeedParseError) -> String {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else { throw .notXML }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") {
                index = after("?>", in: bytes, from: index + 2)
            } else if next == UInt8(ascii: "!") {
                index = after(starts("<!--", in: bytes, at: index) ? "-->" : ">", in: bytes, from: index + 2)
            } else {
                var end = index + 1
                while end < bytes.count, !isNameTerminator(bytes[end]), end - index < 100 {
                    end += 1
                }
                guard end > index + 1 else { throw .notXML }
                return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            }
        }
        throw .malformed(line: 1, reason: "the document has no root element")
    }

    private static func isNameTerminator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "/")
    }

    private static func starts(_ text: String, in bytes: [UInt8], at index: Int) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private static func after(_ terminator: String, in bytes: [UInt8], from start: Int) -> Int {
        let needle = Array(terminator.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index + needle.count
            }
            index += 1
        }
        return bytes.count
    }
}
