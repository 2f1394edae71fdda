#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Bloom filter over strings: "certainly not added" or "perhaps added", in a fixed 8 MiB whatever
/// the number of strings, so an import's memory does not grow with its file (only the pages it touches
/// are resident: the bits come from `calloc`, which maps untouched zero pages for a block this size,
/// so a small import makes a few resident where a Swift array, written with zeros, made all 8 MiB).
///
/// With 4 probes a string (two halves of one 64-bit hash, combined as Kirsch and Mitzenmacher's double
/// hashing), a filter holding 400,000 strings (a 200,000-film import's ids) answers "perhaps" for
/// about one string in 3,000,000 it never held, and one holding 2,000,000 for about one in 6,000 (by
/// the standard estimate (1 − e^(−kn/m))^k, not measured). A
/// "perhaps" only costs the caller an exact look; a "not" is always right.
final class MembershipFilter {
    private static let bitCount = 1 << 26
    private static let probes = 4
    private let words: UnsafeMutablePointer<UInt64>

    /// A filter with nothing added, or nil when its memory cannot be had.
    init?() {
        guard let block = calloc(Self.bitCount / 64, MemoryLayout<UInt64>.stride) else { return nil }
        words = block.bindMemory(to: UInt64.self, capacity: Self.bitCount / 64)
    }

    deinit {
        free(words)
    }

    /// Adds `value`, and returns whether it may have been added before: false only if it certainly was
    /// not. (One call does both, so that the string is hashed once.)
    func insert(_ value: String) -> Bool {
        let (first, step) = Self.hashes(of: value)
        var wasPresent = true
        for probe in 0..<Self.probes {
            let bit = Self.bit(probe, first: first, step: step)
            let mask: UInt64 = 1 << UInt64(bit & 63)
            if words[bit >> 6] & mask == 0 {
                wasPresent = false
                words[bit >> 6] |= mask
            }
        }
        return wasPresent
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
