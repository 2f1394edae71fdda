/// The characters Windows-1252 puts where Unicode has the C1 controls (0x80–0x9F); its other bytes are
/// Latin-1's, which are Unicode's first 256 code points.
///
/// Old feeds made on Windows write quotes and dashes as `&#146;` or as raw C1 characters, meaning
/// Windows-1252; browsers show them that way (the HTML standard says so for references), and so does
/// the feed reader, where the alternative is to drop them as control characters. CSV files saved by
/// spreadsheet programs on Windows are in it too, which the importer reads.
package enum Windows1252 {
    /// The character for a C1 value, or nil for values outside 0x80–0x9F and the five that
    /// Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
    package static func character(forC1 value: UInt32) -> UInt32? {
        guard (0x80...0x9F).contains(value) else { return nil }
        let mapped = table[Int(value - 0x80)]
        return mapped == 0 ? nil : mapped
    }

    /// The character for any byte, or nil for the five bytes Windows-1252 leaves undefined.
    package static func character(for byte: UInt8) -> UInt32? {
        byte < 0x80 || byte >= 0xA0 ? UInt32(byte) : character(forC1: UInt32(byte))
    }

    private static let table: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
