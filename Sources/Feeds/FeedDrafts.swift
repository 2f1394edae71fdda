import Basics
import Foundation

/// Text as found in a feed element, with what it is written in.
enum MarkedUpText {
    /// HTML (RSS `description`, `content:encoded`, Atom `type="html"` or `"xhtml"`).
    case html(String)
    /// Plain text (Atom `type="text"`).
    case text(String)

    /// Plain text over several lines.
    var plain: String {
        switch self {
        case .html(let html):
            return HTMLText.plainText(fromHTML: html)
        case .text(let text):
            return HTMLText.plainText(fromText: text)
        }
    }

    /// Plain text on one line.
    var singleLine: String {
        switch self {
        case .html(let html):
            return HTMLText.singleLine(fromHTML: html)
        case .text(let text):
            return HTMLText.plainText(fromText: text, singleLine: true)
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

/// What the parser gathers about an item before it is cleaned up into a `ParsedFeedItem`.
struct ItemDraft {
    var guid: String?
    var guidIsPermaLink = false
    var rdfAbout: String?
    var title: MarkedUpText?
    var link: RawLink?
    var description: MarkedUpText?
    var content: MarkedUpText?
    var author: String?
    var published: [String] = []
    var updated: [String] = []
    var image: RawLink?

    /// The finished item; `fallbackBase` resolves relative links when no `xml:base` or feed URL is
    /// known, and `feedAuthor` is the Atom feed-level author that entries inherit.
    func build(fallbackBase: URL?, feedAuthor: String?) -> ParsedFeedItem {
        var item = ParsedFeedItem()
        let guid = ItemDraft.identifier(guid)
        let about = ItemDraft.identifier(rdfAbout)
        item.guid = guid ?? about
        item.title = ItemDraft.nonEmpty(title?.singleLine)
        item.link = link?.resolved(fallback: fallbackBase)
        if item.link == nil, let guid, guidIsPermaLink, URLText.isWebURL(guid) {
            item.link = guid
        }
        if item.link == nil, let about, URLText.isWebURL(about) {
            item.link = about
        }
        let short = ItemDraft.nonEmpty(description?.plain)
        let full = ItemDraft.nonEmpty(content?.plain)
        if let full, full.count > short?.count ?? 0 {
            item.summary = full
        } else {
            item.summary = short
        }
        item.author = ItemDraft.authorName(author) ?? feedAuthor
        item.publishedAt =
            published.lazy.compactMap(FeedDate.parse).first
            ?? updated.lazy.compactMap(FeedDate.parse).first
        item.imageURL = image?.resolved(fallback: fallbackBase)
        return item
    }

    /// The identifier as given, trimmed and without control characters; nil when blank. Inner white
    /// space is kept so that the identifier stays what the feed says.
    private static func identifier(_ text: String?) -> String? {
        guard let text else { return nil }
        return nonEmpty(TerminalSafety.clean(text).trimmingWhitespace())
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// The name in RSS's `email (Name)` form, else the whole text, on one line.
    static func authorName(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = HTMLText.plainText(fromText: text, singleLine: true)
        if line.hasSuffix(")"), let open = line.range(of: " ("),
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
    var author: String?
}

/// Cleaning and resolving of URLs taken from feeds.
enum URLText {
    /// `raw` without white space or control characters, made absolute against `base` when it is
    /// relative; nil when nothing is left.
    static func resolve(_ raw: String, against base: URL?) -> String? {
        let cleaned = compact(TerminalSafety.clean(raw))
        guard !cleaned.isEmpty else { return nil }
        let lowered = cleaned.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return cleaned
        }
        if let url = URL(string: cleaned), url.scheme != nil {
            return cleaned
        }
        if let base, let url = URL(string: cleaned, relativeTo: base) {
            return url.absoluteString
        }
        return cleaned
    }

    /// `text` trimmed, with line breaks and tabs (feeds wrap long URLs) removed and inner spaces
    /// percent-encoded.
    private static func compact(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !TextAccumulator.isCollapsibleSpace($0) }),
            let last = scalars.lastIndex(where: { !TextAccumulator.isCollapsibleSpace($0) })
        else { return "" }
        var result = String.UnicodeScalarView()
        for scalar in scalars[first...last] {
            switch scalar {
            case "\n", "\r", "\t":
                continue
            case " ":
                result.append(contentsOf: "%20".unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` is an absolute http(s) URL.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host != nil
    }

    /// `text` as a base URL, when it is an absolute http(s) URL.
    static func baseURL(_ text: String?) -> URL? {
        guard let text, isWebURL(text) else { return nil }
        return URL(string: text)
    }
}
