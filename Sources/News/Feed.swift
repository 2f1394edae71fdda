import FoundationEssentials

/// A subscribed feed, with what its last fetch left behind.
public struct Feed: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// Where it is fetched from (http or https).
    public var url: String
    /// The feed's own title, once fetched.
    public var title: String?
    /// The web site the feed belongs to.
    public var siteURL: String?
    /// `ETag` of the last 200 response, sent back as `If-None-Match`.
    public var etag: String?
    /// `Last-Modified` of the last 200 response, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When it was last fetched (successfully or not).
    public var lastFetchedAt: Date?
    /// Why the last fetch failed; nil after a success.
    public var lastError: String?
    public var createdAt: Date
    /// The folder it is filed under (from an OPML import); nil for none.
    public var folder: String?
    /// Why the last document fetched was not well-formed XML, when it was read in recovery mode; nil
    /// for a well-formed one.
    public var recoveredFrom: String?
    /// How many items of the last document fetched gave a date that could not be read.
    public var undatedItems: Int = 0

    /// The title when known, else the URL: how the feed is named to a person.
    public var displayName: String {
        title.flatMap { $0.isEmpty ? nil : $0 } ?? url
    }
}
