/// What storing one fetched feed changed.
public struct FeedUpdate: Sendable, Hashable {
    /// Items seen for the first time.
    public var inserted: Int
    /// Items already stored whose title, summary, link, source, image or date changed.
    public var updated: Int
    /// Items already stored and unchanged.
    public var unchanged: Int
    /// New items an ignore rule kept out.
    public var ignored: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, ignored: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.ignored = ignored
    }
}
