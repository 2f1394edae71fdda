import Feeds
import Foundation

/// The key that identifies a feed's entry across refreshes, so nothing comes back as new or doubled.
///
/// The feed's own guid when it gives one; otherwise the link; when several entries of the document
/// share a link (a feed linking every entry to its home page), the link with the entry's date; and
/// with no link, the title (with the date when the feed has one).
enum ItemIdentity {
    /// The keys of `items`, in order.
    static func keys(for items: [ParsedFeedItem]) -> [String] {
        var linkCounts: [String: Int] = [:]
        for item in items {
            if item.guid == nil, let link = item.link {
                linkCounts[link, default: 0] += 1
            }
        }
        return items.map { item in
            if let guid = item.guid, !guid.isEmpty { return guid }
            let date = item.publishedAt.map(Timestamp.string(from:))
            if let link = item.link, !link.isEmpty {
                if linkCounts[link, default: 0] > 1, let date { return "link:\(link)#\(date)" }
                return "link:\(link)"
            }
            let title = item.title ?? ""
            return date.map { "title:\(title)#\($0)" } ?? "title:\(title)"
        }
    }
}
