import Basics
import FoundationEssentials
import Storage

/// What a reader does to many items at once: marking them read, letting old ones go, and the counts and
/// attachments the reading commands show.
extension NewsRepository {
    /// Which items `markRead(_:at:)` marks.
    public enum ReadScope: Sendable, Hashable {
        /// Every item.
        case all
        /// Every item of one feed.
        case feed(Int64)
        /// The item with this id and every item older than it (by date, then id), as `news list` orders
        /// them: everything up to it.
        case upTo(itemID: Int64)
    }

    /// Marks the unread items of `scope` read, in one transaction; returns how many changed. Throws
    /// `NewsError.feedNotFound` or `.itemNotFound`, changing nothing, for a feed or item that is not there.
    @discardableResult
    public func markRead(_ scope: ReadScope, at date: Date = Date()) throws -> Int {
        let now = Timestamp.string(from: date)
        return try database.write { connection in
            switch scope {
            case .all:
                try connection.execute(
                    "UPDATE news_items SET read_at = ? WHERE read_at IS NULL", arguments: [now])
            case .feed(let feedID):
                guard try Self.feed(id: feedID, in: connection) != nil else {
                    throw NewsError.feedNotFound("\(feedID)")
                }
                try connection.execute(
                    "UPDATE news_items SET read_at = ? WHERE feed_id = ? AND read_at IS NULL",
                    arguments: [now, feedID])
            case .upTo(let itemID):
                guard let item = try Self.item(id: itemID, in: connection) else {
                    throw NewsError.itemNotFound(id: itemID)
                }
                let published = Timestamp.string(from: item.publishedAt)
                // The expanded form of (published_at, id) <= (?, ?), as a page's cursor is written.
                try connection.execute(
                    """
                    UPDATE news_items SET read_at = ?
                    WHERE published_at <= ? AND (published_at < ? OR id <= ?) AND read_at IS NULL
                    """, arguments: [now, published, published, itemID])
            }
            return connection.changedRowCount
        }
    }

    /// Deletes the read, unstarred items published before `cutoff`, in one transaction, and remembers
    /// the identities of those that came from a feed, so that a refresh does not store them again while
    /// the feed still lists them. Returns how many went.
    @discardableResult
    public func prune(publishedBefore cutoff: Date, now: Date = Date()) throws -> Int {
        let before = Timestamp.string(from: cutoff)
        let condition = "read_at IS NOT NULL AND starred = 0 AND published_at < ?"
        return try database.write { connection in
            try connection.execute(
                """
                INSERT OR IGNORE INTO news_pruned_items (feed_id, guid, pruned_at)
                SELECT feed_id, guid, ? FROM news_items WHERE feed_id IS NOT NULL AND \(condition)
                """, arguments: [Timestamp.string(from: now), before])
            try connection.execute("DELETE FROM news_items WHERE \(condition)", arguments: [before])
            return connection.changedRowCount
        }
    }

    /// How many unread items each feed has, by feed id; a feed with none is absent.
    public func unreadCounts() throws -> [Int64: Int] {
        try database.read { connection in
            let counts = try connection.cachedStatement(
                "SELECT feed_id, count(*) FROM news_items WHERE feed_id IS NOT NULL AND read_at IS NULL "
                    + "GROUP BY feed_id"
            ).fetchAll([]) { ($0.int64(at: 0), $0.int(at: 1)) }
            return Dictionary(counts, uniquingKeysWith: +)
        }
    }

    /// The files attached to an item, in the feed's order.
    public func enclosures(ofItem itemID: Int64) throws -> [NewsEnclosure] {
        try database.read { try Self.enclosures(ofItem: itemID, in: $0) }
    }
}
