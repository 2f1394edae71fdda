import FoundationEssentials

/// A feed as read from an RSS, RDF, Atom or JSON Feed document, reduced to what a reading list needs.
///
/// Every string in it is plain text with control characters and terminal escape sequences removed,
/// so it can be stored and printed as it is.
public struct ParsedFeed: Sendable, Equatable {
    /// The feed's own title, on one line; nil when the document has none.
    public var title: String?
    /// The web site the feed belongs to (RSS channel `<link>`, Atom `<link rel="alternate">`, JSON Feed
    /// `home_page_url`), absolute where it could be resolved.
    public var siteURL: String?
    /// The entries, in document order.
    public var items: [ParsedFeedItem]
    /// Why the document is not well-formed XML, when it was read in recovery mode (`malformed XML at
    /// line 103: ...`); nil for a well-formed document.
    public var recoveredFrom: String?
    /// The address the feed says it is fetched from (Atom `<link rel="self">`), when it is an http(s)
    /// one: how a feed file saved by hand is matched with its subscription.
    public var selfURL: String?

    /// How many items give a date this parser cannot read (they are dated when first seen).
    public var unreadableDateCount: Int { items.count(where: \.hasUnreadableDate) }

    /// Creates a feed; used by the parser and by tests that compare results.
    public init(title: String? = nil, siteURL: String? = nil, items: [ParsedFeedItem] = []) {
        self.title = title
        self.siteURL = siteURL
        self.items = items
    }
}

/// One entry of a feed: an article, a post or an episode.
public struct ParsedFeedItem: Sendable, Equatable {
    /// The identifier the feed gives the entry (RSS `<guid>`, Atom `<id>`, RDF `rdf:about`, JSON Feed
    /// `id`), trimmed; nil if absent or blank. Callers that need a key for an entry without one can
    /// fall back on `link`.
    public var guid: String?
    /// The entry's title as plain text on one line (`<title>`, else `<dc:title>`).
    public var title: String?
    /// The entry's link as the feed writes it, made absolute against `xml:base`, the feed's URL or the
    /// site URL where that is possible; falls back on a permalink `<guid>`, an RDF `rdf:about` or an
    /// Atom `<id>` that is an http(s) URL. It may have any scheme (`magnet:`, `file:`): only an http(s)
    /// one (`WebAddress`) is stored as the link a browser opens.
    public var link: String?
    /// The short text, for lists and search: the entry's own short text (RSS `<description>`, Atom
    /// `<summary>`, JSON Feed `summary`) as plain text over several lines, without link numbers; when
    /// the entry has no short text, its full text, reduced the same way. nil when it has no text.
    public var summary: String?
    /// The fullest text the feed gives, laid out for reading with its links and images numbered (see
    /// `ArticleText`): RSS `content:encoded`, Atom `<content>`, JSON Feed `content_html` (else
    /// `content_text`); when the entry has none of those, its short text (`<description>`,
    /// `<summary>`). nil when the entry has no text at all.
    public var content: ArticleText?
    /// Who wrote the entry (`<author>`, `dc:creator`, Atom `<author><name>`, JSON Feed `authors`).
    public var author: String?
    /// When the entry was published (`<pubDate>`, `dc:date`, Atom `<published>`, else `<updated>`, JSON
    /// Feed `date_published`, else `date_modified`). nil when the feed gives no date this parser reads,
    /// and for a date more than a day after the time of parsing (a feed dated 9999 would otherwise stay
    /// first for ever), so that the reader uses the time it first saw the entry instead.
    public var publishedAt: Date?
    /// The first image found for the entry: an image enclosure, `media:content`, `media:thumbnail`, an
    /// Atom `<link rel="enclosure">` of an image type, or JSON Feed `image`.
    public var imageURL: String?
    /// The files attached to the entry (podcast audio, video, images), in document order and one per
    /// address: RSS `<enclosure>`, Atom `<link rel="enclosure">`, Media RSS `<media:content>`, JSON
    /// Feed `attachments`.
    public var enclosures: [FeedEnclosure]
    /// True when the entry gives a date but none this parser reads (so `publishedAt` is nil).
    public var hasUnreadableDate = false
    /// How long the episode lasts, in seconds: a podcast's `itunes:duration` (`PodcastDuration`); nil
    /// when not given or not readable.
    public var durationSeconds: Int?

    /// Creates an item; every field is optional because feeds in the wild omit any of them.
    public init(
        guid: String? = nil, title: String? = nil, link: String? = nil, summary: String? = nil,
        content: ArticleText? = nil, author: String? = nil, publishedAt: Date? = nil,
        imageURL: String? = nil, enclosures: [FeedEnclosure] = []
    ) {
        self.guid = guid
        self.title = title
        self.link = link
        self.summary = summary
        self.content = content
        self.author = author
        self.publishedAt = publishedAt
        self.imageURL = imageURL
        self.enclosures = enclosures
    }
}

/// A file attached to a feed entry: a podcast episode's audio, a video, an image.
public struct FeedEnclosure: Sendable, Equatable {
    /// The file's absolute address.
    public var url: String
    /// Its MIME type as the feed gives it (`audio/mpeg`), lowercased; nil when not given.
    public var mimeType: String?
    /// Its size in bytes as the feed declares it (RSS `length`, JSON Feed `size_in_bytes`); nil when
    /// not given, not a number, or 0 (which feeds write when they do not know).
    public var length: Int?

    /// Creates an enclosure.
    public init(url: String, mimeType: String? = nil, length: Int? = nil) {
        self.url = url
        self.mimeType = mimeType
        self.length = length
    }
}
