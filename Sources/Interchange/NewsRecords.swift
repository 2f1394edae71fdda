import Basics
import MoviesCore
import News

/// The fields news items and feeds are printed with in the machine formats (`--format json` etc.):
/// their table's columns, by name.
public enum NewsRecords {
    /// `news_items` columns.
    public static let itemFields = [
        "id", "feed_id", "feed_title", "guid", "title", "author", "summary", "url", "image_url",
        "published_at", "fetched_at", "read_at", "starred", "content", "enclosures", "duration_seconds",
    ]

    /// `feeds` columns, then the count of unread items that `news feeds` shows beside them.
    public static let feedFields = [
        "id", "url", "title", "site_url", "folder", "etag", "last_modified", "last_fetched_at",
        "last_error", "recovered_from", "undated_items", "created_at", "unread",
    ]

    /// An item's fields, in `itemFields` order: its feed's title (`feedTitle`, nil for an item without
    /// a feed) apart from its author (the `source` column), and the addresses of its `enclosures`.
    public static func values(of item: NewsItem, feedTitle: String?, enclosures: [NewsEnclosure])
        -> [RecordValue]
    {
        [
            .integer(item.id), item.feedID.map(RecordValue.integer) ?? .null, .text(feedTitle),
            .text(item.guid), .text(item.title), .text(item.source), .text(item.summary), .text(item.url),
            .text(item.imageURL), .text(Timestamp.string(from: item.publishedAt)),
            .text(Timestamp.string(from: item.fetchedAt)), .text(item.readAt.map(Timestamp.string(from:))),
            .boolean(item.isStarred), .text(item.content), .list(enclosures.map { .text($0.url) }),
            item.durationSeconds.map(RecordValue.integer) ?? .null,
        ]
    }

    /// A feed's fields, in `feedFields` order, with its `unread` items.
    public static func values(of feed: Feed, unread: Int) -> [RecordValue] {
        [
            .integer(feed.id), .text(feed.url), .text(feed.title), .text(feed.siteURL), .text(feed.folder),
            .text(feed.etag), .text(feed.lastModified),
            .text(feed.lastFetchedAt.map(Timestamp.string(from:))),
            .text(feed.lastError), .text(feed.recoveredFrom), .integer(feed.undatedItems),
            .text(Timestamp.string(from: feed.createdAt)), .integer(Int64(unread)),
        ]
    }
}
