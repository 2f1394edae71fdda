import FoundationEssentials

/// Turns the events of an RSS 0.9x/2.0, RDF (RSS 0.90/1.0) or Atom document into a `ParsedFeed`.
///
/// It keeps a stack of open elements with their `xml:base`, so every field is taken only from where
/// its format puts it: an item's title is a direct child of the item, not the title of an
/// `<image>` or of an Atom `<source>`. The fields themselves are read in
/// `FeedDocumentHandler+Fields.swift`.
final class FeedDocumentHandler: XMLEventHandler {
    struct Frame {
        var name: XMLName
        var attributes: XMLAttributes
        var base: URL?
        var text = ""
        var isInsideXHTML = false
    }

    /// Markup collected from an Atom `type="xhtml"` element, which arrives as child elements.
    private struct XHTMLCapture {
        var depth: Int
        var html = ""
    }

    private(set) var failure: FeedParseError?
    private let rootBase: URL?
    private let latestDate: Date
    var frames: [Frame] = []
    var feed = FeedDraft()
    private var items: [ItemDraft] = []
    var item: ItemDraft?
    var itemDepth: Int?
    private var capture: XHTMLCapture?
    var isAtom = false
    /// The namespace that elements without one stand for: Atom in a `<feed>` that forgot to declare
    /// it, so that its entries are read all the same.
    private var defaultNamespace = ""

    /// True for the reading of a broken document in libxml2's recovery mode (see `start`).
    private let isRecovering: Bool

    /// A handler resolving relative links against `baseURL` (normally the feed's own URL); item dates
    /// after `latestDate` count as none. `isRecovering` for the second reading of a document that is
    /// not well-formed.
    init(baseURL: URL?, latestDate: Date, isRecovering: Bool = false) {
        self.rootBase = baseURL
        self.latestDate = latestDate
        self.isRecovering = isRecovering
    }

    /// The feed gathered so far, cleaned up, within what is left of the reading's `budget` (laying out
    /// the items' HTML is most of the work of a feed with long articles).
    func result(budget: ReadingBudget) throws(FeedParseError) -> ParsedFeed {
        let siteURL = feed.siteLink?.resolved(fallback: nil)
        let fallbackBase = URLText.baseURL(siteURL)
        let feedAuthor = isAtom ? ItemDraft.authorName(feed.author) : nil
        let title = try feed.title?.singleLine(budget)
        var built: [ParsedFeedItem] = []
        built.reserveCapacity(items.count)
        for item in items {
            built.append(
                try item.build(
                    fallbackBase: fallbackBase, feedAuthor: feedAuthor, latestDate: latestDate, budget: budget
                ))
        }
        var parsed = ParsedFeed(title: title?.isEmpty == false ? title : nil, siteURL: siteURL, items: built)
        parsed.selfURL = feed.selfLink?.resolved(fallback: nil).flatMap { URLText.isWebURL($0) ? $0 : nil }
        return parsed
    }

    // MARK: - Events

    func start(element written: XMLName, attributes: XMLAttributes) {
        if frames.isEmpty {
            checkRoot(resolved(written))
        }
        let name = resolved(written)
        if capture != nil, isRecovering, name.isRSS("item") || name.isAtom("entry") {
            // libxml2's recovery closes one open element per end tag, so after an unclosed <img> the
            // next entry starts inside the one that held it: the capture ends here, with what it had.
            endCapture()
        }
        if capture != nil {
            capture?.html += FeedDocumentHandler.openingTag(name.local, attributes: attributes)
            frames.append(Frame(name: name, attributes: attributes, base: nil, isInsideXHTML: true))
            return
        }
        let parentBase = frames.last?.base ?? rootBase
        var base = parentBase
        if let declared = attributes.values["xml:base"],
            let resolved = URLText.resolve(declared, against: parentBase)
        {
            base = URL(string: resolved) ?? parentBase
        }
        frames.append(Frame(name: name, attributes: attributes, base: base))
        let depth = frames.count - 1
        if name.isRSS("item") || name.isAtom("entry") {
            if isRecovering, let item {
                // See above: the entry still open was left unclosed by the recovery, not by its feed.
                items.append(item)
            }
            item = ItemDraft()
            item?.rdfAbout = attributes["about"]
            itemDepth = depth
        } else if let itemDepth {
            startInItem(name, attributes: attributes, base: base, isDirectChild: depth == itemDepth + 1)
        } else if name.isAtom("link"), depth == 1, feed.siteLink == nil, let href = attributes["href"],
            FeedDocumentHandler.isAlternate(attributes)
        {
            feed.siteLink = RawLink(text: href, base: base)
        } else if name.isAtom("link"), depth == 1 || (depth == 2 && frames[1].name.isRSS("channel")),
            feed.selfLink == nil, attributes["rel"]?.lowercased() == "self", let href = attributes["href"]
        {
            feed.selfLink = RawLink(text: href, base: base)
        }
        if XMLNamespaces.atomFamily.contains(name.namespace),
            FeedDocumentHandler.textType(of: attributes) == "xhtml"
        {
            capture = XHTMLCapture(depth: depth)
        }
    }

    func text(_ text: String) {
        if capture != nil {
            capture?.html += FeedDocumentHandler.escaped(text)
        } else if !frames.isEmpty {
            frames[frames.count - 1].text += text
        }
    }

    func end(element written: XMLName) {
        let name = resolved(written)
        guard var frame = frames.popLast() else { return }
        let depth = frames.count
        if frame.isInsideXHTML {
            if capture != nil {
                capture?.html += "</\(name.local)>"
                return
            }
            // Recovery ended the capture early; this element's field was taken then.
            return
        }
        var value: MarkedUpText = .html(frame.text, base: frame.base)
        if let captured = capture, captured.depth == depth {
            value = .html(captured.html, base: frame.base)
            frame.text = captured.html
            capture = nil
        } else if XMLNamespaces.atomFamily.contains(name.namespace) {
            value = FeedDocumentHandler.atomText(frame.text, attributes: frame.attributes, base: frame.base)
        }
        if depth == itemDepth {
            if let item {
                items.append(item)
            }
            item = nil
            itemDepth = nil
        } else if let itemDepth, depth == itemDepth + 1 {
            endItemField(frame, value: value)
        } else if let itemDepth, depth > itemDepth + 1, frame.name.isMedia("title") {
            endNestedItemField(frame)
        } else if let itemDepth, depth == itemDepth + 2, name.isAtom("name"),
            frames.last?.name.isAtom("author") == true
        {
            if item?.author == nil {
                item?.author = frame.text
            }
        } else if itemDepth == nil {
            endFeedField(frame, value: value, depth: depth)
        }
    }

    /// Ends an XHTML capture before its element ends (recovery only): the element's field is taken
    /// from what was captured, as its end would have done.
    private func endCapture() {
        guard let captured = capture, captured.depth < frames.count else { return }
        capture = nil
        var frame = frames[captured.depth]
        frame.text = captured.html
        // Every frame inside the capture is marked, so their ends are passed over.
        for index in captured.depth..<frames.count {
            frames[index].isInsideXHTML = true
        }
        if let itemDepth, captured.depth == itemDepth + 1 {
            endItemField(frame, value: .html(captured.html, base: frame.base))
        }
    }

    // MARK: - Names

    private func checkRoot(_ name: XMLName) {
        switch name.local.lowercased() {
        case "rss":
            return
        case "rdf" where name.namespace == XMLNamespaces.rdf || name.namespace.isEmpty:
            return
        case "feed" where name.namespace.isEmpty || XMLNamespaces.atomFamily.contains(name.namespace),
            "entry" where name.namespace.isEmpty || XMLNamespaces.atomFamily.contains(name.namespace):
            isAtom = true
            if name.namespace.isEmpty {
                defaultNamespace = XMLNamespaces.atom
            }
        default:
            failure = .notAFeed(rootElement: name.qualified)
        }
    }

    /// `name` with the default namespace filled in where the document forgot it.
    private func resolved(_ name: XMLName) -> XMLName {
        guard name.namespace.isEmpty, !defaultNamespace.isEmpty, !name.qualified.contains(":") else {
            return name
        }
        return XMLName(namespace: defaultNamespace, local: name.local, qualified: name.qualified)
    }

    /// An XHTML element's start tag, written back as HTML with its attributes (links need theirs).
    private static func openingTag(_ name: String, attributes: XMLAttributes) -> String {
        var tag = "<" + name
        for (key, value) in attributes.values.sorted(by: { $0.key < $1.key }) where !key.contains(":") {
            tag += " \(key)=\"\(escaped(value).replacing("\"", with: "&quot;"))\""
        }
        return tag + ">"
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
