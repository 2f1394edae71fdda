import Basics
import Feeds
import Foundation
import Storage

/// Storing what a fetch brought: a feed's items upserted by their stable identity, and the feed's
/// fetch bookkeeping (validators, time, last error).
extension NewsRepository {
    /// Stores a fetched feed's items: new ones inserted, changed ones updated (read and starred state
    /// kept), and the feed's title, validators and fetch time recorded. One transaction.
    @discardableResult
    public func store(
        _ parsed: ParsedFeed, feedID: Int64, etag: String?, lastModified: String?, fetchedAt: Date
    ) throws -> FeedUpdate {
        try database.write { connection in
            try Self.store(
                parsed, feedID: feedID, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt,
                in: connection)
        }
    }

    /// Stores the items of a feed document read from a file, as loose items (no feed); importing the
    /// same file again adds nothing.
    @discardableResult
    public func importItems(_ parsed: ParsedFeed, fetchedAt: Date) throws -> FeedUpdate {
        try database.write { connection in
            try Self.upsert(parsed, feedID: nil, fetchedAt: fetchedAt, in: connection)
        }
    }

    /// Records a fetch answered `304 Not Modified`.
    public func recordNotModified(feedID: Int64, at date: Date) throws {
        try database.write { try Self.recordNotModified(feedID: feedID, at: date, in: $0) }
    }

    /// Records why a feed's fetch failed; its items stay as they were.
    public func recordFailure(feedID: Int64, message: String, at date: Date) throws {
        try database.write { try Self.recordFailure(feedID: feedID, message: message, at: date, in: $0) }
    }

    // MARK: - SQL

    static func subscribe(
        url: String, storing parsed: ParsedFeed, etag: String?, lastModified: String?, fetchedAt: Date,
        in connection: Connection
    ) throws -> (feed: Feed, update: FeedUpdate) {
        if let existing = try Self.feed(url: url, in: connection) {
            throw NewsError.alreadySubscribed(existing)
        }
        try connection.execute(
            FeedRow.insertSQL,
            arguments: FeedRow.arguments(
                url: url, title: parsed.title, siteURL: parsed.siteURL, etag: etag,
                lastModified: lastModified,
                lastFetchedAt: fetchedAt, createdAt: fetchedAt))
        let feedID = connection.lastInsertedRowID
        let update = try Self.upsert(parsed, feedID: feedID, fetchedAt: fetchedAt, in: connection)
        guard let feed = try Self.feed(id: feedID, in: connection) else { throw NewsError.feedNotFound(url) }
        return (feed, update)
    }

    static func store(
        _ parsed: ParsedFeed, feedID: Int64, etag: String?, lastModified: String?, fetchedAt: Date,
        in connection: Connection
    ) throws -> FeedUpdate {
        guard try Self.feed(id: feedID, in: connection) != nil else {
            throw NewsError.feedNotFound("#\(feedID)")
        }
        try connection.execute(
            """
            UPDATE feeds SET title = coalesce(?, title), site_url = coalesce(?, site_url), etag = ?,
                last_modified = ?, last_fetched_at = ?, last_error = NULL
            WHERE id = ?
            """,
            arguments: [
                parsed.title, parsed.siteURL, etag, lastModified, Timestamp.string(from: fetchedAt), feedID,
            ])
        return try Self.upsert(parsed, feedID: feedID, fetchedAt: fetchedAt, in: connection)
    }

    static func recordNotModified(feedID: Int64, at date: Date, in connection: Connection) throws {
        try connection.execute(
            "UPDATE feeds SET last_fetched_at = ?, last_error = NULL WHERE id = ?",
            arguments: [Timestamp.string(from: date), feedID])
    }

    static func recordFailure(feedID: Int64, message: String, at date: Date, in connection: Connection) throws
    {
        try connection.execute(
            "UPDATE feeds SET last_fetched_at = ?, last_error = ? WHERE id = ?",
            arguments: [Timestamp.string(from: date), message, feedID])
    }

    // MARK: - Upsert

    /// Inserts new items and updates changed ones; a missing date is the first-seen time, and an item
    /// seen before keeps the date it was first given.
    static func upsert(_ parsed: ParsedFeed, feedID: Int64?, fetchedAt: Date, in connection: Connection)
        throws
        -> FeedUpdate
    {
        var update = FeedUpdate()
        let fetched = Timestamp.string(from: fetchedAt)
        let keys = ItemIdentity.keys(for: parsed.items)
        // Two spellings, because each unique index is partial: `feed_id = ?` lets SQLite use the
        // per-feed one, `feed_id IS NULL` the loose one; `feed_id IS ?` would use neither and scan.
        let find = try connection.cachedStatement(
            feedID == nil
                ? "SELECT \(NewsItemRow.columns.sql) FROM news_items WHERE feed_id IS NULL AND guid = ?"
                : "SELECT \(NewsItemRow.columns.sql) FROM news_items WHERE guid = ? AND feed_id = ?")
        var seen: Set<String> = []
        for (item, key) in zip(parsed.items, keys) where seen.insert(key).inserted {
            let guid = feedID == nil ? "import:" + key : key
            let title = displayTitle(item)
            let source = item.author ?? parsed.title
            let published = item.publishedAt.map(Timestamp.string(from:))
            // The fullest text the feed gives, with its links listed, until items keep their short and
            // full texts apart.
            let summary = item.content?.textWithLinkList ?? item.summary
            guard let existing = try find.fetchOne(feedID.map { [guid, $0] } ?? [guid], NewsItemRow.decode)
            else {
                try connection.execute(
                    NewsItemRow.insertSQL,
                    arguments: NewsItemRow.arguments(
                        feedID: feedID, guid: guid, title: title, summary: summary, url: item.link,
                        source: source, imageURL: item.imageURL, publishedAt: published ?? fetched,
                        fetchedAt: fetched))
                update.inserted += 1
                continue
            }
            // An item seen before keeps its date when the feed gives none.
            let newPublished = published ?? Timestamp.string(from: existing.publishedAt)
            if existing.title == title && existing.summary == summary && existing.url == item.link
                && existing.source == source && existing.imageURL == item.imageURL
                && Timestamp.string(from: existing.publishedAt) == newPublished
            {
                update.unchanged += 1
                continue
            }
            try connection.execute(
                """
                UPDATE news_items SET title = ?, summary = ?, url = ?, source = ?, image_url = ?,
                    published_at = ?, fetched_at = ?
                WHERE id = ?
                """,
                arguments: [
                    title, summary, item.link, source, item.imageURL, newPublished, fetched, existing.id,
                ])
            update.updated += 1
        }
        return update
    }

    /// The title to store: the feed's, else the start of the summary, else the link.
    private static func displayTitle(_ item: ParsedFeedItem) -> String {
        if let title = item.title, !title.trimmingWhitespace().isEmpty { return title }
        if let summary = item.summary, !summary.isEmpty {
            let firstLine = summary.split(separator: "\n").first.map(String.init) ?? summary
            return firstLine.count > 80 ? String(firstLine.prefix(79)) + "…" : firstLine
        }
        return item.link ?? "(untitled)"
    }
}
