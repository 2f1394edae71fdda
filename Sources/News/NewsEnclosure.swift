/// A file attached to a news item (podcast audio, a video, an image), as its feed described it.
public struct NewsEnclosure: Sendable, Hashable {
    public var url: String
    /// Its MIME type (`audio/mpeg`); nil when the feed did not say.
    public var mimeType: String?
    /// Its size in bytes as the feed declares it; nil when the feed did not say.
    public var length: Int64?

    public init(url: String, mimeType: String? = nil, length: Int64? = nil) {
        self.url = url
        self.mimeType = mimeType
        self.length = length
    }
}
