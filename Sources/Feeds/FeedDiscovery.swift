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

    /// The most feeds taken from one page. A site announces a few (posts, comments, a feed per
    /// category or author: a few dozen at most); a page announcing 120,000 would have `subscribe --all`
    /// fetch each, and each one listed.
    public static let maximumAlternates = 50

    /// What a page announces.
    public struct Announced: Sendable, Hashable {
        /// The feeds, in document order, one per address, at most `maximumAlternates`.
        public var alternates: [Alternate]
        /// True when the page announces more than `maximumAlternates` feeds: the others were left out.
        public var isCapped: Bool
        /// The page's own title (its first `<title>`, on one line), what `news add` names an item after;
        /// nil when it has none or a blank one.
        public var pageTitle: String?

        public init(alternates: [Alternate], isCapped: Bool = false, pageTitle: String? = nil) {
            self.alternates = alternates
            self.isCapped = isCapped
            self.pageTitle = pageTitle
        }
    }

    /// The feeds `html` announces, in document order, one per address; only http(s) addresses, at most
    /// `maximumAlternates`. Looking costs at most `processorTime` (libxml2's reading of the page
    /// included), else `.tooSlow`; cancelling the calling task stops it with `.cancelled`.
    public static func alternates(
        inHTML html: String, baseURL: URL?, processorTime: Duration = FeedParser.defaultProcessorTime
    ) throws(FeedParseError) -> Announced {
        let collector = Collector(baseURL: baseURL, budget: ReadingBudget(processorTime: processorTime))
        let outcome = withExtendedLifetime(collector) {
            var handler = movies_html_handler(
                context: Unmanaged.passUnretained(collector).toOpaque(),
                start_element: { context, name, attributes in
                    guard let context, let name else { return 0 }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    guard collector.budget.spend() else { return 1 }
                    if name[0] == 0x74, String(cString: name) == "title" {  // "t"
                        collector.startTitle()
                        return 0
                    }
                    guard name[0] == 0x6C, String(cString: name) == "link" else { return 0 }  // "l"
                    return collector.link(HTMLText.attributes(attributes)) ? 0 : 1
                },
                end_element: { context, name in
                    guard let context else { return 0 }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    if let name, name[0] == 0x74, String(cString: name) == "title" { collector.endTitle() }
                    return collector.budget.spend() ? 0 : 1
                },
                text: { context, text, length in
                    guard let context else { return 0 }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    if let text { collector.titleText(UnsafeRawBufferPointer(start: text, count: length)) }
                    return collector.budget.spend() ? 0 : 1
                },
                exhausted: { context in
                    guard let context else { return 0 }
                    return Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().budget.check()
                        ? 0 : 1
                })
            var utf8 = OutsideText.safeToShow(html)
            return utf8.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    movies_html_parse(
                        characters.baseAddress, characters.count, HTMLRenderer.maximumAttributes, &handler,
                        nil)
                }
            }
        }
        if outcome == MOVIES_HTML_STOPPED, let exhaustion = collector.budget.exhaustion {
            throw exhaustion
        }
        return Announced(
            alternates: collector.found, isCapped: collector.isCapped, pageTitle: collector.pageTitle)
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
        let budget: ReadingBudget
        var found: [Alternate] = []
        /// The addresses in `found`, so that a page of many feeds costs a look-up per link, not a search.
        private var addresses: Set<String> = []
        private(set) var isCapped = false
        /// The first non-blank `<title>`'s text, once it ended.
        private(set) var pageTitle: String?
        /// The bytes of the `<title>` being read, nil outside one; at most `maximumTitleBytes`.
        private var title: [UInt8]?
        private static let maximumTitleBytes = 4096

        init(baseURL: URL?, budget: ReadingBudget) {
            self.baseURL = baseURL
            self.budget = budget
        }

        func startTitle() {
            if pageTitle == nil { title = [] }
        }

        func titleText(_ bytes: UnsafeRawBufferPointer) {
            guard var text = title else { return }
            text += bytes.prefix(Self.maximumTitleBytes - min(text.count, Self.maximumTitleBytes))
            title = text
        }

        func endTitle() {
            guard let text = title else { return }
            title = nil
            let line = HTMLText.plainText(fromText: String(decoding: text, as: UTF8.self), singleLine: true)
            if !line.isEmpty { pageTitle = line }
        }

        /// Takes the feed a `<link>` announces, if any; false to stop once one more than
        /// `maximumAlternates` is found.
        func link(_ attributes: [String: String]) -> Bool {
            let relations = (attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard relations.contains("alternate"),
                let type = attributes["type"]?.trimmingWhitespace().lowercased(),
                FeedDiscovery.feedTypes.contains(type),
                let href = attributes["href"]?.trimmingWhitespace(), !href.isEmpty,
                let url = URL(string: href, relativeTo: baseURL)?.absoluteURL,
                let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { return true }
            let address = url.absoluteString
            guard !addresses.contains(address) else { return true }
            guard found.count < FeedDiscovery.maximumAlternates else {
                isCapped = true
                return false
            }
            addresses.insert(address)
            let title = attributes["title"].map { HTMLText.plainText(fromText: $0, singleLine: true) }
            found.append(
                Alternate(url: address, title: title?.isEmpty == false ? title : nil, mimeType: type))
            return true
        }
    }
}
