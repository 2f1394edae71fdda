import FoundationEssentials

/// What to fetch: a feed URL plus the validators saved from the last fetch, for a conditional GET.
public struct FeedRequest: Sendable, Equatable {
    /// The feed's address; only `http` and `https` are fetched.
    public var url: URL
    /// The `ETag` the server sent last time, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` the server sent last time, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// A request; pass the saved validators so an unchanged feed costs a 304 and no body.
    public init(url: URL, etag: String? = nil, lastModified: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// The outcome of a successful fetch.
public enum FeedFetchResult: Sendable, Equatable {
    /// The server answered 304: the feed has not changed since the validators were saved.
    case notModified
    /// The body of a 2xx answer, the validators to save for next time, the URL it came from after
    /// redirects (use it as the base URL when parsing) and the `Content-Type` it came with (pass it to
    /// the parser, which reads its charset when the document declares none).
    /// `permanentURL` is the feed's new address when every redirect on the way was permanent (301,
    /// 308), which a subscription should take; nil without redirects or after a temporary one.
    case fetched(
        body: Data, etag: String?, lastModified: String?, finalURL: URL, contentType: String?,
        permanentURL: URL? = nil)
}
