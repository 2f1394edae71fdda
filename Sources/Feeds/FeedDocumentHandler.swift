import Foundation

/// Turns the events of an RSS 0.9x/2.0, RDF (RSS 0.90/1.0) or Atom document into a `ParsedFeed`.
///
/// It keeps a stack of open elements with their `xml:base`, so every field is taken only from where
/// its format puts it: an item's title is a direct child of the item, not the title of an
/// `<image>` or of an Atom `<source>`.
final class FeedDocumentHandler: XMLEventHandler {
    private struct Frame {
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
    private var frames: [Frame] = []
    private var feed = FeedDraft()
    private var items: [ItemDraft] = []
    private var item: ItemDraft?
    private var itemDepth: Int?
    private var capture: XHTMLCapture?
    private var isAtom = false

    /// A handler resolving relative links against `baseURL` (normally the feed's own URL).
    init(baseURL: URL?) {
        self.rootBase = baseURL
    }

    /// The feed gathered so far, cleaned up.
    func result() -> ParsedFeed {
        let siteURL = feed.siteLink?.resolved(fallback: nil)
        let fallbackBase = URLText.baseURL(siteURL)
        let feedAuthor = isAtom ? ItemDraft.authorName(feed.author) : nil
        let title = feed.title.map(\.singleLine).flatMap { $0.isEmpty ? nil : $0 }
        return ParsedFeed(
            title: title, siteURL: siteURL,
            items: items.map { $0.build(fallbackBase: fallbackBase, feedAuthor: feedAuthor) })
    }

    // MARK: - Events

    func start(element name: XMLName, attributes: XMLAttributes) {
        if capture != nil {
            capture?.html += "<\(name.local)>"
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
        if frames.isEmpty {
            checkRoot(name)
        }
        frames.append(Frame(name: name, attributes: attributes, base: base))
        let depth = frames.count - 1
        if name.isRSS("item") || name.isAtom("entry") {
            item = ItemDraft()
            item?.rdfAbout = attributes["about"]
            itemDepth = depth
        } else if let itemDepth {
            startInItem(name, attributes: attributes, base: base, isDirectChild: depth == itemDepth + 1)
        } else if name.isAtom("link"), depth == 1, feed.siteLink == nil, let href = attributes["href"],
            FeedDocumentHandler.isAlternate(attributes)
        {
            feed.siteLink = RawLink(text: href, base: base)
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

    func end(element name: XMLName) {
        guard var frame = frames.popLast() else { return }
        let depth = frames.count
        if frame.isInsideXHTML {
            capture?.html += "</\(name.local)>"
            return
        }
        var value: MarkedUpText = .html(frame.text)
        if let captured = capture, captured.depth == depth {
            value = .html(captured.html)
            frame.text = captured.html
            capture = nil
        } else if XMLNamespaces.atomFamily.contains(name.namespace) {
            value = FeedDocumentHandler.atomText(frame.text, attributes: frame.attributes)
        }
        if depth == itemDepth {
            if let item {
                items.append(item)
            }
            item = nil
            itemDepth = nil
        } else if let itemDepth, depth == itemDepth + 1 {
            endItemField(frame, value: value)
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

    // MARK: - Items

    private func startInItem(_ name: XMLName, attributes: XMLAttributes, base: URL?, isDirectChild: Bool) {
        guard item != nil else { return }
        let type = attributes["type"]?.lowercased() ?? ""
        if isDirectChild, name.isRSS("enclosure"), type.hasPrefix("image/"), let url = attributes["url"] {
            offerImage(url, base: base)
        } else if name.isMedia("content"), let url = attributes["url"],
            attributes["medium"]?.lowercased() == "image" || type.hasPrefix("image/")
        {
            offerImage(url, base: base)
        } else if name.isMedia("thumbnail"), let url = attributes["url"] {
            offerImage(url, base: base)
        } else if isDirectChild, name.isAtom("link"), let href = attributes["href"] {
            let relation = attributes["rel"]?.lowercased() ?? "alternate"
            if relation == "enclosure", type.hasPrefix("image/") {
                offerImage(href, base: base)
            } else if FeedDocumentHandler.isAlternate(attributes), item?.link == nil {
                item?.link = RawLink(text: href, base: base)
            }
        }
    }

    private func offerImage(_ url: String, base: URL?) {
        if item?.image == nil {
            item?.image = RawLink(text: url, base: base)
        }
    }

    private func endItemField(_ frame: Frame, value: MarkedUpText) {
        guard var draft = item else { return }
        let name = frame.name
        let text = frame.text
        if name.isRSS("title") || name.isAtom("title") {
            draft.title = draft.title ?? value
        } else if name.isRSS("link") {
            if draft.link == nil, let link = FeedDocumentHandler.rssLink(frame) {
                draft.link = link
            }
        } else if name.isRSS("description") || name.isAtom("summary") {
            draft.description = draft.description ?? value
        } else if name.namespace == XMLNamespaces.content && name.local == "encoded" {
            draft.content = draft.content ?? value
        } else if name.isAtom("content") {
            if frame.attributes["src"] == nil, FeedDocumentHandler.isTextual(frame.attributes) {
                draft.content = draft.content ?? value
            }
        } else if name.isRSS("guid") || name.isAtom("id") {
            if draft.guid == nil {
                draft.guid = text
                draft.guidIsPermaLink =
                    name.isRSS("guid") && frame.attributes["isPermaLink"]?.lowercased() != "false"
            }
        } else if name.isRSS("pubDate") || name.isDublinCore("date") || name.isAtom("published")
            || name.isAtom("issued")
        {
            draft.published.append(text)
        } else if name.isAtom("updated") || name.isAtom("modified") {
            draft.updated.append(text)
        } else if name.isRSS("author") || name.isDublinCore("creator") {
            draft.author = draft.author ?? text
        }
        item = draft
    }

    // MARK: - Feed

    private func endFeedField(_ frame: Frame, value: MarkedUpText, depth: Int) {
        let name = frame.name
        let parent = frames.last?.name
        if parent?.isRSS("channel") == true {
            if name.isRSS("title") {
                feed.title = feed.title ?? value
            } else if name.isRSS("link"), feed.siteLink == nil {
                feed.siteLink = FeedDocumentHandler.rssLink(frame)
            }
        } else if isAtom, depth == 1, name.isAtom("title") {
            feed.title = feed.title ?? value
        } else if isAtom, depth == 2, name.isAtom("name"), parent?.isAtom("author") == true {
            feed.author = feed.author ?? frame.text
        }
    }

    private func checkRoot(_ name: XMLName) {
        switch name.local.lowercased() {
        case "rss":
            return
        case "rdf" where name.namespace == XMLNamespaces.rdf || name.namespace.isEmpty:
            return
        case "feed" where name.namespace.isEmpty || XMLNamespaces.atomFamily.contains(name.namespace):
            isAtom = true
        default:
            failure = .notAFeed(rootElement: name.qualified)
        }
    }

    // MARK: - Atom text constructs

    /// `text`, `html` or `xhtml` for an Atom text construct's `type` (MIME forms included).
    private static func textType(of attributes: XMLAttributes) -> String {
        let type = attributes["type"]?.lowercased() ?? "text"
        if type.contains("xhtml") {
            return "xhtml"
        }
        if type.contains("html") {
            return "html"
        }
        return type == "text" || type.hasPrefix("text/") ? "text" : type
    }

    private static func isTextual(_ attributes: XMLAttributes) -> Bool {
        ["text", "html", "xhtml"].contains(textType(of: attributes))
            && attributes["mode"]?.lowercased() != "base64"
    }

    private static func atomText(_ text: String, attributes: XMLAttributes) -> MarkedUpText {
        textType(of: attributes) == "text" ? .text(text) : .html(text)
    }

    private static func isAlternate(_ attributes: XMLAttributes) -> Bool {
        let relation = attributes["rel"]?.lowercased() ?? "alternate"
        let type = attributes["type"]?.lowercased() ?? "text/html"
        return relation == "alternate" && (type.contains("html") || type.isEmpty)
    }

    /// An RSS `<link>`: its text, or an `href` attribute for feeds that write it Atom-style.
    private static func rssLink(_ frame: Frame) -> RawLink? {
        if !frame.text.allSatisfy(\.isWhitespace) {
            return RawLink(text: frame.text, base: frame.base)
        }
        return frame.attributes["href"].map { RawLink(text: $0, base: frame.base) }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
