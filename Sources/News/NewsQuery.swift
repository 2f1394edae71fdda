/// Which news items to list: a filter and a page, newest first.
public struct NewsQuery: Sendable, Hashable {
    public var unreadOnly: Bool
    public var starredOnly: Bool
    public var feedID: Int64?
    /// Only items of the feeds filed under this folder.
    public var folder: String?
    /// Only items matching these words (full-text search); nil means all.
    public var text: String?
    /// Start after this point (the end of the previous page).
    public var after: NewsCursor?
    public var limit: Int?

    /// A query; the default lists every item, newest first.
    public init(
        unreadOnly: Bool = false, starredOnly: Bool = false, feedID: Int64? = nil, text: String? = nil,
        after: NewsCursor? = nil, limit: Int? = nil
    ) {
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.feedID = feedID
        self.text = text
        self.after = after
        self.limit = limit
    }
}
