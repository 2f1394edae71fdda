/// Keeps brackets that are text from being read as tags: `<Friends>` in a title is a title, but
/// libxml2's HTML parser, like a browser, takes any `<name>` for an element and hides it.
enum HTMLTagNames {
    /// `html` with the `<` of every tag whose name is neither an HTML element nor a custom (`my-widget`)
    /// or namespaced (`o:p`) one written `&lt;`, so that it stays text.
    static func escapingUnknownTags(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8]?
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let name = name(in: bytes, after: index), !isMarkup(name) {
                if output == nil {
                    output = Array(bytes[..<index])
                }
                output?.append(contentsOf: "&lt;".utf8)
            } else {
                output?.append(byte)
            }
        }
        return output.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// The lowercased tag name after the `<` at `start` (and a `/`), or nil when none follows.
    private static func name(in bytes: [UInt8], after start: Int) -> String? {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            index += 1
        }
        guard index < bytes.count, isLetter(bytes[index]) else { return nil }
        var name: [UInt8] = []
        while index < bytes.count, name.count < 64,
            isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index])
                || [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ".")].contains(
                    bytes[index])
        {
            name.append(bytes[index] | (isLetter(bytes[index]) ? 0x20 : 0))
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isMarkup(_ name: String) -> Bool {
        elements.contains(name) || name.contains(":") || name.contains("-")
    }

    /// The elements of HTML 4 and of the HTML living standard, and a few old ones feeds still carry.
    private static let elements: Set<String> = [
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
}
