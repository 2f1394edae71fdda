import Feeds
import FoundationEssentials
import Storage

/// The repository's reads and writes for async code: the same work as the synchronous methods, run on
/// the database's reader or writer queue so a busy timeout never holds a thread of the cooperative pool
/// (see `Database`). Async callers get these by default.
///
/// Only what async code calls is here: `page` for the news list's view model, and, inside this module,
/// what `NewsRefresher` stores between fetches.
extension NewsRepository {
    /// The page of items `query` selects, newest first.
    public func page(_ query: NewsQuery) async throws -> [NewsItem] {
        try await database.read { try Self.page(query, in: $0) }
    }

    /// Every subscribed feed, in the order subscribed.
    func feeds() async throws -> [Feed] {
        try await database.read { try Self.feeds(in: $0) }
    }

    /// The feed with this id or address, or nil.
    func feed(_ reference: FeedReference) async throws -> Feed? {
        try await database.read { try Self.feed(reference, in: $0) }
    }

    /// The feed whose address is `address`, or whose last fetch ended there after redirects, or nil.
    func feed(reachedAt address: String) async throws -> Feed? {
        try await database.read { try Self.feed(reachedAt: address, in: $0) }
    }

    /// Subscribes to `address` and stores its first fetch, in one transaction.
    func subscribe(
        _ address: FeedAddress, storing parsed: ParsedFeed, etag: String?, lastModified: String?,
        fetchedAt: Date, fetchedFrom finalAddress: String? = nil
    ) async throws -> (feed: Feed, update: FeedUpdate) {
        try await database.write { connection in
            try Self.subscribe(
                url: address.text, storing: parsed, etag: etag, lastModified: lastModified,
                fetchedAt: fetchedAt,
                fetchedFrom: finalAddress, in: connection)
        }
    }

    /// Stores a fetched feed's items and fetch bookkeeping. One transaction.
    func store(
        _ parsed: ParsedFeed, feedID: Int64, etag: String?, lastModified: String?, fetchedAt: Date,
        movedTo newAddress: String? = nil, fetchedFrom finalAddress: String? = nil
    ) async throws -> FeedUpdate {
        try await database.write { connection in
            try Self.store(
                parsed, feedID: feedID, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt,
                movedTo: newAddress, fetchedFrom: finalAddress, in: connection)
        }
    }

    /// Records a fetch answered `304 Not Modified`.
    func recordNotModified(feedID: Int64, at date: Date) async throws {
        try await database.write { try Self.recordNotModified(feedID: feedID, at: date, in: $0) }
    }

    /// Records why a feed's fetch failed; its items stay as they were.
    func recordFailure(feedID: Int64, message: String, at date: Date) async throws {
        try await database.write {
            try Self.recordFailure(feedID: feedID, message: message, at: date, in: $0)
        }
    }
}
