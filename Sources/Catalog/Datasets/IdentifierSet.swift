/// A set of IMDb id numbers, a bit each: which films a load keeps, and which people direct them.
///
/// A bit per possible id up to the highest seen (IMDb's ids have seven or eight digits: 12.5 MB for
/// all of `tt00000001`…`tt99999999`), so memory follows the id range, never the number of rows; ids
/// are capped at `limit` (nine digits) by the reader, which bounds it at 125 MB for any file.
struct IdentifierSet {
    /// Ids at or above this are refused as bad data.
    static let limit = 1_000_000_000

    private var words: [UInt64] = []
    private(set) var count = 0

    mutating func insert(_ id: Int) {
        let word = id >> 6
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count)))
        }
        let bit = UInt64(1) << UInt64(id & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    func contains(_ id: Int) -> Bool {
        let word = id >> 6
        return word < words.count && words[word] & (UInt64(1) << UInt64(id & 63)) != 0
    }
}
