import Basics
import Feeds
import FoundationEssentials
import Storage

/// Storing what a fetch brought: a feed's items upserted by their stable identity, and the feed's
/// fetch bookkeeping (validators, time, last error).
extension NewsRepository {
    /// Stores a fetched feed's items: new ones inserted, changed ones updated (read and starred state
    /// kept), and the feed's title, validators, fetch time and (after a permanent redirect, `newAddress`)
    /// address recorded. One transaction. Throws
    /// `NewsError.feedNotFound`, storing nothing, for a feed no longer subscribed.
    @discardableResult
    public func store(
        _ parsed: ParsedFeed, feedID: Int64, etag: String?, lastModified: String?, fetchedAt: Date,
        movedTo newAddress: String? = nil, fetchedFrom finalAddress: String? = nil
    ) throws -> FeedUpdate {
        try database.write { connection in
            try Self.store(
                parsed, feedID: feedID, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt,
                movedTo: newAddress, fetchedFrom: finalAddress, in: connection)
        }
    }

    /// Stores the items of a feed document read from a file: into the subscription it is a copy of (the
    /// feed its `rel="self"` address names, else the one feed with its site's address), else as loose
    /// items; importing the same file again adds nothing. The feed's validators and fetch time are its
    /// own fetches', untouched.
    @discardableResult
    public func importItems(_ parsed: ParsedFeed, fetchedAt: Date) throws -> (update: FeedUpdate, feed: Feed?)
    {
        try database.write { connection in
            let feed = try Self.subscription(of: parsed, in: connection)
            return (try Self.upsert(parsed, feedID: feed?.id, fetchedAt: fetchedAt, in: connection), feed)
        }
    }

    /// The subscription a feed document read from a file belongs to, if one is certain.
    private static func subscription(of parsed: ParsedFeed, in connection: Connection) throws -> Feed? {
        if let selfURL = parsed.selfURL.flatMap(FeedAddress.normalised),
            let feed = try feed(reachedAt: selfURL, in: connection)
        {
            return feed
        }
        guard let site = parsed.siteURL else { return nil }
        let bySite = try connection.cachedStatement(
            "SELECT \(FeedRow.columns.sql) FROM feeds WHERE site_url = ? ORDER BY id LIMIT 2"
        ).fetchAll([site], FeedRow.decode)
        return bySite.count == 1 ? bySite[0] : nil
    }

    /// Records a fetch answered `304 Not Modified`; throws `NewsError.feedNotFound` for a feed no longer
    /// subscribed.
    public func recordNotModified(feedID: Int64, at date: Date) throws {
        try database.write { try Self.recordNotModified(feedID: feedID, at: date, in: $0) }
    }

    /// Records why a feed's fetch failed; its items stay as they were. Throws `NewsError.feedNotFound`
    /// for a feed no longer subscribed.
    public func recordFailure(feedID: Int64, message: String, at date: Date) throws {
        try database.write { try Self.recordFailure(feedID: feedID, message: message, at: date, in: $0) }
    }

    // MARK: - SQL

    static func subscribe(
        url: String, storing parsed: ParsedFeed, etag: String?, lastModified: String?, fetchedAt: Date,
        fetchedFrom finalAddress: String? = nil, in connection: Connection
    ) throws -> (feed: Feed, update: FeedUpdate) {
        if let existing = try Self.feed(url: url, in: connection) {
            throw NewsError.alreadySubscribed(existing)
        }
        let feedID = try FeedRow.insert(
            url: url, title: parsed.title, siteURL: parsed.siteURL, etag: etag, lastModified: lastModified,
            lastFetchedAt: fetchedAt, createdAt: fetchedAt, in: connection)
        try recordFetchedFrom(finalAddress, feedID: feedID, in: connection)
        try connection.execute(
            "UPDATE feeds SET recovered_from = ?, undated_items = ? WHERE id = ?",
            arguments: [parsed.recoveredFrom, Int64(parsed.unreadableDateCount), feedID])
        guard let feed = try Self.feed(id: feedID, in: connection) else { throw NewsError.feedNotFound(url) }
        try Self.reattachKeptItems(to: feed, in: connection)
        let update = try Self.upsert(parsed, feedID: feedID, fetchedAt: fetchedAt, in: connection)
        return (feed, update)
    }

    static func store(
        _ parsed: ParsedFeed, feedID: Int64, etag: String?, lastModified: String?, fetchedAt: Date,
        movedTo newAddress: String? = nil, fetchedFrom finalAddress: String? = nil, in connection: Connection
    ) throws -> FeedUpdate {
        guard try Self.feed(id: feedID, in: connection) != nil else {
            throw NewsError.feedNotFound("\(feedID)")
        }
        if let newAddress {
            // A feed moved for good (301, 308) is fetched from its new address from now on, unless that
            // address is another subscription already: then this one stays as it was (OR IGNORE).
            try connection.execute(
                "UPDATE OR IGNORE feeds SET url = ? WHERE id = ? AND url != ?",
                arguments: [newAddress, feedID, newAddress])
        }
        try recordFetchedFrom(finalAddress, feedID: feedID, in: connection)
        try connection.execute(
            """
            UPDATE feeds SET title = coalesce(?, title), site_url = coalesce(?, site_url), etag = ?,
                last_modified = ?, last_fetched_at = ?, last_error = NULL, recovered_from = ?,
                undated_items = ?
            WHERE id = ?
            """,
            arguments: [
                parsed.title, parsed.siteURL, etag, lastModified, Timestamp.string(from: fetchedAt),
                parsed.recoveredFrom, Int64(parsed.unreadableDateCount), feedID,
            ])
        return try Self.upsert(parsed, feedID: feedID, fetchedAt: fetchedAt, in: connection)
    }

    /// Records where the feed's fetch was answered from after redirects: NULL when that is its own
    /// address (or unknown).
    private static func recordFetchedFrom(_ finalAddress: String?, feedID: Int64, in connection: Connection)
        throws
    {
        try connection.execute(
            "UPDATE feeds SET fetched_from = nullif(?, url) WHERE id = ? AND fetched_from IS NOT nullif(?, url)",
            arguments: [finalAddress, feedID, finalAddress])
    }

    /// The feed whose address is `address`, or whose last fetch ended there after redirects.
    static func feed(reachedAt address: String, in connection: Connection) throws -> Feed? {
        if let feed = try feed(url: address, in: connection) { return feed }
        return try connection.cachedStatement(
            "SELECT \(FeedRow.columns.sql) FROM feeds WHERE fetched_from = ? ORDER BY id LIMIT 1"
        ).fetchOne([address], FeedRow.decode)
    }

    static func recordNotModified(feedID: Int64, at date: Date, in connection: Connection) throws {
        try connection.execute(
            "UPDATE feeds SET last_fetched_at = ?, last_error = NULL WHERE id = ?",
            arguments: [Timestamp.string(from: date), feedID])
        try requireFeedUpdated(feedID, in: connection)
    }

    static func recordFailure(feedID: Int64, message: String, at date: Date, in connection: Connection) throws
    {
        try connection.execute(
            "UPDATE feeds SET last_fetched_at = ?, last_error = ? WHERE id = ?",
            arguments: [Timestamp.string(from: date), message, feedID])
        try requireFeedUpdated(feedID, in: connection)
    }

    /// Throws `NewsError.feedNotFound` when the statement just run found no feed `feedID`: it was
    /// unsubscribed since the caller read it (a refresh fetching it, another process unsubscribing).
    private static func requireFeedUpdated(_ feedID: Int64, in connection: Connection) throws {
        if connection.changedRowCount == 0 { throw NewsError.feedNotFound("\(feedID)") }
    }
}
