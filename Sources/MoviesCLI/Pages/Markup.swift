/// HTML or SVG being written, in which every outside value (a title, a name, a review, a tag) is
/// escaped exactly once: interpolating a `String` escapes it, interpolating `Markup` (already written)
/// or a number does not. A page or card is built only of `Markup`, so no string reaches the output
/// without passing through `escape` or being this program's own literal.
///
/// The output is both HTML and XML (the card is an SVG file, which XML parsers read), so escaping
/// follows XML's rules, which HTML accepts: `&`, `<`, `>`, `"` and `'` as references, and characters
/// XML 1.0 does not allow in a document (C0 controls but tab, line feed and return; U+FFFE, U+FFFF) as
/// U+FFFD (https://www.w3.org/TR/xml/#charsets). C1 controls, which XML allows but discourages, go too.
struct Markup: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    private(set) var text: String

    init(stringLiteral value: String) { text = value }

    init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    private init(written: String) { text = written }

    /// Pieces written one after another.
    init(joining parts: [Markup], separator: Markup = "") {
        text = parts.map(\.text).joined(separator: separator.text)
    }

    static func + (lhs: Markup, rhs: Markup) -> Markup { Markup(written: lhs.text + rhs.text) }

    static func += (lhs: inout Markup, rhs: Markup) { lhs.text += rhs.text }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        mutating func appendLiteral(_ literal: String) { text += literal }

        /// Outside text (or any text): escaped.
        mutating func appendInterpolation(_ value: String) { text += Markup.escape(value) }

        /// Markup already written: as it is.
        mutating func appendInterpolation(_ value: Markup) { text += value.text }

        mutating func appendInterpolation(_ value: Int) { text += String(value) }

        /// A coordinate or length, to one decimal (`12.5`, `40`).
        mutating func appendInterpolation(_ value: Double) { text += Markup.decimal(value) }

        mutating func appendInterpolation(_ parts: [Markup]) {
            for part in parts { text += part.text }
        }
    }

    /// `text` with XML's five special characters as references and the characters a document may not
    /// hold as U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{FFFE}", "\u{FFFF}":
                result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` to one decimal, without a trailing `.0`; 0 for a value that is not finite.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e15 else { return "0" }
        let whole = Int(tenths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        return magnitude % 10 == 0
            ? sign + String(magnitude / 10) : sign + "\(magnitude / 10).\(magnitude % 10)"
    }
}
