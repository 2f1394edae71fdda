// Text matched and folded by its bytes, as the C library, the shell and SQLite match and fold it.
//
// Written for `String` and `Substring` themselves, and inlinable, rather than once on `StringProtocol`:
// a generic helper called from another module runs unspecialised, through the protocol's witness
// tables and the metadata of `UTF8View`'s iterator, which is more code and data for a one-shot
// command's first call than the work itself.

extension String {
    /// The text with the ASCII capitals A to Z made small and every other scalar as it is: how SQLite
    /// compares names (tables, columns, collations; https://sqlite.org/lang_keywords.html) and what its
    /// `lower()` does without ICU, and how URL schemes and host names compare.
    ///
    /// Byte by byte, so it never reaches the standard library's Unicode case tables, and the text comes
    /// back as it is, without a copy, when it has no capital.
    @inlinable package var asciiLowercased: String {
        guard utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return self }
        return String(decoding: utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether every scalar of the text is ASCII: where a byte is a character, so the Unicode-aware paths
    /// (folding, composing, white space, splitting) can go byte by byte.
    @inlinable package var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }

    /// Whether the text's UTF-8 bytes start with those of `prefix`: how a path or a command-line word
    /// is matched. Unlike `hasPrefix`, which compares characters, `"/\u{301}x"` starts with `"/"` here,
    /// and the comparison never reaches the grapheme-breaking code.
    @inlinable package func hasUTF8Prefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// Whether the text's UTF-8 bytes end with those of `suffix` (see `hasUTF8Prefix`).
    @inlinable package func hasUTF8Suffix(_ suffix: String) -> Bool {
        let count = suffix.utf8.count
        return utf8.count >= count && utf8.suffix(count).elementsEqual(suffix.utf8)
    }
}

extension Substring {
    /// The text with its ASCII capitals made small (`String.asciiLowercased`).
    @inlinable package var asciiLowercased: String { String(self).asciiLowercased }
}

extension [UInt8] {
    /// Appends `value` in decimal, with a minus sign when negative: the bytes `String(value)` has.
    ///
    /// Written digit by digit into the buffer, for the CSV and TSV writers, which write bytes: the
    /// standard library's conversion goes through its generic `_BinaryIntegerToASCII` and a `String`
    /// per cell.
    @inlinable package mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = endIndex
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        self[start...].reverse()
    }
}

extension String {
    /// `value` in decimal, with a minus sign when negative: what `String(value)` makes.
    ///
    /// Written digit by digit, for the one-shot commands' cursors, hints and dates: the standard
    /// library's conversion goes through its generic `_BinaryIntegerToASCII`, whose code a command
    /// would map for a few digits.
    @inlinable package init(decimal value: Int64) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        bytes.appendDecimal(value)
        self.init(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal (see `init(decimal:)` for `Int64`).
    @inlinable package init(decimal value: Int) {
        self.init(decimal: Int64(value))
    }
}
