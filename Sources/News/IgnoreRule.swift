import Basics
import Feeds
import FoundationEssentials
import Storage

/// A rule that keeps items out (`news ignore`, newsboat's `ignore-article`): an item a refresh brings
/// that matches every condition the rule gives is not stored. Stored in `news_ignore_rules`.
public struct IgnoreRule: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Only this feed's items; nil for every feed.
    public var feedID: Int64?
    /// Items whose title holds this text (ASCII letters compared without regard to case).
    public var titleContains: String?
    /// Items whose author holds this text (the same way).
    public var authorContains: String?
    /// Items published more than this many days before the refresh.
    public var olderThanDays: Int?

    /// A rule; at least one condition is needed (the store refuses one without).
    public init(
        id: Int64 = 0, feedID: Int64? = nil, titleContains: String? = nil, authorContains: String? = nil,
        olderThanDays: Int? = nil
    ) {
        self.id = id
        self.feedID = feedID
        self.titleContains = titleContains
        self.authorContains = authorContains
        self.olderThanDays = olderThanDays
    }

    /// True when the rule gives no condition at all.
    public var isEmpty: Bool {
        feedID == nil && titleContains == nil && authorContains == nil && olderThanDays == nil
    }

    /// Whether `item`, arriving in feed `feedID` at `now`, is to be kept out. An undated item is not
    /// older than anything.
    func matches(_ item: ParsedFeedItem, feedID: Int64, now: Date) -> Bool {
        if let wanted = self.feedID, wanted != feedID { return false }
        if let text = titleContains, !Self.contains(item.title, text) { return false }
        if let text = authorContains, !Self.contains(item.author, text) { return false }
        if let days = olderThanDays {
            guard let published = item.publishedAt,
                published < now.addingTimeInterval(-Double(days) * 86_400)
            else { return false }
        }
        return true
    }

    private static func contains(_ field: String?, _ text: String) -> Bool {
        guard let field else { return false }
        return field.asciiLowercased.contains(text.asciiLowercased)
    }
}

/// How an `IgnoreRule` maps to a row of `news_ignore_rules`.
package enum IgnoreRuleRow {
    package enum Column: Int32, TableColumn {
        case id, feedID, titleContains, authorContains, olderThanDays

        package var name: String {
            switch self {
            case .id: "id"
            case .feedID: "feed_id"
            case .titleContains: "title_contains"
            case .authorContains: "author_contains"
            case .olderThanDays: "older_than_days"
            }
        }
    }

    package static let columns = ColumnList<Column>(table: "news_ignore_rules")

    package static func decode(_ row: Statement) -> IgnoreRule {
        IgnoreRule(
            id: row.int64(Column.id), feedID: row.optionalInt64(Column.feedID),
            titleContains: row.optionalString(Column.titleContains),
            authorContains: row.optionalString(Column.authorContains),
            olderThanDays: row.optionalInt64(Column.olderThanDays).map { Int(clamping: $0) })
    }

    /// The rules that hold for feed `feedID`: its own and those for every feed.
    static func rules(forFeed feedID: Int64, in connection: Connection) throws -> [IgnoreRule] {
        try connection.cachedStatement(
            "SELECT \(columns.sql) FROM news_ignore_rules WHERE feed_id IS NULL OR feed_id = ? ORDER BY id"
        ).fetchAll([feedID], decode)
    }
}
