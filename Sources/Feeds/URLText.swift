import FoundationEssentials

/// Cleaning and resolving of URLs taken from feeds.
enum URLText {
    /// `raw` without white space or control characters, made absolute against `base` when it is
    /// relative; nil when nothing is left.
    static func resolve(_ raw: String, against base: URL?) -> String? {
        let cleaned = percentEncodingDisallowed(compact(OutsideText.safeToShow(raw)))
        guard !cleaned.isEmpty else { return nil }
        let lowered = cleaned.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return cleaned
        }
        if let url = URL(string: cleaned), url.scheme != nil {
            return cleaned
        }
        if let base, let url = URL(string: cleaned, relativeTo: base) {
            return url.absoluteString
        }
        return cleaned
    }

    /// `text` trimmed, with line breaks and tabs (feeds wrap long URLs) removed and inner spaces
    /// percent-encoded.
    private static func compact(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextAccumulator.isCollapsibleSpace) else { return text }
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !TextAccumulator.isCollapsibleSpace($0) }),
            let last = scalars.lastIndex(where: { !TextAccumulator.isCollapsibleSpace($0) })
        else { return "" }
        var result = String.UnicodeScalarView()
        for scalar in scalars[first...last] {
            switch scalar {
            case "\n", "\r", "\t":
                continue
            case " ":
                result.append(contentsOf: "%20".unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with each character a URL may not hold (RFC 3986 section 2: space, `"`, `<`, `>`, `{`,
    /// `}`, `|`, `\\`, `^`, `` ` ``) percent-encoded, and the escapes already there kept; characters
    /// beyond ASCII are left to Foundation, which writes a host's in IDNA and a path's as UTF-8 escapes. Done here, once: Foundation's `URL(string:)` encodes a string that
    /// holds one of them whole, `%` included, so `a%20b{` became `a%2520b%7B`.
    static func percentEncodingDisallowed(_ text: String) -> String {
        func isAllowed(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte != 0x7F && !"\"<>{}|\\^`".utf8.contains(byte)
        }
        guard !text.utf8.allSatisfy(isAllowed) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if isAllowed(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` is an absolute http(s) URL.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// The scheme of an absolute URL reference (RFC 3986: a letter, then letters, digits, "+", "-" or
    /// ".", then ":"), lowercased; nil for a relative reference.
    static func scheme(of reference: String) -> String? {
        guard let colon = reference.firstIndex(of: ":") else { return nil }
        let candidate = reference[..<colon].unicodeScalars
        guard let first = candidate.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = candidate.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "+-.".unicodeScalars.contains(scalar))
        }
        return allowed ? String(candidate).lowercased() : nil
    }

    /// `text` as a base URL, when it is an absolute http(s) URL.
    static func baseURL(_ text: String?) -> URL? {
        guard let text, isWebURL(text) else { return nil }
        return URL(string: text)
    }
}
