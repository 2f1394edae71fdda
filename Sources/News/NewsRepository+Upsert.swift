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
        // Ignore rules keep new items of a feed out; a file's loose items have no feed to match.
        let rules = try feedID.map { try IgnoreRuleRow.rules(forFeed: $0, in: connection) } ?? []
        var seenKeys: Set<String> = []
        var matchedIDs: Set<Int64> = []
        for item in parsed.items {
            let identity = ItemIdentity(item, prefix: feedID == nil ? "import:" : "")
            // The feed's word: a second entry with the same key is the same item.
            guard seenKeys.insert(identity.key).inserted else { continue }
            // An item `news prune` removed stays removed while the feed still lists it.
            if try finder.wasPruned(key: identity.key) { continue }
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
            // An item's source is its author; its feed's title is the feed's.
            let source = item.author
            let published = item.publishedAt.map(Timestamp.string(from:))
            // The short text for lists and search; the fullest one, with its links listed, for reading.
            let summary = item.summary
            let link = item.link.flatMap { WebAddress.isWeb($0) ? $0 : nil }
            let content = readingText(of: item, link: link)
            let duration = item.durationSeconds.map(Int64.init)
            let enclosures = item.enclosures.map {
                NewsEnclosure(url: $0.url, mimeType: $0.mimeType, length: $0.length.map(Int64.init))
            }
            guard let existing else {
                if let feedID, rules.contains(where: { $0.matches(item, feedID: feedID, now: fetchedAt) }) {
                    update.ignored += 1
                    continue
                }
                let itemID = try NewsItemRow.insert(
                    feedID: feedID, guid: identity.key, title: title, summary: summary, url: link,
                    source: source, imageURL: item.imageURL, publishedAt: published ?? fetched,
                    fetchedAt: fetched, content: content, durationSeconds: duration, in: connection)
                try replaceEnclosures(of: itemID, with: enclosures, in: connection)
                update.inserted += 1
                continue
            }
            // An item seen before keeps its date when the feed gives none, and always its key.
            let newPublished = published ?? Timestamp.string(from: existing.publishedAt)
            let sameFields =
                existing.title == title && existing.summary == summary && existing.content == content
                && existing.url == link && existing.source == source
                && existing.imageURL == item.imageURL && existing.durationSeconds == duration
                && Timestamp.string(from: existing.publishedAt) == newPublished
            if sameFields, try Self.enclosures(ofItem: existing.id, in: connection) == enclosures {
                update.unchanged += 1
                continue
            }
            try connection.execute(
                """
                UPDATE news_items SET title = ?, summary = ?, content = ?, url = ?, source = ?, image_url = ?,
                    published_at = ?, fetched_at = ?, duration_seconds = ?
                WHERE id = ?
                """,
                arguments: [
                    title, summary, content, link, source, item.imageURL, newPublished, fetched, duration,
                    existing.id,
                ])
            try replaceEnclosures(of: existing.id, with: enclosures, in: connection)
            update.updated += 1
        }
        return update
    }

    /// The fullest text with its links listed, for `news show`. Only a web address is stored as the
    /// item's link (`link`, the one `news open` hands to a browser); an entry's link of another kind
    /// (`magnet:`, `file:`, `javascript:`) is listed with the text's links instead, to be read, not
    /// opened.
    private static func readingText(of item: ParsedFeedItem, link: String?) -> String? {
        guard link == nil, let written = item.link, !written.isEmpty else {
            return item.content?.textWithLinkList
        }
        let article = item.content ?? ArticleText(text: item.summary ?? "")
        return article.listing(written).textWithLinkList
    }

    /// Makes `enclosures` the item's enclosures, in their order.
    private static func replaceEnclosures(
        of itemID: Int64, with enclosures: [NewsEnclosure], in connection: Connection
    ) throws {
        try connection.cachedStatement("DELETE FROM news_enclosures WHERE item_id = ?").execute(arguments: [
            itemID
        ])
        try EnclosureRow.insert(enclosures, of: itemID, in: connection)
    }

    /// The item's enclosures, in their order.
    static func enclosures(ofItem itemID: Int64, in connection: Connection) throws -> [NewsEnclosure] {
        try connection.cachedStatement(
            "SELECT \(EnclosureRow.columns.sql) FROM news_enclosures WHERE item_id = ? ORDER BY position"
        ).fetchAll([itemID], EnclosureRow.decode)
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
    private let pruned: Statement
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
        pruned = try connection.cachedStatement(
            "SELECT 1 FROM news_pruned_items WHERE feed_id = ? AND guid = ?")
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

    /// True when `news prune` removed the feed's item stored under `key` (never for loose items).
    func wasPruned(key: String) throws -> Bool {
        guard let feedID else { return false }
        return try pruned.fetchOne([feedID, key]) { _ in true } ?? false
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
