import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a document's bytes to the one form the byte-level sanitizer and libxml2 both get: UTF-8.
///
/// UTF-16 and the ASCII-compatible encodings an XML declaration names (ISO-8859-1, Windows-1252,
/// Shift_JIS, Big5...) are converted here, never by libxml2: its push parser (2.9.14) dereferences
/// NULL when its own conversion fails, so a feed with one byte that is invalid in its declared
/// encoding would crash the program. Invalid sequences are replaced by U+FFFD rather than failing the
/// whole feed, as browsers and most readers do, in UTF-8 and in any other encoding alike.
enum XMLEncoding {
    /// The document in UTF-8, as described above; throws for encodings that cannot be handled.
    static func normalize(_ data: Data) throws(FeedParseError) -> [UInt8] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            return repairedUTF8(bytes, relabel: true)
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
            return repairedUTF8(bytes, relabel: false)
        }
        switch declared.lowercased() {
        case "utf-8", "utf8":
            return repairedUTF8(bytes, relabel: false)
        case "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2":
            // An 8-bit document that claims ASCII or UTF-16 is in practice UTF-8 (or mislabelled);
            // read it as UTF-8 and say so, or libxml2 would reject it.
            return repairedUTF8(bytes, relabel: true)
        default:
            return relabelledAsUTF8(try converted(bytes, from: declared))
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

    /// `bytes`, exactly as libxml2 will parse them, with their XML declaration (if any) saying UTF-8,
    /// so libxml2 never converts anything itself.
    ///
    /// It runs on the sanitized bytes, not before: the sanitizer drops control characters, so
    /// `encoding="Shift_JIS\0"`, or a control character before `<?xml`, would otherwise turn into a
    /// declaration that libxml2 obeys (and crashes on, converting UTF-8 as Shift_JIS) though none was
    /// seen here. A declaration is found as libxml2 finds one: `<?xml` and a blank, after a byte order
    /// mark if there is one, up to the first `?>` however far; the line count stays the same.
    static func declaringUTF8(_ bytes: [UInt8]) throws(FeedParseError) -> [UInt8] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = Array("<?xml".utf8)
        guard bytes[start...].starts(with: opening), bytes.count > start + opening.count,
            [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + opening.count])
        else { return bytes }
        var end = start + opening.count
        while end + 1 < bytes.count, bytes[end] != UInt8(ascii: "?") || bytes[end + 1] != UInt8(ascii: ">") {
            end += 1
        }
        guard end + 1 < bytes.count else {
            throw .malformed(line: 1, reason: "the XML declaration is not closed with '?>'")
        }
        let newlines = bytes[start..<end].filter { $0 == 0x0A }.count
        return Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8)
            + [UInt8](repeating: 0x0A, count: newlines) + bytes[(end + 2)...]
    }

    // MARK: - Conversions

    private static func repairedUTF8(_ bytes: [UInt8], relabel: Bool) -> [UInt8] {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        let utf8 = valid ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
        return relabel ? relabelledAsUTF8(utf8) : utf8
    }

    private static func fromUTF16(_ data: Data, encoding: String.Encoding) throws(FeedParseError) -> [UInt8] {
        guard let text = String(data: data, encoding: encoding) else {
            throw .malformed(line: 1, reason: "the document is not valid UTF-16")
        }
        return relabelledAsUTF8(Array(text.utf8))
    }

    /// `bytes`, in the encoding called `name`, as UTF-8 (by iconv, which knows every name libxml2
    /// knows); a sequence that is invalid in that encoding becomes U+FFFD.
    ///
    /// Only ASCII-compatible encodings are accepted: the declaration naming the encoding was read as
    /// ASCII, so a document in UTF-7, UTF-32 or EBCDIC could not have written it that way. Backslash
    /// and tilde may differ (Shift_JIS has a yen sign and an overline there); markup uses neither.
    private static func converted(_ bytes: [UInt8], from name: String) throws(FeedParseError) -> [UInt8] {
        guard let converter = iconv_open("UTF-8", name), converter != iconv_t(bitPattern: -1) else {
            throw .unsupportedEncoding(name)
        }
        defer { iconv_close(converter) }
        let ascii = (UInt8(0x20)...UInt8(0x7D)).filter { $0 != UInt8(ascii: "\\") } + [0x09, 0x0A, 0x0D]
        guard convert(ascii, with: converter) == ascii else {
            throw .unsupportedEncoding(name)
        }
        return convert(bytes, with: converter)
    }

    /// Runs `converter` over all of `input` from its initial state, replacing each byte it refuses
    /// (an invalid or incomplete sequence) with U+FFFD and going on from the next byte.
    private static func convert(_ input: [UInt8], with converter: iconv_t) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        _ = iconv(converter, nil, nil, nil, nil)
        var source = input.map { CChar(bitPattern: $0) }
        source.withUnsafeMutableBufferPointer { bytes in
            var inPointer = bytes.baseAddress
            var inLeft = bytes.count
            var flushed = false
            while !flushed {
                // With the input used up, one last call writes what a stateful encoding still holds.
                flushed = inLeft == 0
                let (result, code, produced) = chunk.withUnsafeMutableBytes { buffer in
                    var outPointer = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = buffer.count
                    let result =
                        flushed
                        ? iconv(converter, nil, nil, &outPointer, &outLeft)
                        : iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (result, errno, buffer.count - outLeft)
                }
                output.append(contentsOf: chunk[..<produced])
                guard result == -1 else { continue }
                if code == E2BIG {
                    flushed = false  // the chunk is full: go round again with it emptied
                    continue
                }
                // EILSEQ or EINVAL: one byte is replaced, and conversion starts again after it.
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                if !flushed, inLeft > 0 {
                    inPointer = inPointer.map { $0 + 1 }
                    inLeft -= 1
                }
                _ = iconv(converter, nil, nil, nil, nil)
            }
        }
        return output
    }
}
