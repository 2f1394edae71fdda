extension StringProtocol {
    /// The text without leading and trailing white space (Unicode's White_Space property: spaces of
    /// every width, tabs, line and paragraph breaks), as `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// would return it.
    ///
    /// Written on the standard library's Unicode tables because Foundation's version goes through
    /// `NSString` and `CharacterSet`, which cost a short-lived command like `movies add` more than its
    /// whole validation (callgrind: 700,000 instructions for one title).
    public func trimmingWhitespace() -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        var end = scalars.endIndex
        while end > first, isTrimmed(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return String(Substring(scalars[first..<end]))
    }
}

/// White_Space, plus U+200B ZERO WIDTH SPACE, which Foundation's `.whitespaces` still counts (it was a
/// space separator before Unicode 4.0.1) and which nobody means to keep at the end of a title.
private func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\u{200B}"
}
