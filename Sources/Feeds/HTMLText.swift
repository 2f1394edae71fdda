import CXML2Loader
import FoundationEssentials

/// Turns the HTML found in feeds into plain text that is safe to print on a terminal.
///
/// Feed summaries and titles are HTML of unknown quality written by strangers. libxml2's HTML parser
/// (`htmlReadIO`, which mends real-world HTML as browsers do and decodes every HTML entity) reads
/// them; `HTMLRenderer` lays the tree out as text; everything a terminal could interpret is removed
/// before and after.
public enum HTMLText {
    /// Plain text from an HTML fragment: tags stripped, block elements and `<br>` turned into line
    /// breaks, paragraphs and headings into blank lines, list items into bullets, `<script>` and
    /// `<style>` removed, white space collapsed, control characters and escape sequences removed,
    /// trimmed. A fragment without any tags keeps its own line breaks.
    public static func plainText(fromHTML html: String) -> String {
        renderWithoutBudget(html, mode: .plain).text
    }

    /// The same reduction as `plainText(fromHTML:)` but on a single line, for titles and names.
    public static func singleLine(fromHTML html: String) -> String {
        renderWithoutBudget(html, mode: .singleLine).text
    }

    /// An article: the layout of `plainText(fromHTML:)` with its links and images numbered as newsboat
    /// numbers them, their addresses resolved against `baseURL`.
    public static func article(fromHTML html: String, baseURL: URL? = nil) -> ArticleText {
        let renderer = renderWithoutBudget(html, mode: .article(base: baseURL))
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

    /// `render` for text laid out outside the reading of a document, where nothing bounds the time but
    /// the text's own length.
    private static func renderWithoutBudget(_ html: String, mode: HTMLRenderer.Mode) -> HTMLRenderer {
        do {
            return try render(html, mode: mode, budget: .unlimited)
        } catch {
            // An unlimited budget is never spent; should it be, the fragment is shown as text.
            let fallback = HTMLRenderer(mode: mode, newlinesAreBreaks: true)
            fallback.text(OutsideText.safeToShow(html))
            return fallback
        }
    }

    /// Runs libxml2's HTML parser over `html` into a renderer, within `budget`: libxml2's reading and
    /// every node laid out count against it, and a spent budget throws (`.tooSlow`, `.cancelled`).
    /// Without tags or references there is nothing to parse; when libxml2 cannot be used, or refuses a
    /// crafted fragment, the fragment is shown as text rather than lost.
    static func render(_ html: String, mode: HTMLRenderer.Mode, budget: ReadingBudget) throws(FeedParseError)
        -> HTMLRenderer
    {
        let cleaned = OutsideText.safeToShow(html)
        let hasMarkup = containsMarkup(cleaned)
        let renderer = HTMLRenderer(mode: mode, newlinesAreBreaks: !hasMarkup, budget: budget)
        guard hasMarkup || containsReference(cleaned) else {
            renderer.text(cleaned)
            return renderer
        }
        let outcome = withExtendedLifetime(renderer) {
            var handler = movies_html_handler(
                context: Unmanaged.passUnretained(renderer).toOpaque(),
                start_element: { context, name, attributes in
                    guard let context, let name else { return 0 }
                    let renderer = Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue()
                    guard renderer.budget.spend() else { return 1 }
                    let element = String(cString: name)
                    // The renderer reads the attributes of links and images only.
                    let read = element == "a" || element == "img"
                    renderer.start(element, attributes: read ? HTMLText.attributes(attributes) : [:])
                    return 0
                },
                end_element: { context, name in
                    guard let context, let name else { return 0 }
                    let renderer = Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue()
                    renderer.end(String(cString: name))
                    return renderer.budget.spend() ? 0 : 1
                },
                text: { context, text, length in
                    guard let context, let text else { return 0 }
                    let renderer = Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue()
                    guard renderer.budget.spend() else { return 1 }
                    renderer.text(
                        String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self))
                    return 0
                },
                exhausted: { context in
                    guard let context else { return 0 }
                    return Unmanaged<HTMLRenderer>.fromOpaque(context).takeUnretainedValue().budget.check()
                        ? 0 : 1
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
        if outcome == MOVIES_HTML_STOPPED, let exhaustion = budget.exhaustion {
            throw exhaustion
        }
        guard outcome == MOVIES_HTML_PARSED else {
            let fallback = HTMLRenderer(mode: mode, newlinesAreBreaks: true, budget: budget)
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
