import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a document's bytes to the one form the sanitizer and libxml2 get: UTF-8.
///
/// UTF-16 and the ASCII-compatible encodings an XML declaration names (ISO-8859-1, Windows-1252,
/// Shift_JIS, Big5...) are converted here with iconv, and libxml2 is told to ignore the declaration
/// (`XML_PARSE_IGNORE_ENC`): libxml2 stops the whole document at the first byte that is invalid in
/// its encoding, while this replaces each one by U+FFFD and reads the rest, as browsers and most readers
/// do, in UTF-8 and in any other encoding alike.
///
/// The encoding is, in order: a byte order mark; the XML declaration's `encoding`; the `charset` of the
/// HTTP `Content-Type` the document came with (RFC 7303 would put the header first, but feed readers
/// trust the document, which travels with it when it is saved or re-served); else UTF-8.
enum XMLEncoding {
    /// The document in UTF-8, as described above; throws for encodings that cannot be handled.
    static func normalize(_ data: Data, charset: String? = nil) throws(FeedParseError) -> [UInt8] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            return repairedUTF8(bytes)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00, 0x00, 0x00])
        {
            throw .unsupportedEncoding("UTF-32")
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return fromUTF16(bytes.dropFirst(2), bigEndian: true)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return fromUTF16(bytes.dropFirst(2), bigEndian: false)
        }
        if bytes.starts(with: [0x00, 0x3C]) {
            return fromUTF16(bytes[...], bigEndian: true)
        }
        if bytes.starts(with: [0x3C, 0x00]) {
            return fromUTF16(bytes[...], bigEndian: false)
        }
        guard let name = declaredEncoding(in: bytes) ?? charset else {
            return repairedUTF8(bytes)
        }
        switch name.lowercased() {
        case "utf-8", "utf8":
            return repairedUTF8(bytes)
        case "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2":
            // An 8-bit document that claims ASCII or UTF-16 is in practice UTF-8 (or mislabelled).
            return repairedUTF8(bytes)
        default:
            return try converted(bytes, from: name)
        }
    }

    // MARK: - Declaration

    /// The `encoding` pseudo-attribute of the XML declaration at the very start of `bytes`.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        guard let declaration = declarationRange(in: bytes) else { return nil }
        let text = String(decoding: bytes[declaration], as: UTF8.self)
        guard let keyRange = text.firstRange(of: "encoding") else { return nil }
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

    // MARK: - Conversions

    private static func repairedUTF8(_ bytes: [UInt8]) -> [UInt8] {
        String(validating: bytes, as: UTF8.self) != nil
            ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// UTF-16 code units read in the given byte order; an unpaired surrogate or an odd last byte
    /// becomes U+FFFD.
    private static func fromUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var text = String(decoding: units, as: UTF16.self)
        if bytes.count % 2 != 0 {
            text.unicodeScalars.append("\u{FFFD}")
        }
        return Array(text.utf8)
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
