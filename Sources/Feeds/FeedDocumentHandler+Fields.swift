import FoundationEssentials

/// The fields of items and of the feed, each taken from where its format puts it.
extension FeedDocumentHandler {
    // MARK: - Items

    func startInItem(_ name: XMLName, attributes: XMLAttributes, base: URL?, isDirectChild: Bool) {
        guard item != nil else { return }
        let type = attributes["type"]?.lowercased() ?? ""
        if isDirectChild, name.isRSS("enclosure"), let url = attributes["url"] {
            addEnclosure(url, base: base, type: attributes["type"], length: attributes["length"])
            if type.hasPrefix("image/") {
                offerImage(url, base: base)
            }
        } else if name.isMedia("content"), let url = attributes["url"] {
            addEnclosure(url, base: base, type: attributes["type"], length: attributes["fileSize"])
            if attributes["medium"]?.lowercased() == "image" || type.hasPrefix("image/") {
                offerImage(url, base: base)
            }
        } else if name.isMedia("thumbnail"), let url = attributes["url"] {
            offerImage(url, base: base)
        } else if isDirectChild, name.isAtom("link"), let href = attributes["href"] {
            let relation = attributes["rel"]?.lowercased() ?? "alternate"
            if relation == "enclosure" {
                addEnclosure(href, base: base, type: attributes["type"], length: attributes["length"])
                if type.hasPrefix("image/") {
                    offerImage(href, base: base)
                }
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

    private func addEnclosure(_ url: String, base: URL?, type: String?, length: String?) {
        item?.enclosures.append(
            RawEnclosure(link: RawLink(text: url, base: base), type: type, length: length))
    }

    func endItemField(_ frame: Frame, value: MarkedUpText) {
        guard var draft = item else { return }
        let name = frame.name
        let text = frame.text
        if name.isRSS("title") || name.isAtom("title") {
            draft.title = draft.title ?? value
        } else if name.isDublinCore("title") {
            draft.dublinCoreTitle = draft.dublinCoreTitle ?? text
        } else if name.isRSS("link") {
            // An RSS item's own <link> beats an atom:link written before it.
            if draft.rssLink == nil, let link = FeedDocumentHandler.rssLink(frame) {
                draft.rssLink = link
            }
        } else if name.isRSS("description") || name.isAtom("summary") {
            draft.description = draft.description ?? value
        } else if name.namespace == XMLNamespaces.content && name.local == "encoded" {
            draft.content = draft.content ?? value
        } else if name.isAtom("content") {
            if frame.attributes["src"] == nil, FeedDocumentHandler.isTextual(frame.attributes) {
                draft.content = draft.content ?? value
            } else if frame.attributes["src"] == nil, frame.attributes["mode"]?.lowercased() == "base64",
                let decoded = FeedDocumentHandler.base64Text(text)
            {
                // Atom 0.3's base64 mode: the text (or HTML) is encoded; decoded, it is read as the type says.
                draft.content =
                    draft.content
                    ?? FeedDocumentHandler.atomText(decoded, attributes: frame.attributes, base: frame.base)
            }
        } else if name.isRSS("guid") || name.isAtom("id") {
            if draft.guid == nil {
                draft.guid = text
                draft.guidCanBeLink =
                    name.isAtom("id") || frame.attributes["isPermaLink"]?.lowercased() != "false"
            }
        } else if name.isRSS("pubDate") {
            // RSS's own date comes before a dc:date written beside it.
            draft.published.insert(text, at: draft.published.startIndex)
        } else if name.isDublinCore("date") || name.isAtom("published") || name.isAtom("issued") {
            draft.published.append(text)
        } else if name.isAtom("updated") || name.isAtom("modified") {
            draft.updated.append(text)
        } else if name.isRSS("author") {
            draft.author = draft.author ?? text
        } else if name.isDublinCore("creator") {
            draft.dublinCoreCreator = draft.dublinCoreCreator ?? text
        } else if name.isMedia("title") {
            draft.mediaTitle = draft.mediaTitle ?? text
        } else if name.isITunes("duration") {
            draft.duration = draft.duration ?? text
        }
        item = draft
    }

    /// A `media:title` anywhere in the item (Media RSS puts it in `media:group` or `media:content`
    /// too), for an item without `<title>` or `dc:title`.
    func endNestedItemField(_ frame: Frame) {
        if frame.name.isMedia("title"), item?.mediaTitle == nil {
            item?.mediaTitle = frame.text
        }
    }

    /// The text of base64 `encoded` (white space ignored, as MIME writes it in lines), when it is valid
    /// base64 of UTF-8 text.
    static func base64Text(_ encoded: String) -> String? {
        let compact = encoded.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { return nil }
        return String(validating: data, as: UTF8.self)
    }

    // MARK: - Feed

    func endFeedField(_ frame: Frame, value: MarkedUpText, depth: Int) {
        let name = frame.name
        let parent = frames.last?.name
        if parent?.isRSS("channel") == true {
            if name.isRSS("title") {
                feed.title = feed.title ?? value
            } else if name.isDublinCore("title") {
                feed.title = feed.title ?? .text(frame.text)
            } else if name.isRSS("link"), feed.siteLink == nil {
                feed.siteLink = FeedDocumentHandler.rssLink(frame)
            }
        } else if isAtom, depth == 1, name.isAtom("title") {
            feed.title = feed.title ?? value
        } else if isAtom, depth == 2, name.isAtom("name"), parent?.isAtom("author") == true {
            feed.author = feed.author ?? frame.text
        }
    }

    // MARK: - Atom text constructs

    /// `text`, `html` or `xhtml` for an Atom text construct's `type` (MIME forms included).
    static func textType(of attributes: XMLAttributes) -> String {
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

    static func atomText(_ text: String, attributes: XMLAttributes, base: URL?) -> MarkedUpText {
        textType(of: attributes) == "text" ? .text(text, base: base) : .html(text, base: base)
    }

    static func isAlternate(_ attributes: XMLAttributes) -> Bool {
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
}
