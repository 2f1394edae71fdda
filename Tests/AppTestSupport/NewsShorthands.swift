import Foundation
import News

/// The tests' way of naming feeds as a person types them: the text goes through the same parsers the
/// command line uses (`FeedAddress`, `FeedReference`), and one that does not parse is refused as the
/// command line refuses it.
extension NewsRepository {
    /// Subscribes to the feed at `url`, typed as text.
    @discardableResult
    public func subscribe(url: String) throws -> Feed {
        guard let address = FeedAddress(url) else { throw NewsError.invalidFeedURL(url) }
        return try subscribe(address)
    }

    /// Subscribes to the feed at `url`.
    @discardableResult
    public func subscribe(url: URL) throws -> Feed {
        try subscribe(url: url.absoluteString)
    }

    /// Unsubscribes the feed `reference` names (`3`, `#3`, or its address).
    @discardableResult
    public func unsubscribe(_ reference: String) throws -> Unsubscribed {
        guard let parsed = FeedReference(reference) else { throw NewsError.feedNotFound(reference) }
        return try unsubscribe(parsed)
    }

    /// The feed `reference` names, or nil.
    public func feed(reference: String) throws -> Feed? {
        guard let parsed = FeedReference(reference) else { throw NewsError.feedNotFound(reference) }
        return try feed(parsed)
    }
}
