import Basics
import Feeds
import FoundationEssentials

/// How a feed's entry is told apart from the feed's other entries, for as long as it is stored: its key,
/// kept in `news_items.guid`.
///
/// The key is decided once, from the entry alone, and never from the other entries of the document, so
/// nothing a feed adds or removes around an entry changes it:
/// 1. The feed's own guid when it gives one (RSS `<guid>`, Atom `<id>`, RDF `rdf:about`, JSON Feed `id`),
///    as the feed wrote it. It is the feed's word: entries that share a guid are one item (the first in
///    the document), and an item whose title or text changes under the same guid is updated in place.
/// 2. Else the link with a fingerprint of the title and text, `link:<link>#<16 hex digits>`: entries that
///    share a link (a feed linking every entry to its home page) but differ in title or text are
///    different items; the same entry seen again is the same item.
/// 3. Else the fingerprint alone, `text:<16 hex digits>`.
///
/// The fingerprint is 64-bit FNV-1a (http://www.isthe.com/chongo/tech/comp/fnv/) over the title and the
/// text (the fullest the feed gives), white space folded so that a layout change is no change. Without a
/// guid, an entry whose title or text the feed edits is therefore a new item: nothing else tells an edit
/// from a new entry that shares the link. Feeds that edit their entries give them guids.
///
/// A stored item keeps the key it was stored under, however the feed changes around it. When an entry's
/// key finds nothing, an item stored earlier for the same entry may carry
/// - for an entry with a guid, `keyWithoutGuid()`: the key it had before the feed gave guids;
/// - one of `earlierRuleKeys()`, those of the rule before migration 0006 (`link:<link>`,
///   `link:<link>#<date>`, `title:<title>`, `title:<title>#<date>`), which depended on the other entries
///   of the document; as one such key may stand for several entries, an item found by it must also
///   carry the entry's title.
struct ItemIdentity {
    /// The key a new item for this entry is stored under.
    let key: String
    private let item: ParsedFeedItem
    private let prefix: String

    /// The identity of `item`; loose items (imported from a file) have `prefix` before every key.
    init(_ item: ParsedFeedItem, prefix: String = "") {
        self.item = item
        self.prefix = prefix
        if let guid = item.guid, !guid.isEmpty {
            key = prefix + guid
        } else {
            key = prefix + Self.derivedKey(item)
        }
    }

    /// For an entry with a guid, the key it would have without one; nil for an entry without a guid.
    func keyWithoutGuid() -> String? {
        guard let guid = item.guid, !guid.isEmpty else { return nil }
        return prefix + Self.derivedKey(item)
    }

    /// The keys the rule before migration 0006 may have given this entry (it added the date only when
    /// another entry shared the link or title, so both forms).
    func earlierRuleKeys() -> [String] {
        let date = item.publishedAt.map(Timestamp.string(from:))
        let base: String
        if let link = item.link, !link.isEmpty {
            base = "link:\(link)"
        } else {
            base = "title:\(item.title ?? "")"
        }
        return [prefix + base] + (date.map { [prefix + base + "#" + $0] } ?? [])
    }

    /// The key of an entry without a guid: its link and fingerprint, else its fingerprint.
    private static func derivedKey(_ item: ParsedFeedItem) -> String {
        let fingerprint = Self.fingerprint(
            title: item.title ?? "", text: item.content?.text ?? item.summary ?? "")
        if let link = item.link, !link.isEmpty { return "link:\(link)#\(fingerprint)" }
        return "text:\(fingerprint)"
    }

    /// 16 hex digits of 64-bit FNV-1a over the title and the text, each with its runs of ASCII white
    /// space (spaces, tabs, line breaks: the layout) folded into one space and none at either end.
    static func fingerprint(title: String, text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        for (index, part) in [title, text].enumerated() {
            if index > 0 { add(0) }
            var pendingSpace = false
            var started = false
            for byte in part.utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = started
                    continue
                }
                if pendingSpace { add(0x20) }
                pendingSpace = false
                started = true
                add(byte)
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
