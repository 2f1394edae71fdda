extension Array where Element == String {
    /// The strings one after another with `separator` between them: the standard library's
    /// `joined(separator:)`, which this overload shadows for `[String]` wherever Basics is visible.
    ///
    /// Why: the standard library's version is not inlinable, so every call goes through its generic
    /// entry point, and the first one in a process resolves `Array<String>`'s `Element` by its mangled
    /// name, which scans every protocol conformance record in the binary (4,000 of them). That first
    /// call cost `movies list`, `show`, `search` and `add` 180,000 instructions each (callgrind), 2 % of
    /// the command. Written on `String`'s own appends, nothing here is generic; inlinable so that the
    /// `@inlinable` code of other modules uses it too.
    @inlinable public func joined(separator: String = "") -> String {
        guard let first else { return "" }
        var length = separator.utf8.count * (count - 1)
        for piece in self { length += piece.utf8.count }
        var result = first
        result.reserveCapacity(length)
        for piece in dropFirst() {
            result += separator
            result += piece
        }
        return result
    }
}

extension String {
    /// The text with each `scalar` replaced by `replacement`, scalar by scalar.
    ///
    /// For the one-shot commands, in place of `replacing(_:with:)`: that one comes from
    /// `_StringProcessing`, whose generic searchers (and `_RegexParser`'s index types beside them) put
    /// 860 KB of text the kernel maps around each first call, and it compares whole characters. The two
    /// agree except where the scalar starts a longer character: this one also replaces the line feed of
    /// a CRLF and a tab that a combining mark follows (so a line after a Windows line break is indented
    /// like any other), and a quote before a combining mark, which is what a quoting rule (SQL's,
    /// FTS5's) means.
    package func replacingEach(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(scalar) else { return self }
        var result = String.UnicodeScalarView()
        for each in unicodeScalars {
            if each == scalar {
                result.append(contentsOf: replacement.unicodeScalars)
            } else {
                result.append(each)
            }
        }
        return String(result)
    }
}
