import Foundation

/// A feed as read from an RSS, RDF or Atom document, reduced to what a reading list needs.
///
/// Every string in it is plain text with control characters and terminal escape sequences removed,
/// so it can be stored and printed as it is.
public struct ParsedFeed: Sendable, Equatable {
    /// The feed's own title, on one line; nil when the document has none.
    public var title: String?
    /// The web site the feed belongs to (RSS channel `<link>`, Atom `<link rel="alternate">`), absolute
    /// where it could be resolved.
    public var siteURL: String?
    /// The entries, in document order.
    public var items: [ParsedFeedItem]

    /// Creates a feed; used by the parser and by tests that compare results.
    public init(title: String? = nil, siteURL: String? = nil, items: [ParsedFeedItem] = []) {
        self.title = title
        self.siteURL = siteURL
        self.items = items
    }
}

/// One entry of a feed: an article, a post or an episode.
public struct ParsedFeedItem: Sendable, Equatable {
    /// The identifier the feed gives the entry (RSS `<guid>`, Atom `<id>`, RDF `rdf:about`), trimmed;
    /// nil if absent or blank. Callers that need a key for an entry without one can fall back on `link`.
    public var guid: String?
    /// The entry's title as plain text on one line.
    public var title: String?
    /// The entry's web address, made absolute against `xml:base`, the feed's URL or the site URL where
    /// that is possible.
    public var link: String?
    /// A plain-text summary reduced from the entry's HTML: the longer of the full content
    /// (`content:encoded`, Atom `<content>`) and the short description (`<description>`, `<summary>`).
    public var summary: String?
    /// Who wrote the entry (`<author>`, `dc:creator`, Atom `<author><name>`).
    public var author: String?
    /// When the entry was published (`<pubDate>`, `dc:date`, Atom `<published>`, else `<updated>`).
    public var publishedAt: Date?
    /// The first image found for the entry: an image enclosure, `media:content`, `media:thumbnail` or an
    /// Atom `<link rel="enclosure">` of an image type.
    public var imageURL: String?

    /// Creates an item; every field is optional because feeds in the wild omit any of them.
    public init(
        guid: String? = nil, title: String? = nil, link: String? = nil, summary: String? = nil,
        author: String? = nil, publishedAt: Date? = nil, imageURL: String? = nil
    ) {
        self.guid = guid
        self.title = title
        self.link = link
        self.summary = summary
        self.author = author
        self.publishedAt = publishedAt
        self.imageURL = imageURL
    }
}
