import Basics
import Feeds
import FoundationEssentials
import Storage

/// Storing a feed document's entries: each found by its identity (`ItemIdentity`) among the items
/// already stored, then inserted, updated or left alone.
extension NewsRepository {
    /// Inserts new items and updates changed ones; a missing date is the first-seen time, and an item
    /// seen before keeps the date it was first given. Read and starred state are never touched.
    ///
    /// `feedID` nil stores loose items (imported from a file), whose keys start with `import:`.
    static func upsert(_ parsed: ParsedFeed, feedID: Int64?, fetchedAt: Date, in connection: Connection)
        throws -> FeedUpdate
    {
        var update = FeedUpdate()
        let fetched = Timestamp.string(from: fetchedAt)
        let finder = try StoredItemFinder(feedID: feedID, in: connection)
        var seenKeys: Set<String> = []
        var matchedIDs: Set<Int64> = []
        for item in parsed.items {
            let identity = ItemIdentity(item, prefix: feedID == nil ? "import:" : "")
            // The feed's word: a second entry with the same key is the same item.
            guard seenKeys.insert(identity.key).inserted else { continue }
            let title = displayTitle(item)
            let existing: NewsItem?
            if let found = try finder.item(key: identity.key) {
                // An item already claimed by an earlier entry of this document through a stored key.
                guard matchedIDs.insert(found.id).inserted else { continue }
                existing = found
            } else {
                existing = try finder.earlierItem(for: identity, title: title, excluding: matchedIDs)
                if let existing { matchedIDs.insert(existing.id) }
            }
            let source = item.author ?? parsed.title
            let published = item.publishedAt.map(Timestamp.string(from:))
            // The fullest text the feed gives, with its links listed, until items keep their short and
            // full texts apart.
            let summary = item.content?.textWithLinkList ?? item.summary
            guard let existing else {
                try connection.execute(
                    NewsItemRow.insertSQL,
                    arguments: NewsItemRow.arguments(
                        feedID: feedID, guid: identity.key, title: title, summary: summary, url: item.link,
                        source: source, imageURL: item.imageURL, publishedAt: published ?? fetched,
                        fetchedAt: fetched))
                update.inserted += 1
                continue
            }
            // An item seen before keeps its date when the feed gives none, and always its key.
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

    /// The title to store: the feed's, else the first line of the summary that is not blank (cut at 80
    /// characters), else the link, else `(untitled)`: never blank, which the table's CHECK refuses.
    static func displayTitle(_ item: ParsedFeedItem) -> String {
        if let title = item.title, !title.trimmingWhitespace().isEmpty { return title }
        let firstLine = item.summary?.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingWhitespace() }
            .first { !$0.isEmpty }
        if let firstLine {
            return firstLine.count > 80 ? String(firstLine.prefix(79)) + "…" : firstLine
        }
        if let link = item.link?.trimmingWhitespace(), !link.isEmpty { return link }
        return "(untitled)"
    }
}

/// Finds the stored items of one feed (or the loose imported items) by key.
private struct StoredItemFinder {
    private let feedID: Int64?
    private let byKey: Statement
    private let byKeyAndTitle: Statement
    /// Whether any item is stored under a key this program derives (`link:`, `text:`, `title:`): only
    /// then can an entry's item carry a key other than the entry's own, so only then are the other keys
    /// worth working out (a fingerprint reads the whole text) and looking up.
    private let hasDerivedKeys: Bool

    /// Two spellings, because each unique index is partial: `feed_id = ?` lets SQLite use the per-feed
    /// one, `feed_id IS NULL AND kept_from = ''` the loose one; `feed_id IS ?` would use neither and scan.
    init(feedID: Int64?, in connection: Connection) throws {
        self.feedID = feedID
        let items =
            feedID == nil
            ? "FROM news_items WHERE feed_id IS NULL AND kept_from = '' AND guid"
            : "FROM news_items WHERE feed_id = ? AND guid"
        let select = "SELECT \(NewsItemRow.columns.sql) \(items) = ?"
        byKey = try connection.cachedStatement(select)
        byKeyAndTitle = try connection.cachedStatement(select + " AND title = ?")
        let prefix = feedID == nil ? "import:" : ""
        // GLOB with a literal prefix is a range of the unique index on (feed_id, guid) or (kept_from, guid).
        let derived = try connection.cachedStatement(
            "SELECT EXISTS (SELECT 1 \(items) GLOB ?) OR EXISTS (SELECT 1 \(items) GLOB ?) "
                + "OR EXISTS (SELECT 1 \(items) GLOB ?)")
        let patterns = ["link:*", "text:*", "title:*"].map { prefix + $0 }
        let arguments: [any SQLBindable] =
            feedID.map { id in patterns.flatMap { [id, $0] as [any SQLBindable] } } ?? patterns
        hasDerivedKeys = try derived.fetchOne(arguments) { $0.int(at: 0) != 0 } ?? false
    }

    /// The item stored under `key`.
    func item(key: String) throws -> NewsItem? {
        try byKey.fetchOne(arguments(key), NewsItemRow.decode)
    }

    /// An item stored for this entry under a key it no longer gets (see `ItemIdentity`), not one of
    /// `excluded` (already claimed by another entry of the document).
    func earlierItem(for identity: ItemIdentity, title: String, excluding excluded: Set<Int64>) throws
        -> NewsItem?
    {
        guard hasDerivedKeys else { return nil }
        if let key = identity.keyWithoutGuid(), let found = try item(key: key), !excluded.contains(found.id) {
            return found
        }
        for key in identity.earlierRuleKeys() {
            if let found = try byKeyAndTitle.fetchOne(arguments(key) + [title], NewsItemRow.decode),
                !excluded.contains(found.id)
            {
                return found
            }
        }
        return nil
    }

    private func arguments(_ key: String) -> [any SQLBindable] {
        feedID.map { [$0, key] } ?? [key]
    }
}
