import Basics

/// Where a page of news ends: the last item's (published_at, id) key.
///
/// Written as `2026-11-30T10:20:00.000Z/123`; the next page starts strictly after it, so page N costs
/// what page 1 costs, no item is seen twice, and a cursor stays valid even if its item is deleted.
public struct NewsCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The item's `published_at`, as stored.
    public var publishedAt: String
    public var id: Int64

    /// The cursor just after `item`.
    public init(after item: NewsItem) {
        publishedAt = Timestamp.string(from: item.publishedAt)
        id = item.id
    }

    /// Parses the `published_at/id` form; nil for anything else.
    public init?(_ description: String) {
        guard let slash = description.lastIndex(of: "/"),
            let id = Int64(description[description.index(after: slash)...]),
            Timestamp.date(from: String(description[..<slash])) != nil
        else { return nil }
        publishedAt = String(description[..<slash])
        self.id = id
    }

    public var description: String { "\(publishedAt)/\(id)" }
}
