extension StringProtocol {
    /// The text without leading and trailing white space (Unicode's White_Space property: spaces of
    /// every width, tabs, line and paragraph breaks), as `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// would return it.
    ///
    /// Written on the standard library's Unicode tables because Foundation's version goes through
    /// `NSString` and `CharacterSet`, which cost a short-lived command like `movies add` more than its
    /// whole validation (callgrind: 700,000 instructions for one title).
    package func trimmingWhitespace() -> String {
        // Nearly every text starts and ends with a visible ASCII character, and then nothing is trimmed:
        // two bytes say so, where the scalar loop below asks Unicode's property tables for each end
        // (the most of `movies stats`' time over 200,000 films' genres and directors, 2026-12-03).
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, first.isVisibleASCII, last.isVisibleASCII {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        var end = scalars.endIndex
        while end > first, isTrimmed(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return String(Substring(scalars[first..<end]))
    }
}

extension String {
    /// The text without leading and trailing ASCII spaces and tabs; the same string when it has none.
    ///
    /// For values in files (years, dates, ids, stars), which need no Unicode-aware trimming: this runs
    /// once per field of a million-row import, where even `trimmingWhitespace()` would show.
    package func trimmingSpacesAndTabs() -> String {
        let utf8 = self.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else {
            return self
        }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }),
            let end = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(Substring(utf8[start...end]))
    }
}

extension UInt8 {
    /// A printable ASCII character other than the space: never white space, and a whole scalar (the
    /// last byte of a longer UTF-8 sequence is 0x80 or above).
    package var isVisibleASCII: Bool { (0x21...0x7E).contains(self) }
}

/// White_Space, plus U+200B ZERO WIDTH SPACE, which Foundation's `.whitespaces` still counts (it was a
/// space separator before Unicode 4.0.1) and which nobody means to keep at the end of a title.
private func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\u{200B}"
}
