import Basics
import FoundationEssentials

/// A subscribed feed, with what its last fetch left behind.
public struct Feed: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Where it is fetched from (http or https).
    public var url: String
    /// The feed's own title, once fetched.
    public var title: String?
    /// The web site the feed belongs to.
    public var siteURL: String?
    /// `ETag` of the last 200 response, sent back as `If-None-Match`.
    public var etag: String?
    /// `Last-Modified` of the last 200 response, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When it was last fetched (successfully or not).
    public var lastFetchedAt: Date?
    /// Why the last fetch failed; nil after a success.
    public var lastError: String?
    public var createdAt: Date
    /// The folder it is filed under (from an OPML import); nil for none.
    public var folder: String?

    /// The title when known, else the URL: how the feed is named to a person.
    public var displayName: String {
        title.flatMap { $0.isEmpty ? nil : $0 } ?? url
    }
}

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
    public var fetchedAt: Date
    /// When it was read; nil while unread.
    public var readAt: Date?
    public var isStarred: Bool
    /// The fullest text the feed gave, laid out for reading with its links numbered and listed under
    /// it (`Links:`); nil for an item written by hand or not refreshed since it was first stored.
    public var content: String?

    /// True once read.
    public var isRead: Bool { readAt != nil }

    /// What `news show` prints: the full text when there is one, else the short one.
    public var fullestText: String? { content ?? summary }
}

/// A file attached to a news item (podcast audio, a video, an image), as its feed described it.
public struct NewsEnclosure: Sendable, Hashable {
    public var url: String
    /// Its MIME type (`audio/mpeg`); nil when the feed did not say.
    public var mimeType: String?
    /// Its size in bytes as the feed declares it; nil when the feed did not say.
    public var length: Int64?

    public init(url: String, mimeType: String? = nil, length: Int64? = nil) {
        self.url = url
        self.mimeType = mimeType
        self.length = length
    }
}

/// A news item written by hand (`movies news add`).
public struct NewsItemDraft: Sendable, Hashable {
    public var title: String
    public var summary: String?
    public var source: String?
    public var url: String?
    public var imageURL: String?
    /// When it was published; now when nil.
    public var publishedAt: Date?

    /// A draft; only the title is required.
    public init(
        title: String, summary: String? = nil, source: String? = nil, url: String? = nil,
        imageURL: String? = nil,
        publishedAt: Date? = nil
    ) {
        self.title = title
        self.summary = summary
        self.source = source
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
    }
}

/// Where a page of news ends: the last item's (published_at, id) key.
///
/// Written as `2026-11-30T10:20:00.000Z/123`; the next page starts strictly after it, so page N costs
/// what page 1 costs, no item is seen twice, and a cursor stays valid even if its item is deleted.
public struct NewsCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The item's `published_at`, as stored.
    public var publishedAt: String
    public var id: Int64

    /// The cursor just after `item`.
    public init(after item: NewsItem) {
        publishedAt = Timestamp.string(from: item.publishedAt)
        id = item.id
    }

    /// Parses the `published_at/id` form; nil for anything else.
    public init?(_ description: String) {
        guard let slash = description.lastIndex(of: "/"),
            let id = Int64(description[description.index(after: slash)...]),
            Timestamp.date(from: String(description[..<slash])) != nil
        else { return nil }
        publishedAt = String(description[..<slash])
        self.id = id
    }

    public var description: String { "\(publishedAt)/\(id)" }
}

/// Which news items to list: a filter and a page, newest first.
public struct NewsQuery: Sendable, Hashable {
    public var unreadOnly: Bool
    public var starredOnly: Bool
    public var feedID: Int64?
    /// Only items of the feeds filed under this folder.
    public var folder: String?
    /// Only items matching these words (full-text search); nil means all.
    public var text: String?
    /// Start after this point (the end of the previous page).
    public var after: NewsCursor?
    public var limit: Int?

    /// A query; the default lists every item, newest first.
    public init(
        unreadOnly: Bool = false, starredOnly: Bool = false, feedID: Int64? = nil, text: String? = nil,
        after: NewsCursor? = nil, limit: Int? = nil
    ) {
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.feedID = feedID
        self.text = text
        self.after = after
        self.limit = limit
    }
}

/// What storing one fetched feed changed.
public struct FeedUpdate: Sendable, Hashable {
    /// Items seen for the first time.
    public var inserted: Int
    /// Items already stored whose title, summary, link, source, image or date changed.
    public var updated: Int
    /// Items already stored and unchanged.
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}
