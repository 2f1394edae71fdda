import CXML2Loader
import FoundationEssentials

/// Turns the HTML found in feeds into plain text that is safe to print on a terminal.
///
/// Feed summaries and titles are HTML of unknown quality written by strangers. libxml2's HTML parser
/// (`htmlReadMemory`, which mends real-world HTML as browsers do and decodes every HTML entity) reads
/// them; `HTMLRenderer` lays the tree out as text; everything a terminal could interpret is removed
/// before and after.
public enum HTMLText {
    /// Plain text from an HTML fragment: tags stripped, block elements and `<br>` turned into line
    /// breaks, paragraphs and headings into blank lines, list items into bullets, `<script>` and
    /// `<style>` removed, white space collapsed, control characters and escape sequences removed,
    /// trimmed. A fragment without any tags keeps its own line breaks.
    public static func plainText(fromHTML html: String) -> String {
        render(html, mode: .plain).text
    }

    /// The same reduction as `plainText(fromHTML:)` but on a single line, for titles and names.
    public static func singleLine(fromHTML html: String) -> String {
        render(html, mode: .singleLine).text
    }

    /// An article: the layout of `plainText(fromHTML:)` with its links and images numbered as newsboat
    /// numbers them, their addresses resolved against `baseURL`.
    public static func article(fromHTML html: String, baseURL: URL? = nil) -> ArticleText {
        let renderer = render(html, mode: .article(base: baseURL))
        return ArticleText(text: renderer.text, links: renderer.links)
    }

    /// Text that is not HTML (an Atom `type="text"` element, an attribute), made safe and tidy:
    /// control characters and escape sequences removed, white space collapsed, trimmed.
    public static func plainText(fromText text: String, singleLine: Bool = false) -> String {
        var accumulator = TextAccumulator(singleLine: singleLine)
        for scalar in OutsideText.safeToShow(scalars: Array(text.unicodeScalars)) {
            if scalar == "\n" {
                accumulator.lineBreak()
            } else {
                accumulator.append(scalar)
            }
        }
        return accumulator.text
    }

    // MARK: - Parsing

    /// Runs libxml2's HTML parser over `html` into a renderer. Without tags or references there is
    /// nothing to parse; when libxml2 cannot be used, or refuses a crafted fragment, the fragment is
    /// shown as text rather than lost.
    private static func render(_ html: String, mode: HTMLRenderer.Mode) -> HTMLRenderer {
        let cleaned = OutsideText.safeToShow(html)
        let hasMarkup = containsMarkup(cleaned)
        let renderer = HTMLRenderer(mode: mode, newlinesAreBreaks: !hasMarkup)
        guard hasMarkup || containsReference(cleaned) else {
            renderer.text(cleaned)
            return renderer
        }
        let outcome = withExtendedLifetime(renderer) {
            var handler = movies_html_handler(
                context: Unmanaged.passUnretained(renderer).toOpaque(),
                start_element: { context, name, attributes in
                    guard let context, let name else { return }
                    let renderer = Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue()
                    let element = String(cString: name)
                    // The renderer reads the attributes of links and images only.
                    let read = element == "a" || element == "img"
                    renderer.start(element, attributes: read ? HTMLText.attributes(attributes) : [:])
                },
                end_element: { context, name in
                    guard let context, let name else { return }
                    Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue().end(
                        String(cString: name))
                },
                text: { context, text, length in
                    guard let context, let text else { return }
                    let bytes = UnsafeRawBufferPointer(start: text, count: length)
                    Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue()
                        .text(String(decoding: bytes, as: UTF8.self))
                })
            var utf8 = HTMLTagNames.escapingUnknownTags(cleaned)
            return utf8.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    movies_html_parse(
                        characters.baseAddress, characters.count, HTMLRenderer.maximumAttributes, &handler,
                        nil)
                }
            }
        }
        guard outcome == MOVIES_HTML_PARSED else {
            let fallback = HTMLRenderer(mode: mode, newlinesAreBreaks: true)
            fallback.text(cleaned)
            return fallback
        }
        return renderer
    }

    /// An element's attributes as libxml2 lists them (name, value, …, NULL); the first of a name counts.
    static func attributes(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String: String] {
        guard var pointer = list else { return [:] }
        var attributes: [String: String] = [:]
        while let name = pointer.pointee, let value = pointer.successor().pointee {
            let key = String(cString: name)
            if attributes[key] == nil {
                attributes[key] = String(cString: value)
            }
            pointer = pointer.successor().successor()
        }
        return attributes
    }

    /// Whether the text has an `&` that may start a character reference (`&amp;`, `&#233;`).
    private static func containsReference(_ text: String) -> Bool {
        var previousWasAmpersand = false
        for byte in text.utf8 {
            if previousWasAmpersand
                && (byte == UInt8(ascii: "#") || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte))
            {
                return true
            }
            previousWasAmpersand = byte == UInt8(ascii: "&")
        }
        return false
    }

    /// Whether the text has anything that looks like a tag or a comment; text without one keeps its
    /// line breaks.
    static func containsMarkup(_ text: String) -> Bool {
        var previousWasOpen = false
        for byte in text.utf8 {
            if previousWasOpen
                && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!")
                    || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte))
            {
                return true
            }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return false
    }
}
