import Foundation

/// Brings a document's bytes to a form the byte-level sanitizer and libxml2 both handle: UTF-8, or
/// an ASCII-compatible encoding that the XML declaration names and libxml2 converts itself.
///
/// UTF-16 is converted to UTF-8 here (the sanitizer scans ASCII bytes); invalid UTF-8 sequences are
/// replaced by U+FFFD rather than failing the whole feed, as browsers and most readers do.
enum XMLEncoding {
    /// The result of normalisation.
    struct Normalized {
        /// The document, in UTF-8 or in `declaredEncoding`.
        var bytes: [UInt8]
        /// The encoding left for libxml2 to convert, nil when `bytes` is UTF-8.
        var declaredEncoding: String?
    }

    /// Normalises `data` as described above; throws for encodings that cannot be handled.
    static func normalize(_ data: Data) throws(FeedParseError) -> Normalized {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            return Normalized(bytes: repairedUTF8(bytes, relabel: true), declaredEncoding: nil)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00, 0x00, 0x00])
        {
            throw .unsupportedEncoding("UTF-32")
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return try fromUTF16(Data(bytes.dropFirst(2)), encoding: .utf16BigEndian)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return try fromUTF16(Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian)
        }
        if bytes.starts(with: [0x00, 0x3C]) {
            return try fromUTF16(Data(bytes), encoding: .utf16BigEndian)
        }
        if bytes.starts(with: [0x3C, 0x00]) {
            return try fromUTF16(Data(bytes), encoding: .utf16LittleEndian)
        }
        guard let declared = declaredEncoding(in: bytes) else {
            return Normalized(bytes: repairedUTF8(bytes, relabel: false), declaredEncoding: nil)
        }
        switch declared.lowercased() {
        case "utf-8", "utf8":
            return Normalized(bytes: repairedUTF8(bytes, relabel: false), declaredEncoding: nil)
        case "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2":
            // An 8-bit document that claims ASCII or UTF-16 is in practice UTF-8 (or mislabelled);
            // read it as UTF-8 and say so, or libxml2 would reject it.
            return Normalized(bytes: repairedUTF8(bytes, relabel: true), declaredEncoding: nil)
        default:
            return Normalized(bytes: bytes, declaredEncoding: declared)
        }
    }

    // MARK: - Declaration

    /// The `encoding` pseudo-attribute of the XML declaration at the very start of `bytes`.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        guard let declaration = declarationRange(in: bytes) else { return nil }
        let text = String(decoding: bytes[declaration], as: UTF8.self)
        guard let keyRange = text.range(of: "encoding") else { return nil }
        var rest = text[keyRange.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        let name = String(value)
        guard !name.isEmpty, name.count <= 40,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) })
        else { return nil }
        return name
    }

    /// The byte range of `<?xml ... ?>` when the document starts with one.
    private static func declarationRange(in bytes: [UInt8]) -> Range<Int>? {
        let opening = Array("<?xml".utf8)
        guard bytes.starts(with: opening), bytes.count > opening.count,
            [0x20, 0x09, 0x0A, 0x0D].contains(bytes[opening.count])
        else { return nil }
        let limit = min(bytes.count, 512)
        var index = opening.count
        while index + 1 < limit {
            if bytes[index] == UInt8(ascii: "?"), bytes[index + 1] == UInt8(ascii: ">") {
                return 0..<(index + 2)
            }
            index += 1
        }
        return nil
    }

    /// Replaces the XML declaration with one that says UTF-8, keeping the line count the same.
    private static func relabelledAsUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard let range = declarationRange(in: bytes) else { return bytes }
        let newlines = bytes[range].filter { $0 == 0x0A }.count
        var result = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8)
        result.append(contentsOf: [UInt8](repeating: 0x0A, count: newlines))
        result.append(contentsOf: bytes[range.upperBound...])
        return result
    }

    // MARK: - Conversions

    private static func repairedUTF8(_ bytes: [UInt8], relabel: Bool) -> [UInt8] {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        let utf8 = valid ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
        return relabel ? relabelledAsUTF8(utf8) : utf8
    }

    private static func fromUTF16(_ data: Data, encoding: String.Encoding) throws(FeedParseError)
        -> Normalized
    {
        guard let text = String(data: data, encoding: encoding) else {
            throw .malformed(line: 1, reason: "the document is not valid UTF-16")
        }
        return Normalized(bytes: relabelledAsUTF8(Array(text.utf8)), declaredEncoding: nil)
    }
}
