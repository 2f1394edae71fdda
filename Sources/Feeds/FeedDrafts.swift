import Basics
import FoundationEssentials

/// Text as found in a feed element, with what it is written in and the base URL in force there.
struct MarkedUpText {
    enum Markup {
        /// HTML (RSS `description`, `content:encoded`, Atom `type="html"` or `"xhtml"`).
        case html
        /// Plain text (Atom `type="text"`, JSON Feed `content_text`).
        case text
    }

    var markup: Markup
    var value: String
    /// The `xml:base` in force where the text was, for the links inside it.
    var base: URL?

    static func html(_ value: String, base: URL? = nil) -> MarkedUpText {
        MarkedUpText(markup: .html, value: value, base: base)
    }

    static func text(_ value: String, base: URL? = nil) -> MarkedUpText {
        MarkedUpText(markup: .text, value: value, base: base)
    }

    /// Plain text over several lines, without link numbers.
    func plain(_ budget: ReadingBudget) throws(FeedParseError) -> String {
        switch markup {
        case .html: try HTMLText.render(value, mode: .plain, budget: budget).text
        case .text: HTMLText.plainText(fromText: value)
        }
    }

    /// Plain text on one line.
    func singleLine(_ budget: ReadingBudget) throws(FeedParseError) -> String {
        switch markup {
        case .html: try HTMLText.render(value, mode: .singleLine, budget: budget).text
        case .text: HTMLText.plainText(fromText: value, singleLine: true)
        }
    }

    /// The text laid out as an article, its links resolved against its own base, else `fallback`.
    func article(fallback: URL?, budget: ReadingBudget) throws(FeedParseError) -> ArticleText {
        switch markup {
        case .html:
            let renderer = try HTMLText.render(value, mode: .article(base: base ?? fallback), budget: budget)
            return ArticleText(text: renderer.text, links: renderer.links)
        case .text: return ArticleText(text: HTMLText.plainText(fromText: value))
        }
    }
}

/// A URL as written, with the `xml:base` in force where it was found.
struct RawLink {
    var text: String
    var base: URL?

    /// The link made absolute against its base, else against `fallback` (the site URL).
    func resolved(fallback: URL?) -> String? {
        URLText.resolve(text, against: base ?? fallback)
    }
}

/// An enclosure as written: its address, and its type and length as the feed gives them.
struct RawEnclosure {
    var link: RawLink
    var type: String?
    var length: String?
}

/// What the parser gathers about an item before it is cleaned up into a `ParsedFeedItem`.
struct ItemDraft {
    var guid: String?
    /// Whether the identifier may stand for the link: an RSS `<guid>` not marked `isPermaLink="false"`,
    /// an Atom `<id>` or a JSON Feed `id` (used only when it is an http(s) URL).
    var guidCanBeLink = false
    var rdfAbout: String?
    var title: MarkedUpText?
    var dublinCoreTitle: String?
    var mediaTitle: String?
    /// An Atom `<link>` (or an RSS item's `atom:link`).
    var link: RawLink?
    /// An RSS `<link>`, which wins over an `atom:link` in the same item.
    var rssLink: RawLink?
    var description: MarkedUpText?
    var content: MarkedUpText?
    var author: String?
    var dublinCoreCreator: String?
    var published: [String] = []
    var updated: [String] = []
    var image: RawLink?
    var enclosures: [RawEnclosure] = []
    /// `itunes:duration`, as written.
    var duration: String?

    /// The finished item; `fallbackBase` resolves relative links when no `xml:base` or feed URL is
    /// known, `feedAuthor` is the feed-level author that entries inherit, dates after `latestDate`
    /// count as none, and laying out its HTML stops when `budget` is spent.
    func build(fallbackBase: URL?, feedAuthor: String?, latestDate: Date, budget: ReadingBudget)
        throws(FeedParseError) -> ParsedFeedItem
    {
        try budget.charge()
        var item = ParsedFeedItem()
        let guid = ItemDraft.identifier(guid)
        let about = ItemDraft.identifier(rdfAbout)
        item.guid = guid ?? about
        item.title =
            ItemDraft.nonEmpty(try title?.singleLine(budget))
            ?? ItemDraft.nonEmpty(dublinCoreTitle.map { HTMLText.plainText(fromText: $0, singleLine: true) })
            ?? ItemDraft.nonEmpty(mediaTitle.map { HTMLText.plainText(fromText: $0, singleLine: true) })
        item.link = (rssLink ?? link)?.resolved(fallback: fallbackBase)
        if item.link == nil, let guid, guidCanBeLink, URLText.isWebURL(guid) {
            item.link = guid
        }
        if item.link == nil, let about, URLText.isWebURL(about) {
            item.link = about
        }
        item.summary = ItemDraft.nonEmpty(try description?.plain(budget))
        if item.summary == nil {
            item.summary = ItemDraft.nonEmpty(try content?.plain(budget))
        }
        let article = try (content ?? description)?.article(fallback: fallbackBase, budget: budget)
        item.content = article.flatMap { $0.text.isEmpty && $0.links.isEmpty ? nil : $0 }
        item.author = ItemDraft.authorName(author) ?? ItemDraft.authorName(dublinCoreCreator) ?? feedAuthor
        let date =
            published.lazy.compactMap(FeedDate.parse).first
            ?? updated.lazy.compactMap(FeedDate.parse).first
        item.publishedAt = date.flatMap { $0 > latestDate ? nil : $0 }
        item.hasUnreadableDate =
            date == nil && !(published + updated).allSatisfy { $0.allSatisfy(\.isWhitespace) }
        item.imageURL = image?.resolved(fallback: fallbackBase)
        item.enclosures = ItemDraft.enclosures(enclosures, fallbackBase: fallbackBase)
        item.durationSeconds = duration.flatMap(PodcastDuration.seconds)
        return item
    }

    /// The enclosures with absolute addresses, one per address, in order.
    private static func enclosures(_ raw: [RawEnclosure], fallbackBase: URL?) -> [FeedEnclosure] {
        var seen: Set<String> = []
        var result: [FeedEnclosure] = []
        for enclosure in raw {
            guard let url = enclosure.link.resolved(fallback: fallbackBase), seen.insert(url).inserted else {
                continue
            }
            let type = enclosure.type.map { HTMLText.plainText(fromText: $0, singleLine: true).lowercased() }
            let length = enclosure.length.flatMap { Int($0.trimmingWhitespace()) }.flatMap {
                $0 > 0 ? $0 : nil
            }
            result.append(FeedEnclosure(url: url, mimeType: nonEmpty(type), length: length))
        }
        return result
    }

    /// The identifier as given, trimmed and without control characters; nil when blank. Inner white
    /// space is kept so that the identifier stays what the feed says.
    private static func identifier(_ text: String?) -> String? {
        guard let text else { return nil }
        return nonEmpty(OutsideText.safeToShow(text).trimmingWhitespace())
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// The name in RSS's `email (Name)` form, else the whole text, on one line.
    static func authorName(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = HTMLText.plainText(fromText: text, singleLine: true)
        if line.hasSuffix(")"), let open = line.firstRange(of: " ("),
            line[..<open.lowerBound].contains("@")
        {
            let name = line[open.upperBound..<line.index(before: line.endIndex)]
                .trimmingWhitespace()
            if !name.isEmpty {
                return name
            }
        }
        return nonEmpty(line)
    }
}

/// What the parser gathers about the feed itself.
struct FeedDraft {
    var title: MarkedUpText?
    var siteLink: RawLink?
    /// Where the feed says it is fetched from (Atom `<link rel="self">`, RSS `atom:link rel="self"`).
    var selfLink: RawLink?
    var author: String?
}
