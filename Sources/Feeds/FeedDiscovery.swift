import Basics
import CXML2Loader
import FoundationEssentials

/// Finds the feeds a web page announces, as browsers and feed readers do (HTML autodiscovery): each
/// `<link rel="alternate" type="application/rss+xml | application/atom+xml | application/feed+json"
/// href="…">`, so that subscribing to a site's address finds its feed.
public enum FeedDiscovery {
    /// A feed a page links to.
    public struct Alternate: Sendable, Hashable {
        /// The feed's absolute address (resolved against the page's).
        public var url: String
        /// The `title` attribute, on one line; nil when absent or blank.
        public var title: String?
        /// The MIME type announced, lower case.
        public var mimeType: String
    }

    /// The feed types autodiscovery recognises (JSON Feed's current and former names).
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json+feed",
    ]

    /// The feeds `html` announces, in document order, one per address; only http(s) addresses.
    public static func alternates(inHTML html: String, baseURL: URL?) -> [Alternate] {
        let collector = Collector(baseURL: baseURL)
        withExtendedLifetime(collector) {
            var handler = movies_html_handler(
                context: Unmanaged.passUnretained(collector).toOpaque(),
                start_element: { context, name, attributes in
                    guard let context, let name, String(cString: name) == "link" else { return }
                    Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().link(
                        HTMLText.attributes(attributes))
                },
                end_element: { _, _ in }, text: { _, _, _ in })
            var utf8 = OutsideText.safeToShow(html)
            _ = utf8.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    movies_html_parse(
                        characters.baseAddress, characters.count, HTMLRenderer.maximumAttributes, &handler,
                        nil)
                }
            }
        }
        return collector.found
    }

    /// Whether a response that is not a feed may be a web page worth looking into: its type says HTML,
    /// or its first bytes look like a document's start.
    public static func looksLikeHTML(_ body: Data, contentType: String?) -> Bool {
        if let contentType = contentType?.lowercased(),
            contentType.hasPrefix("text/html") || contentType.hasPrefix("application/xhtml")
        {
            return true
        }
        let start = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<!doctype html") || start.contains("<html")
    }

    private final class Collector {
        let baseURL: URL?
        var found: [Alternate] = []

        init(baseURL: URL?) {
            self.baseURL = baseURL
        }

        func link(_ attributes: [String: String]) {
            let relations = (attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard relations.contains("alternate"),
                let type = attributes["type"]?.trimmingWhitespace().lowercased(),
                FeedDiscovery.feedTypes.contains(type),
                let href = attributes["href"]?.trimmingWhitespace(), !href.isEmpty,
                let url = URL(string: href, relativeTo: baseURL)?.absoluteURL,
                let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { return }
            let address = url.absoluteString
            guard !found.contains(where: { $0.url == address }) else { return }
            let title = attributes["title"].map { HTMLText.plainText(fromText: $0, singleLine: true) }
            found.append(
                Alternate(url: address, title: title?.isEmpty == false ? title : nil, mimeType: type))
        }
    }
}
