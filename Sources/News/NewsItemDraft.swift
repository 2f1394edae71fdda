import FoundationEssentials

/// A news item written by hand (`movies news add`).
public struct NewsItemDraft: Sendable, Hashable {
    public var title: String
    public var summary: String?
    public var source: String?
    public var url: String?
    public var imageURL: String?
    /// When it was published; now when nil.
    public var publishedAt: Date?

    /// A draft; only the title is required.
    public init(
        title: String, summary: String? = nil, source: String? = nil, url: String? = nil,
        imageURL: String? = nil,
        publishedAt: Date? = nil
    ) {
        self.title = title
        self.summary = summary
        self.source = source
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
    }
}
