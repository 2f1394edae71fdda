/// The single pass behind `HTMLText`: walks an HTML fragment, skipping markup, decoding references and
/// feeding text and breaks to a `TextAccumulator`.
///
/// It is deliberately forgiving: a `<` that does not open a well-formed tag is text, an unterminated
/// comment or script swallows the rest, and nothing is ever an error.
struct HTMLReducer {
    private let input: [Unicode.Scalar]
    private var index = 0
    private var accumulator: TextAccumulator
    private let newlinesAreBreaks: Bool

    /// Prepares to reduce `input`, which must already be free of terminal controls.
    init(input: [Unicode.Scalar], singleLine: Bool) {
        self.input = input
        self.accumulator = TextAccumulator(singleLine: singleLine)
        self.newlinesAreBreaks = !HTMLReducer.containsMarkup(input)
    }

    /// Reduces the whole fragment and returns the text.
    mutating func run() -> String {
        while index < input.count {
            let scalar = input[index]
            switch scalar {
            case "<":
                if !consumeMarkup() {
                    accumulator.append("<")
                    index += 1
                }
            case "&":
                if let reference = HTMLEntityDecoder.reference(in: input, at: index) {
                    if let decoded = reference.scalar {
                        accumulator.append(decoded)
                    }
                    index = reference.end
                } else {
                    accumulator.append("&")
                    index += 1
                }
            case "\n":
                if newlinesAreBreaks {
                    accumulator.lineBreak()
                } else {
                    accumulator.space()
                }
                index += 1
            default:
                accumulator.append(scalar)
                index += 1
            }
        }
        return accumulator.text
    }

    // MARK: - Markup

    /// Consumes a comment, declaration or tag at `index` (a `<`); false when it is just a `<`.
    private mutating func consumeMarkup() -> Bool {
        guard index + 1 < input.count else { return false }
        let next = input[index + 1]
        if next == "!" {
            if matches("<!--", at: index) {
                index = endOf("-->", from: index + 4)
            } else if matches("<![CDATA[", at: index) {
                let end = find("]]>", from: index + 9) ?? input.count
                for position in (index + 9)..<end {
                    appendRaw(input[position])
                }
                index = min(input.count, end + 3)
            } else {
                index = endOf(">", from: index + 2)
            }
            return true
        }
        if next == "?" {
            index = endOf(">", from: index + 2)
            return true
        }
        return consumeTag()
    }

    private mutating func consumeTag() -> Bool {
        let isEndTag = input[index + 1] == "/"
        var position = index + (isEndTag ? 2 : 1)
        var name = ""
        while position < input.count, isNameCharacter(input[position], first: name.isEmpty) {
            name.unicodeScalars.append(input[position])
            position += 1
        }
        let lowered = name.lowercased()
        guard !name.isEmpty, HTMLReducer.isMarkupName(lowered), let close = tagEnd(from: position) else {
            return false
        }
        let selfClosing = close > index && input[close - 1] == "/"
        index = close + 1
        if !isEndTag, !selfClosing, HTMLReducer.rawTextElements.contains(lowered) {
            skipRawText(of: lowered)
            return true
        }
        applyBreak(for: lowered, isEndTag: isEndTag)
        return true
    }

    private mutating func applyBreak(for name: String, isEndTag: Bool) {
        if name == "br" {
            // `<br/>` from XHTML arrives as a start and an end tag; only the start breaks the line.
            if !isEndTag {
                accumulator.lineBreak()
            }
        } else if HTMLReducer.paragraphElements.contains(name) {
            accumulator.paragraphBreak()
        } else if HTMLReducer.blockElements.contains(name) {
            accumulator.blockBreak()
        } else if name == "td" || name == "th" || name == "img" {
            accumulator.space()
        }
    }

    /// Skips the content of `<script>`, `<style>` and the like up to their end tag (or the end).
    private mutating func skipRawText(of name: String) {
        let closing = Array(("</" + name).unicodeScalars)
        while index < input.count {
            guard let start = find(closing, from: index, caseInsensitive: true) else {
                index = input.count
                return
            }
            let after = start + closing.count
            if after >= input.count || !isNameCharacter(input[after], first: false) {
                index = endOf(">", from: after)
                return
            }
            index = after
        }
    }

    /// The index of the `>` closing a tag whose attributes start at `start`, honouring quotes.
    private func tagEnd(from start: Int) -> Int? {
        var quote: Unicode.Scalar?
        var position = start
        while position < input.count {
            let scalar = input[position]
            if let open = quote {
                if scalar == open {
                    quote = nil
                }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return position
            } else if scalar == "<" {
                return nil
            }
            position += 1
        }
        return nil
    }

    // MARK: - Scanning helpers

    private mutating func appendRaw(_ scalar: Unicode.Scalar) {
        if scalar == "\n" {
            if newlinesAreBreaks {
                accumulator.lineBreak()
            } else {
                accumulator.space()
            }
        } else {
            accumulator.append(scalar)
        }
    }

    private func matches(_ text: String, at start: Int) -> Bool {
        find(Array(text.unicodeScalars), from: start, caseInsensitive: true, anchored: true) != nil
    }

    private func find(_ text: String, from start: Int) -> Int? {
        find(Array(text.unicodeScalars), from: start, caseInsensitive: false)
    }

    /// The index just after the next `text`, or the end of the input.
    private func endOf(_ text: String, from start: Int) -> Int {
        guard let found = find(text, from: start) else { return input.count }
        return found + text.unicodeScalars.count
    }

    private func find(
        _ needle: [Unicode.Scalar], from start: Int, caseInsensitive: Bool, anchored: Bool = false
    ) -> Int? {
        guard !needle.isEmpty, start >= 0 else { return nil }
        var position = start
        while position + needle.count <= input.count {
            var matched = true
            for offset in 0..<needle.count {
                let left = input[position + offset]
                let right = needle[offset]
                if left != right
                    && !(caseInsensitive && HTMLReducer.lowercased(left) == HTMLReducer.lowercased(right))
                {
                    matched = false
                    break
                }
            }
            if matched {
                return position
            }
            if anchored {
                return nil
            }
            position += 1
        }
        return nil
    }

    private func isNameCharacter(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A:
            return true
        case 0x30...0x39, 0x2D, 0x3A, 0x5F:
            return !first
        default:
            return false
        }
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> UInt32 {
        (0x41...0x5A).contains(scalar.value) ? scalar.value + 0x20 : scalar.value
    }

    /// Whether the text has anything that looks like a tag; text without tags keeps its line breaks.
    private static func containsMarkup(_ input: [Unicode.Scalar]) -> Bool {
        var position = 0
        while position + 1 < input.count {
            if input[position] == "<" {
                let next = input[position + 1]
                if next == "/" || next == "!" || (0x41...0x5A).contains(next.value)
                    || (0x61...0x7A).contains(next.value)
                {
                    return true
                }
            }
            position += 1
        }
        return false
    }

    // MARK: - Element classes

    /// Whether `<name` is markup: a known HTML element, or a custom (`my-widget`) or namespaced
    /// (`o:p`) one. Anything else (`<Friends>` in a title) is text that happens to contain brackets.
    private static func isMarkupName(_ name: String) -> Bool {
        htmlElements.contains(name) || name.contains(":") || name.contains("-")
    }

    private static let htmlElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
        "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code",
        "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl",
        "dt", "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
        "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark",
        "marquee", "menu", "meta", "meter", "nav", "nobr", "noframes", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby",
        "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "span", "strike",
        "strong", "style", "sub", "summary", "sup", "svg", "math", "table", "tbody", "td", "template",
        "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video",
        "wbr", "xmp",
    ]

    private static let rawTextElements: Set<String> = [
        "script", "style", "noscript", "template", "iframe", "object", "svg", "math", "head", "title",
    ]
    private static let paragraphElements: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "dl", "table", "hr",
        "section", "article", "header", "footer", "figure", "aside", "nav", "main", "address", "form",
        "fieldset",
    ]
    private static let blockElements: Set<String> = [
        "div", "li", "tr", "dt", "dd", "caption", "figcaption", "details", "summary", "center",
    ]
}
