import Basics
import FoundationEssentials

/// Lays out the nodes of an HTML fragment, as libxml2's HTML parser builds them
/// (`movies_html_parse`), as plain text: block elements end lines, paragraphs and headings leave a
/// blank line, list items get bullets or numbers, `<script>`, `<style>` and the like vanish, and in
/// article mode links and images are numbered and collected.
final class HTMLRenderer {
    /// How much of the layout to keep.
    enum Mode {
        /// Text over several lines, without link numbers.
        case plain
        /// Text on one line, for titles and names.
        case singleLine
        /// Text with numbered links and images, resolved against `base`.
        case article(base: URL?)
    }

    /// The most attributes a tag may have before it is shown as text instead of parsed (see
    /// `movies_html_parse`); real HTML has a few dozen at most.
    static let maximumAttributes: Int32 = 64

    private var accumulator: TextAccumulator
    private let mode: Mode
    private let newlinesAreBreaks: Bool
    private var hiddenDepth = 0
    private var preformattedDepth = 0
    private var lists: [ListLevel] = []
    private var openLinks: [Int?] = []
    private(set) var links: [ArticleLink] = []
    /// The number of each address in `links`, so that finding one costs the same however many there are.
    private var linkNumbers: [LinkKey: Int] = [:]
    /// What laying out the fragment may spend; the parser's callbacks ask it at every node.
    let budget: ReadingBudget

    private struct LinkKey: Hashable {
        var url: String
        var kind: ArticleLink.Kind
    }

    private struct ListLevel {
        var isOrdered: Bool
        var count = 0
    }

    /// A renderer; `newlinesAreBreaks` for a fragment without tags, whose line breaks are its layout.
    init(mode: Mode, newlinesAreBreaks: Bool, budget: ReadingBudget = .unlimited) {
        self.mode = mode
        self.newlinesAreBreaks = newlinesAreBreaks
        self.budget = budget
        if case .singleLine = mode {
            accumulator = TextAccumulator(singleLine: true)
        } else {
            accumulator = TextAccumulator(singleLine: false)
        }
    }

    /// The text laid out so far.
    var text: String { accumulator.text }

    // MARK: - Events

    func start(_ name: String, attributes: [String: String]) {
        if HTMLRenderer.hiddenElements.contains(name) || hiddenDepth > 0 {
            hiddenDepth += 1
            return
        }
        switch name {
        case "br":
            accumulator.lineBreak()
        case "pre":
            preformattedDepth += 1
            accumulator.paragraphBreak()
        case "ul", "ol":
            accumulator.blockBreak()
            if lists.isEmpty {
                accumulator.paragraphBreak()
            }
            lists.append(ListLevel(isOrdered: name == "ol"))
        case "li":
            startListItem()
        case "a":
            openLinks.append(attributes["href"].flatMap { number(for: $0, kind: .link) })
        case "img":
            image(attributes)
        case "td", "th":
            accumulator.space()
        default:
            breakAround(name)
        }
    }

    func end(_ name: String) {
        if hiddenDepth > 0 {
            hiddenDepth -= 1
            return
        }
        switch name {
        case "pre":
            preformattedDepth = max(0, preformattedDepth - 1)
            accumulator.paragraphBreak()
        case "ul", "ol":
            _ = lists.popLast()
            accumulator.blockBreak()
            if lists.isEmpty {
                accumulator.paragraphBreak()
            }
        case "li":
            accumulator.blockBreak()
        case "a":
            if let number = openLinks.popLast() ?? nil {
                accumulator.appendAttached("[\(number)]")
            }
        case "td", "th":
            accumulator.space()
        default:
            breakAround(name)
        }
    }

    func text(_ text: String) {
        guard hiddenDepth == 0 else { return }
        let keepsBreaks = newlinesAreBreaks || preformattedDepth > 0
        let scalars = text.unicodeScalars
        // Runs of printable ASCII (most text) are written whole; anything else one by one.
        var runStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.value > 0x20 && scalar.value < 0x7F {
                index = scalars.index(after: index)
                continue
            }
            accumulator.appendWord(Substring(scalars[runStart..<index]))
            if scalar == "\n" {
                if keepsBreaks {
                    accumulator.lineBreak()
                } else {
                    accumulator.space()
                }
            } else if let shown = HTMLRenderer.displayable(scalar) {
                accumulator.append(shown)
            }
            index = scalars.index(after: index)
            runStart = index
        }
        accumulator.appendWord(Substring(scalars[runStart..<index]))
    }

    // MARK: - Layout

    private func breakAround(_ name: String) {
        if HTMLRenderer.paragraphElements.contains(name) {
            accumulator.paragraphBreak()
        } else if HTMLRenderer.blockElements.contains(name) {
            accumulator.blockBreak()
        }
    }

    private func startListItem() {
        accumulator.blockBreak()
        guard !lists.isEmpty else { return }
        lists[lists.count - 1].count += 1
        let level = lists[lists.count - 1]
        let indent = String(repeating: "  ", count: lists.count - 1)
        if case .singleLine = mode {
            return
        }
        accumulator.startLine(prefix: indent + (level.isOrdered ? "\(level.count). " : "• "))
    }

    private func image(_ attributes: [String: String]) {
        guard case .article = mode, let source = attributes["src"],
            let number = number(for: source, kind: .image)
        else {
            accumulator.space()
            return
        }
        let description = HTMLText.plainText(
            fromText: attributes["alt"] ?? attributes["title"] ?? "", singleLine: true)
        accumulator.appendText(
            description.isEmpty ? "[image \(number)]" : "[image \(number): \(description)]")
    }

    /// The number of `address` in the article's list of links, adding it when new; nil outside article
    /// mode and for addresses that lead nowhere a reader can follow (`javascript:`, `data:`, a bare
    /// `#fragment`).
    private func number(for address: String, kind: ArticleLink.Kind) -> Int? {
        guard case .article(let base) = mode else { return nil }
        let trimmed = address.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"),
            let url = URLText.resolve(trimmed, against: base)
        else { return nil }
        let scheme = URLText.scheme(of: url)
        guard scheme != "javascript", scheme != "data", scheme != "vbscript" else { return nil }
        let key = LinkKey(url: url, kind: kind)
        if let known = linkNumbers[key] {
            return known
        }
        links.append(ArticleLink(number: links.count + 1, url: url, kind: kind))
        linkNumbers[key] = links.count
        return links.count
    }

    /// What is shown for a character of the text: C1 controls as Windows-1252 (see `Windows1252`),
    /// nothing for the other characters a terminal would act on.
    private static func displayable(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if let mapped = Windows1252.character(forC1: scalar.value) {
            return Unicode.Scalar(mapped)
        }
        if scalar.isTerminalControl && scalar != "\t" {
            return nil
        }
        return scalar
    }

    // MARK: - Element classes

    private static let hiddenElements: Set<String> = [
        "script", "style", "noscript", "template", "iframe", "object", "svg", "math", "head", "title",
    ]
    private static let paragraphElements: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "dl", "table", "hr", "section", "article",
        "header", "footer", "figure", "aside", "nav", "main", "address", "form", "fieldset",
    ]
    private static let blockElements: Set<String> = [
        "div", "tr", "dt", "dd", "caption", "figcaption", "details", "summary", "center",
    ]
}
