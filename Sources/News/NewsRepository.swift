import Basics
import Feeds
import FoundationEssentials
import Storage

/// The news reading list: subscriptions, the items fetched from them or added by hand, read and starred
/// state, and pages of items newest first.
///
/// Each write is one transaction; refusals (`NewsError`) happen before anything is written.
public final class NewsRepository: Sendable {
    /// The database the news lives in.
    package let database: Database

    /// The longest title or source accepted for a hand-written item.
    public static let maximumTitleLength = 1_000

    /// A repository over `database`, which must already be migrated (see `AppDatabase`).
    package init(database: Database) {
        self.database = database
    }

    // MARK: - Feeds

    /// Subscribes to the feed at `address`; refuses an address already subscribed.
    @discardableResult
    public func subscribe(_ address: FeedAddress) throws -> Feed {
        try database.write { connection in
            if let existing = try Self.feed(url: address.text, in: connection) {
                throw NewsError.alreadySubscribed(existing)
            }
            return try Self.insertFeed(url: address.text, in: connection)
        }
    }

    /// A feed to subscribe to, with the title and folder an OPML file gives it.
    public struct NewSubscription: Sendable, Hashable {
        public var address: FeedAddress
        /// Its title until its first fetch gives one.
        public var title: String?
        /// The folder it is filed under.
        public var folder: String?

        public init(address: FeedAddress, title: String? = nil, folder: String? = nil) {
            self.address = address
            self.title = title
            self.folder = folder
        }
    }

    /// What `subscribe(_:)` did with a list of feeds.
    public struct ListSubscription: Sendable, Hashable {
        /// The feeds added, in the list's order.
        public var added: [Feed] = []
        /// Entries whose feed was subscribed before.
        public var alreadySubscribed = 0
        /// Entries that repeat an earlier one of the list (the same address, in any spelling): the
        /// first counts, with its title and folder.
        public var repeated = 0
        /// Feeds subscribed before that the list files under another folder: moved into it.
        public var movedToFolder = 0
    }

    /// Subscribes to each entry of a list (an OPML import) not subscribed yet, with its title and
    /// folder, in one transaction: all of them or, when one cannot be stored, none. Says which entries
    /// were added (in order), which were subscribed before and which repeat an earlier entry of the list
    /// (the same address in any spelling), so a file listing a feed twice is not taken for one that was
    /// already subscribed.
    @discardableResult
    public func subscribe(_ entries: [NewSubscription]) throws -> ListSubscription {
        try database.write { connection in
            var seen: Set<String> = []
            var outcome = ListSubscription()
            for entry in entries {
                let address = entry.address.text
                guard seen.insert(address).inserted else {
                    outcome.repeated += 1
                    continue
                }
                if let existing = try Self.feed(url: address, in: connection) {
                    outcome.alreadySubscribed += 1
                    // The list's folder is where the person filed the feed: an existing one moves there.
                    if let folder = entry.folder?.trimmingWhitespace(), !folder.isEmpty,
                        existing.folder != folder
                    {
                        try connection.execute(
                            "UPDATE feeds SET folder = ? WHERE id = ?", arguments: [folder, existing.id])
                        outcome.movedToFolder += 1
                    }
                } else {
                    outcome.added.append(
                        try Self.insertFeed(
                            url: address, title: entry.title, folder: entry.folder, in: connection))
                }
            }
            return outcome
        }
    }

    /// Subscribes to `address` and stores its first fetch, in one transaction.
    public func subscribe(
        _ address: FeedAddress, storing parsed: ParsedFeed, etag: String?, lastModified: String?,
        fetchedAt: Date
    )
        throws -> (feed: Feed, update: FeedUpdate)
    {
        try database.write { connection in
            try Self.subscribe(
                url: address.text, storing: parsed, etag: etag, lastModified: lastModified,
                fetchedAt: fetchedAt,
                in: connection)
        }
    }

    /// What `unsubscribe` did.
    public struct Unsubscribed: Sendable, Hashable {
        /// The feed as it was.
        public var feed: Feed
        /// Its items that went with it.
        public var removedItems: Int
        /// Its starred items, kept as loose items.
        public var keptStarredItems: Int
    }

    /// Unsubscribes the feed with this id or address. Its items go with it, except starred ones, which
    /// stay as loose items.
    @discardableResult
    public func unsubscribe(_ reference: FeedReference) throws -> Unsubscribed {
        try database.write { connection in
            guard let feed = try Self.feed(reference, in: connection) else {
                throw NewsError.feedNotFound(reference.description)
            }
            let (items, starred) =
                try connection.cachedStatement(
                    "SELECT count(*), coalesce(sum(starred), 0) FROM news_items WHERE feed_id = ?"
                ).fetchOne([feed.id]) { ($0.int64(at: 0), $0.int64(at: 1)) } ?? (0, 0)
            try Self.keepStarredItems(of: feed, in: connection)
            try connection.execute("DELETE FROM feeds WHERE id = ?", arguments: [feed.id])
            return Unsubscribed(
                feed: feed, removedItems: Int(items - starred), keptStarredItems: Int(starred))
        }
    }

    /// Every subscribed feed, in the order subscribed.
    public func feeds() throws -> [Feed] {
        try database.read(Self.feeds(in:))
    }

    /// Whether any feed is filed under `folder`.
    public func hasFolder(_ folder: String) throws -> Bool {
        try database.read { connection in
            try connection.cachedStatement("SELECT EXISTS (SELECT 1 FROM feeds WHERE folder = ?)")
                .fetchOne([folder]) { $0.int64(at: 0) != 0 } ?? false
        }
    }

    /// The feed with this id or address, or nil.
    public func feed(_ reference: FeedReference) throws -> Feed? {
        try database.read { try Self.feed(reference, in: $0) }
    }

    // MARK: - Items

    /// Adds a hand-written item and returns it.
    @discardableResult
    public func add(_ draft: NewsItemDraft, now: Date = Date()) throws -> NewsItem {
        let title = draft.title.trimmingWhitespace()
        if title.isEmpty { throw NewsError.blankTitle }
        for (field, value) in [
            ("title", title), ("source", draft.source), ("URL", draft.url), ("image URL", draft.imageURL),
        ] {
            guard let value else { continue }
            if value.unicodeScalars.contains(where: \.isControlCharacter) {
                throw NewsError.controlCharacter(field: field)
            }
            if value.count > Self.maximumTitleLength {
                throw NewsError.tooLong(field: field, limit: Self.maximumTitleLength)
            }
        }
        if let url = draft.url, !WebAddress.isWeb(url) { throw NewsError.notAWebAddress(url) }
        let guid = "manual:" + UUID().uuidString.lowercased()
        return try database.write { connection in
            let id = try NewsItemRow.insert(
                feedID: nil, guid: guid, title: title, summary: draft.summary, url: draft.url,
                source: draft.source, imageURL: draft.imageURL,
                publishedAt: Timestamp.string(from: draft.publishedAt ?? now),
                fetchedAt: Timestamp.string(from: now), in: connection)
            guard let item = try Self.item(id: id, in: connection) else {
                throw NewsError.itemNotFound(id: id)
            }
            return item
        }
    }

    /// The items matching `text` in their title or summary, best match first (bm25). Throws
    /// `FullTextQuery.Problem` for text with no words.
    public func search(_ text: String, limit: Int? = nil) throws -> [NewsItem] {
        let expression = try FullTextQuery.expression(for: text)
        return try database.read { connection in
            try connection.cachedStatement(
                """
                SELECT \(NewsItemRow.columns.qualified) FROM news_items_fts JOIN news_items ON news_items.id = news_items_fts.rowid
                WHERE news_items_fts MATCH ? ORDER BY rank, news_items.id LIMIT ?
                """
            ).fetchAll([expression, limit ?? -1], NewsItemRow.decode)
        }
    }

    /// The item with `id`, or nil.
    public func item(id: Int64) throws -> NewsItem? {
        try database.read { try Self.item(id: id, in: $0) }
    }

    /// The page of items `query` selects, newest first.
    public func page(_ query: NewsQuery) throws -> [NewsItem] {
        try database.read { try Self.page(query, in: $0) }
    }

    /// Marks an item read (now) or unread; returns it as stored.
    @discardableResult
    public func setRead(id: Int64, _ isRead: Bool, at date: Date = Date()) throws -> NewsItem {
        try update(id: id) { connection in
            if isRead {
                // An item read before keeps the time it was first read.
                try connection.execute(
                    "UPDATE news_items SET read_at = ? WHERE id = ? AND read_at IS NULL",
                    arguments: [Timestamp.string(from: date), id])
            } else {
                try connection.execute(
                    "UPDATE news_items SET read_at = NULL WHERE id = ? AND read_at IS NOT NULL",
                    arguments: [id])
            }
        }
    }

    /// Stars or unstars an item; returns it as stored.
    @discardableResult
    public func setStarred(id: Int64, _ isStarred: Bool) throws -> NewsItem {
        try update(id: id) { connection in
            try connection.execute(
                "UPDATE news_items SET starred = ? WHERE id = ? AND starred != ?",
                arguments: [isStarred, id, isStarred])
        }
    }

    /// A signal once the observation is in place, then after every commit that may change what `query`
    /// selects: one that wrote to a table its query reads (`news_items`, and the full-text index when it
    /// filters by text), from this process, or any commit from another process. See
    /// `Database.commits(touchingTablesReadBy:)`.
    public func changes(of query: NewsQuery) -> AsyncStream<Void> {
        // The tables come from the compiled query, so a page of no rows finds them as well as any.
        var probe = query
        probe.limit = 0
        return database.commits(touchingTablesReadBy: Self.pageReader(probe))
    }

    /// Reads the page `query` selects and drops it: what `changes(of:)` learns the tables from.
    private static func pageReader(_ query: NewsQuery) -> @Sendable (Connection) throws -> Void {
        { connection in _ = try page(query, in: connection) }
    }

    // MARK: - SQL

    /// Adds a subscription to `url` (normalised already), not fetched yet, and takes back the starred
    /// items kept from an earlier subscription to it.
    private static func insertFeed(
        url: String, title: String? = nil, folder: String? = nil, in connection: Connection
    ) throws -> Feed {
        let folder = folder?.trimmingWhitespace()
        let id = try FeedRow.insert(
            url: url, title: title, siteURL: nil, etag: nil, lastModified: nil, lastFetchedAt: nil,
            createdAt: Date(), folder: folder?.isEmpty == false ? folder : nil, in: connection)
        guard let feed = try Self.feed(id: id, in: connection) else { throw NewsError.feedNotFound(url) }
        try reattachKeptItems(to: feed, in: connection)
        return feed
    }

    /// Gives a feed back the starred items kept when it was unsubscribed (`kept_from` is its address), so
    /// that its next fetch updates them instead of storing second copies.
    static func reattachKeptItems(to feed: Feed, in connection: Connection) throws {
        try connection.execute(
            "UPDATE news_items SET feed_id = ?, kept_from = '' WHERE feed_id IS NULL AND kept_from = ?",
            arguments: [feed.id, feed.url])
    }

    /// Keeps a feed's starred items when it goes: detached, with the feed's address in `kept_from` and its
    /// name as their source when they have none. Two feeds may share guids, so kept items are told apart
    /// by the address too (migration 0006). An item kept from an earlier subscription to the same address
    /// under the same guid is the same item: it takes this copy's text and keeps the earlier read time,
    /// and this copy goes with the feed.
    private static func keepStarredItems(of feed: Feed, in connection: Connection) throws {
        try connection.execute(
            """
            UPDATE news_items AS kept SET title = fresh.title, summary = fresh.summary,
                content = coalesce(fresh.content, kept.content), url = fresh.url,
                source = coalesce(fresh.source, ?), image_url = fresh.image_url,
                published_at = fresh.published_at, fetched_at = fresh.fetched_at,
                read_at = coalesce(min(kept.read_at, fresh.read_at), kept.read_at, fresh.read_at)
            FROM news_items AS fresh
            WHERE fresh.feed_id = ? AND fresh.starred = 1
                AND kept.feed_id IS NULL AND kept.kept_from = ? AND kept.guid = fresh.guid
            """, arguments: [feed.displayName, feed.id, feed.url])
        try connection.execute(
            """
            UPDATE news_items SET feed_id = NULL, kept_from = ?, source = coalesce(source, ?)
            WHERE feed_id = ? AND starred = 1 AND NOT EXISTS (
                SELECT 1 FROM news_items AS kept
                WHERE kept.feed_id IS NULL AND kept.kept_from = ? AND kept.guid = news_items.guid)
            """, arguments: [feed.url, feed.displayName, feed.id, feed.url])
    }

    private func update(id: Int64, _ change: (Connection) throws -> Void) throws -> NewsItem {
        try database.write { connection in
            guard try Self.item(id: id, in: connection) != nil else { throw NewsError.itemNotFound(id: id) }
            try change(connection)
            guard let item = try Self.item(id: id, in: connection) else {
                throw NewsError.itemNotFound(id: id)
            }
            return item
        }
    }

    static func item(id: Int64, in connection: Connection) throws -> NewsItem? {
        try connection.cachedStatement("SELECT \(NewsItemRow.columns.sql) FROM news_items WHERE id = ?")
            .fetchOne([id], NewsItemRow.decode)
    }

    static func feeds(in connection: Connection) throws -> [Feed] {
        try connection.cachedStatement("SELECT \(FeedRow.columns.sql) FROM feeds ORDER BY id")
            .fetchAll([], FeedRow.decode)
    }

    static func feed(id: Int64, in connection: Connection) throws -> Feed? {
        try connection.cachedStatement("SELECT \(FeedRow.columns.sql) FROM feeds WHERE id = ?")
            .fetchOne([id], FeedRow.decode)
    }

    static func feed(url: String, in connection: Connection) throws -> Feed? {
        try connection.cachedStatement("SELECT \(FeedRow.columns.sql) FROM feeds WHERE url = ?")
            .fetchOne([url], FeedRow.decode)
    }

    static func feed(_ reference: FeedReference, in connection: Connection) throws -> Feed? {
        switch reference {
        case .id(let id): return try feed(id: id, in: connection)
        // Any spelling of a subscribed address was made the stored one where it was typed.
        case .address(let address): return try feed(url: address.text, in: connection)
        case .title(let title):
            // Two feeds may share a title: then neither is taken, and their numbers are named.
            let feeds = try connection.cachedStatement(
                "SELECT \(FeedRow.columns.sql) FROM feeds WHERE title = ? COLLATE NOCASE ORDER BY id LIMIT 3"
            ).fetchAll([title], FeedRow.decode)
            guard feeds.count < 2 else { throw NewsError.feedTitleShared(title, ids: feeds.map(\.id)) }
            return feeds.first
        }
    }

    static func page(_ query: NewsQuery, in connection: Connection) throws -> [NewsItem] {
        let (sql, arguments) = try pageSQL(query)
        return try connection.cachedStatement(sql).fetchAll(arguments, NewsItemRow.decode)
    }

    /// The statement and arguments that read one page of `query`: filters, the key-based cursor, newest
    /// first, on the `news_items_newest` or `news_items_by_feed` index (tests check the plan).
    package static func pageSQL(_ query: NewsQuery) throws -> (sql: String, arguments: [any SQLBindable]) {
        var conditions: [String] = []
        var arguments: [any SQLBindable] = []
        if let feedID = query.feedID {
            conditions.append("feed_id = ?")
            arguments.append(feedID)
        }
        if let folder = query.folder {
            conditions.append("feed_id IN (SELECT id FROM feeds WHERE folder = ?)")
            arguments.append(folder)
        }
        if query.unreadOnly {
            conditions.append("read_at IS NULL")
        }
        if query.starredOnly {
            conditions.append("starred = 1")
        }
        if let text = query.text, !text.trimmingWhitespace().isEmpty {
            conditions.append("id IN (SELECT rowid FROM news_items_fts WHERE news_items_fts MATCH ?)")
            arguments.append(try FullTextQuery.expression(for: text))
        }
        if let after = query.after {
            // The expanded form of (published_at, id) < (?, ?), which SQLite can seek in the index.
            conditions.append("published_at <= ? AND (published_at < ? OR id < ?)")
            arguments += [after.publishedAt, after.publishedAt, after.id]
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(query.limit ?? -1)
        let sql = """
            SELECT \(NewsItemRow.columns.sql) FROM news_items \(whereClause)
            ORDER BY published_at DESC, id DESC LIMIT ?
            """
        return (sql, arguments)
    }
}
