import FoundationEssentials

/// A news item: an entry of a feed, or one added by hand.
public struct NewsItem: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// The feed it came from; nil for hand-written or imported items.
    public var feedID: Int64?
    /// Its identity within the feed.
    public var guid: String
    public var title: String
    /// The short text, plain, for lists and search.
    public var summary: String?
    public var url: String?
    /// The author or publication.
    public var source: String?
    public var imageURL: String?
    /// When published (or first seen, when the feed gives no date).
    public var publishedAt: Date
    /// `published_at` as the file stores it: the list's order key, which a page's cursor carries
    /// (`NewsCursor`). Not `publishedAt` written again: a row whose text does not read back as the same
    /// instant (year 0 from an earlier version, a row written by hand) would give a cursor before or
    /// after itself, and paging from it would repeat a page forever.
    public var publishedAtKey: String
    public var fetchedAt: Date
    /// When it was read; nil while unread.
    public var readAt: Date?
    public var isStarred: Bool
    /// The fullest text the feed gave, laid out for reading with its links numbered and listed under
    /// it (`Links:`); nil for an item written by hand or not refreshed since it was first stored.
    public var content: String?
    /// How long the episode lasts, in seconds, as a podcast feed gives it (`itunes:duration`); nil for
    /// anything else.
    public var durationSeconds: Int64? = nil

    /// True once read.
    public var isRead: Bool { readAt != nil }

    /// What `news show` prints: the full text when there is one, else the short one.
    public var fullestText: String? { content ?? summary }
}
