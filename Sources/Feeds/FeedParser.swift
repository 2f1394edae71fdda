import Foundation

/// Reads RSS 0.90–2.0, RDF and Atom 1.0 documents into a `ParsedFeed`.
///
/// Input is untrusted: the document is size-capped, its DOCTYPE (and so every entity it could
/// declare) is removed before libxml2 sees it, HTML entities are mapped from a fixed table, and every
/// string that comes out is plain text without terminal controls. Bad input is a `FeedParseError`,
/// never a crash.
public enum FeedParser {
    /// The largest document accepted, in bytes; larger input is refused with `.tooLarge`.
    public static let maximumFeedBytes = 10 * 1024 * 1024

    /// Parses a feed document. `baseURL` (normally the URL the feed was fetched from) makes relative
    /// links absolute; without it they are resolved against the feed's site URL when possible.
    public static func parse(_ data: Data, baseURL: URL? = nil) throws(FeedParseError) -> ParsedFeed {
        let handler = FeedDocumentHandler(baseURL: baseURL)
        try XMLDocumentReader.read(data, limit: maximumFeedBytes, handler: handler) { root in
            let local = (root.split(separator: ":").last.map(String.init) ?? root).lowercased()
            return ["rss", "rdf", "feed"].contains(local) ? nil : .notAFeed(rootElement: root)
        }
        return handler.result()
    }
}
