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
    /// The cursor just after `item`: its stored key, so the next page starts strictly after it whatever
    /// that text is (see `NewsItem.publishedAtKey`).
    public init(after item: NewsItem) {
        publishedAt = item.publishedAtKey
        id = item.id
    }

    /// Parses the `published_at/id` form; nil for anything else. The time is taken in the shape the
    /// schema stores (`YYYY-MM-DDTHH:MM:SS.sssZ`, digits where digits go), not only as a date this
    /// program reads: a cursor after a row stored in year 0 must be taken back as it was given.
    public init?(_ description: String) {
        guard let slash = description.lastIndex(of: "/"),
            let id = Int64(description[description.index(after: slash)...]),
            Self.hasStoredShape(description[..<slash])
        else { return nil }
        publishedAt = String(description[..<slash])
        self.id = id
    }

    /// Whether `text` has the shape of a stored `published_at`: 24 ASCII bytes, digits and the
    /// separators of `0000-00-00T00:00:00.000Z`.
    private static func hasStoredShape(_ text: Substring) -> Bool {
        let pattern = Array("0000-00-00T00:00:00.000Z".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == pattern.count else { return false }
        return zip(bytes, pattern).allSatisfy { byte, expected in
            expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
        }
    }

    public var description: String { "\(publishedAt)/\(id)" }
}
