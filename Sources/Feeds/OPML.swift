import FoundationEssentials

/// Reads and writes OPML subscription lists, the format feed readers exchange subscriptions in.
public enum OPML {
    /// The largest OPML file accepted, in bytes.
    public static let maximumBytes = 10 * 1024 * 1024

    /// The subscriptions in an OPML document, nested folders flattened, in document order.
    ///
    /// Outlines that cannot be subscribed to (no `xmlUrl`, a non-http(s) or invalid one) are
    /// returned too, with `problem` set, so an import can say what it skipped. Folder outlines (ones
    /// with children and no `xmlUrl`) are not subscriptions and are not returned; a leaf outline
    /// without `xmlUrl` (which may be an empty folder) is returned with `.missingFeedURL`. `feed://` and
    /// `feed:https://` addresses are rewritten to http(s). The document gets the same entity and size
    /// protection as feeds.
    public static func parse(_ data: Data) throws(FeedParseError) -> [OPMLOutline] {
        let handler = OPMLDocumentHandler()
        try XMLDocumentReader.read(data, limits: XMLReadLimits(maximumBytes: maximumBytes), handler: handler)
        {
            root in
            let local = root.split(separator: ":").last.map(String.init) ?? root
            return local.lowercased() == "opml" ? nil : .notOPML(rootElement: root)
        }
        return handler.outlines
    }

    /// Checks a feed address from an OPML file: the usable URL string, or the problem with it.
    static func validate(_ raw: String) -> Result<String, OPMLOutlineProblem> {
        var text = HTMLText.plainText(fromText: raw, singleLine: true)
        let lowered = text.lowercased()
        if lowered.hasPrefix("feed:http://") || lowered.hasPrefix("feed:https://") {
            text = String(text.dropFirst(5))
        } else if lowered.hasPrefix("feed://") {
            text = "http://" + text.dropFirst(7)
        }
        guard !text.isEmpty else { return .failure(.missingFeedURL) }
        if let secure = schemeless(text) {
            text = secure
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return .failure(.invalidURL)
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(.unsupportedScheme(scheme))
        }
        guard let host = url.host, !host.isEmpty else { return .failure(.invalidURL) }
        return .success(text)
    }
}

extension OPML {
    /// `https://` + `text` when `text` is an address written without its scheme
    /// (`www.theguardian.com/books/rss`, as some exporters write them): a host name with a dot before
    /// the first `/`, `?` or `#`, maybe a port after it. https first: an address that no longer answers
    /// on https fails its refresh and says so, where an http one would be fetched in the clear.
    public static func schemeless(_ text: String) -> String? {
        let authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = parts[0]
        guard !host.isEmpty, host.contains("."), !host.hasPrefix("."),
            host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy { ("0"..."9").contains($0) })
        else { return nil }
        return "https://" + text
    }
}

/// Collects `<outline>` elements from an OPML document.
final class OPMLDocumentHandler: XMLEventHandler {
    private struct OpenOutline {
        var attributes: XMLAttributes
        var position: Int
        var hasFeedURL: Bool
        var hasChildren = false
    }

    private(set) var failure: FeedParseError?
    private(set) var outlines: [OPMLOutline] = []
    private var open: [OpenOutline?] = []

    func start(element name: XMLName, attributes: XMLAttributes) {
        if open.isEmpty, name.local.lowercased() != "opml" {
            failure = .notOPML(rootElement: name.qualified)
            return
        }
        guard name.local.lowercased() == "outline" else {
            open.append(nil)
            return
        }
        if let parentIndex = open.lastIndex(where: { $0 != nil }) {
            open[parentIndex]?.hasChildren = true
        }
        // Some exporters write the address as feedUrl (or url for a feed outline of type rss).
        let feedURL =
            attributes.caseInsensitive("xmlUrl") ?? attributes.caseInsensitive("feedUrl")
            ?? (attributes.caseInsensitive("type")?.lowercased() == "rss"
                ? attributes.caseInsensitive("url") : nil)
        if let feedURL {
            outlines.append(outline(attributes: attributes, feedURL: feedURL))
        }
        open.append(OpenOutline(attributes: attributes, position: outlines.count, hasFeedURL: feedURL != nil))
    }

    func end(element name: XMLName) {
        guard let last = open.popLast(), let outline = last else { return }
        if !outline.hasFeedURL, !outline.hasChildren {
            let entry = OPMLOutline(
                title: OPMLDocumentHandler.title(outline.attributes), xmlURL: "",
                htmlURL: OPMLDocumentHandler.siteURL(outline.attributes), folder: currentFolder,
                problem: .missingFeedURL)
            outlines.insert(entry, at: min(outline.position, outlines.count))
        }
    }

    func text(_ text: String) {}

    /// The title of the innermost open outline that is not a feed: the folder of what is read now.
    private var currentFolder: String? {
        open.reversed().lazy.compactMap { $0 }.first { !$0.hasFeedURL }
            .flatMap { OPMLDocumentHandler.title($0.attributes) }
    }

    private func outline(attributes: XMLAttributes, feedURL: String) -> OPMLOutline {
        let title = OPMLDocumentHandler.title(attributes)
        let siteURL = OPMLDocumentHandler.siteURL(attributes)
        switch OPML.validate(feedURL) {
        case .success(let url):
            return OPMLOutline(title: title, xmlURL: url, htmlURL: siteURL, folder: currentFolder)
        case .failure(let problem):
            let shown = HTMLText.plainText(fromText: feedURL, singleLine: true)
            return OPMLOutline(
                title: title, xmlURL: shown, htmlURL: siteURL, folder: currentFolder, problem: problem)
        }
    }

    /// The outline's name: `text`, which OPML 2.0 says is what is displayed
    /// (http://opml.org/spec2.opml#textAttribute), else `title`.
    private static func title(_ attributes: XMLAttributes) -> String? {
        for key in ["text", "title"] {
            if let value = attributes.caseInsensitive(key) {
                let line = HTMLText.plainText(fromText: value, singleLine: true)
                if !line.isEmpty {
                    return line
                }
            }
        }
        return nil
    }

    private static func siteURL(_ attributes: XMLAttributes) -> String? {
        guard let raw = attributes.caseInsensitive("htmlUrl") else { return nil }
        return URLText.resolve(raw, against: nil)
    }
}
