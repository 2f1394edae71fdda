/// A Bloom filter over strings: "certainly not added" or "perhaps added", in a fixed 2 MiB whatever
/// the number of strings, so an import's memory does not grow with its file.
///
/// With 4 probes a string (two halves of one 64-bit hash, combined as Kirsch and Mitzenmacher's double
/// hashing), a filter holding 400,000 strings (a 200,000-film import's ids) answers "perhaps" for
/// about one string in 15,000 it never held, and one holding 2,000,000 for about one in 40. A "perhaps"
/// only costs the caller an exact look; a "not" is always right.
struct MembershipFilter {
    private static let bitCount = 1 << 24
    private static let probes = 4
    private var words: [UInt64]

    init() {
        words = Array(repeating: 0, count: Self.bitCount / 64)
    }

    /// Whether `value` may have been added: false only if it certainly was not.
    func mayContain(_ value: String) -> Bool {
        let (first, step) = Self.hashes(of: value)
        for probe in 0..<Self.probes {
            let bit = Self.bit(probe, first: first, step: step)
            if words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    mutating func insert(_ value: String) {
        let (first, step) = Self.hashes(of: value)
        for probe in 0..<Self.probes {
            let bit = Self.bit(probe, first: first, step: step)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// The two halves of the string's hash. `hashValue` is seeded per process, which suits a filter
    /// that lives as long as one import.
    private static func hashes(of value: String) -> (first: UInt64, step: UInt64) {
        let hash = UInt64(bitPattern: Int64(value.hashValue))
        return (hash & 0xFFFF_FFFF, (hash >> 32) | 1)
    }

    private static func bit(_ probe: Int, first: UInt64, step: UInt64) -> Int {
        Int((first &+ UInt64(probe) &* step) % UInt64(bitCount))
    }
}
