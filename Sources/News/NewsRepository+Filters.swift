import Basics
import FoundationEssentials
import Storage

/// Ignore rules and saved searches: what a reader keeps out, and the searches listed like feeds.
extension NewsRepository {
    // MARK: - Ignore rules

    /// Stores a rule that keeps matching items out of every refresh from now on (items stored before
    /// stay). Refused before anything is written: a rule without a condition (it would drop every
    /// item), a blank or unprintable substring, and a feed that is not subscribed.
    @discardableResult
    public func addIgnoreRule(_ rule: IgnoreRule) throws -> IgnoreRule {
        guard !rule.isEmpty else { throw NewsError.emptyIgnoreRule }
        var rule = rule
        for (field, keyPath) in [
            ("title text", \IgnoreRule.titleContains), ("author text", \IgnoreRule.authorContains),
        ] {
            guard let text = rule[keyPath: keyPath] else { continue }
            if text.unicodeScalars.contains(where: \.isControlCharacter) {
                throw NewsError.controlCharacter(field: field)
            }
            let trimmed = text.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw NewsError.blankIgnoreText(field: field) }
            guard trimmed.count <= Self.maximumTitleLength else {
                throw NewsError.tooLong(field: field, limit: Self.maximumTitleLength)
            }
            rule[keyPath: keyPath] = trimmed
        }
        return try database.write { connection in
            if let feedID = rule.feedID, try Self.feed(id: feedID, in: connection) == nil {
                throw NewsError.feedNotFound("\(feedID)")
            }
            try connection.execute(
                """
                INSERT INTO news_ignore_rules (feed_id, title_contains, author_contains, older_than_days)
                VALUES (?, ?, ?, ?)
                """,
                arguments: [
                    rule.feedID, rule.titleContains, rule.authorContains, rule.olderThanDays.map(Int64.init),
                ])
            rule.id = connection.lastInsertedRowID
            return rule
        }
    }

    /// Every ignore rule, oldest first.
    public func ignoreRules() throws -> [IgnoreRule] {
        try database.read { connection in
            try connection.cachedStatement(
                "SELECT \(IgnoreRuleRow.columns.sql) FROM news_ignore_rules ORDER BY id"
            ).fetchAll([], IgnoreRuleRow.decode)
        }
    }

    /// Removes the rule `id` and returns it; `NewsError.ignoreRuleNotFound` when there is none.
    @discardableResult
    public func removeIgnoreRule(id: Int64) throws -> IgnoreRule {
        try database.write { connection in
            guard
                let rule = try connection.cachedStatement(
                    "SELECT \(IgnoreRuleRow.columns.sql) FROM news_ignore_rules WHERE id = ?"
                ).fetchOne([id], IgnoreRuleRow.decode)
            else { throw NewsError.ignoreRuleNotFound(id: id) }
            try connection.execute("DELETE FROM news_ignore_rules WHERE id = ?", arguments: [id])
            return rule
        }
    }

    // MARK: - Saved searches

    /// How many items `query` finds (its cursor and limit aside), and how many of them are unread.
    public func counts(of query: NewsQuery) throws -> (all: Int, unread: Int) {
        var whole = query
        whole.after = nil
        whole.limit = nil
        let (sql, arguments) = try Self.pageSQL(whole)
        return try database.read { connection in
            try connection.cachedStatement(
                "SELECT count(*), coalesce(sum(read_at IS NULL), 0) FROM (\(sql))"
            ).fetchOne(arguments) { (Int($0.int64(at: 0)), Int($0.int64(at: 1))) } ?? (0, 0)
        }
    }

    /// Saves the search `words` under `name` (`news list --query NAME`). Refused before anything is
    /// written: a blank name or one with control characters, words the full-text search cannot read,
    /// and a name already saved.
    @discardableResult
    public func saveSearch(_ search: SavedSearch) throws -> SavedSearch {
        var search = search
        search.name = search.name.trimmingWhitespace()
        search.words = search.words.trimmingWhitespace()
        guard !search.name.isEmpty else { throw NewsError.blankSearchName }
        for (field, value) in [("search name", search.name), ("search words", search.words)]
        where value.unicodeScalars.contains(where: \.isControlCharacter) {
            throw NewsError.controlCharacter(field: field)
        }
        guard search.name.count <= Self.maximumTitleLength, search.words.count <= Self.maximumTitleLength
        else {
            throw NewsError.tooLong(field: "search", limit: Self.maximumTitleLength)
        }
        _ = try FullTextQuery.expression(for: search.words)
        return try database.write { connection in
            if try Self.savedSearch(named: search.name, in: connection) != nil {
                throw NewsError.searchAlreadySaved(search.name)
            }
            try connection.execute(
                "INSERT INTO news_saved_searches (name, words, unread_only) VALUES (?, ?, ?)",
                arguments: [search.name, search.words, search.unreadOnly])
            return search
        }
    }

    /// Every saved search, by name.
    public func savedSearches() throws -> [SavedSearch] {
        try database.read { connection in
            try connection.cachedStatement(
                "SELECT name, words, unread_only FROM news_saved_searches ORDER BY name"
            ).fetchAll([], SavedSearch.decode)
        }
    }

    /// The saved search `name`; `NewsError.searchNotFound` when there is none.
    public func savedSearch(named name: String) throws -> SavedSearch {
        guard let search = try database.read({ try Self.savedSearch(named: name, in: $0) }) else {
            throw NewsError.searchNotFound(name)
        }
        return search
    }

    /// Forgets the saved search `name` (its items stay); `NewsError.searchNotFound` when there is none.
    @discardableResult
    public func forgetSearch(named name: String) throws -> SavedSearch {
        try database.write { connection in
            guard let search = try Self.savedSearch(named: name, in: connection) else {
                throw NewsError.searchNotFound(name)
            }
            try connection.execute("DELETE FROM news_saved_searches WHERE name = ?", arguments: [search.name])
            return search
        }
    }

    private static func savedSearch(named name: String, in connection: Connection) throws -> SavedSearch? {
        try connection.cachedStatement(
            "SELECT name, words, unread_only FROM news_saved_searches WHERE name = ?"
        ).fetchOne([name.trimmingWhitespace()], SavedSearch.decode)
    }
}

/// A search saved under a name and listed like a feed (`news list --query NAME`).
public struct SavedSearch: Sendable, Hashable {
    public var name: String
    /// Full-text words, as `news search` takes them.
    public var words: String
    /// Whether only unread items are listed.
    public var unreadOnly: Bool

    public init(name: String, words: String, unreadOnly: Bool = false) {
        self.name = name
        self.words = words
        self.unreadOnly = unreadOnly
    }

    /// The query it stands for, with the rest of `base` (a page, a limit).
    public func query(_ base: NewsQuery = NewsQuery()) -> NewsQuery {
        var query = base
        query.text = words
        query.unreadOnly = base.unreadOnly || unreadOnly
        return query
    }

    /// Reads a row of `name, words, unread_only` (a query read once, beside its select list).
    static func decode(_ row: Statement) -> SavedSearch {
        SavedSearch(name: row.string(at: 0), words: row.string(at: 1), unreadOnly: row.int64(at: 2) != 0)
    }
}
