/// NFKC_Casefold and base letters, on the program's own tables (`UnicodeTables`), so that folding a
/// title needs neither Foundation nor ICU.
///
/// The standard library composes to NFC (`String._nfcCodeUnits`, public API of the library) but has no
/// compatibility mappings and no public case folding, so the rest comes from the generated tables,
/// expanded into dictionaries the first time a title with a character outside ASCII is folded (a
/// millisecond, once per process; ASCII titles never touch them).
enum UnicodeFolding {
    /// Code points NFKC_Casefold changes, with what they become (empty: removed).
    static let casefold: [UInt32: [UInt32]] = parse(UnicodeTables.nfkcCasefold)

    /// Letters filed under other letters in sort keys (`é` under `e`, `ø` under `o`, `æ` under `ae`).
    static let baseLetters: [UInt32: [UInt32]] = parse(UnicodeTables.baseLetters)

    /// Unicode's toNFKC_Casefold: each code point mapped, then the whole made NFC.
    /// https://www.unicode.org/reports/tr44/#NFKC_Casefold
    static func nfkcCasefold(_ text: String) -> String {
        if text.isASCII { return text.asciiLowercased }
        var mapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = casefold[scalar.value] {
                mapped.append(contentsOf: replacement.compactMap(Unicode.Scalar.init))
            } else {
                mapped.append(scalar)
            }
        }
        return nfc(String(mapped))
    }

    /// `text` in Unicode Normalization Form C (composed), as the standard library computes it.
    static func nfc(_ text: String) -> String {
        if text.isASCII { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    // MARK: - Reading the tables

    /// Expands the records of a `UnicodeTables` text (see there for the formats).
    private static func parse(_ text: String) -> [UInt32: [UInt32]] {
        var table: [UInt32: [UInt32]] = [:]
        for record in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if record.first == "X" {
                // X<first>-<last>: removed.
                let bounds = record.dropFirst().split(separator: "-").compactMap { UInt32($0, radix: 16) }
                guard bounds.count == 2, bounds[0] <= bounds[1] else { continue }
                for code in bounds[0]...bounds[1] { table[code] = [] }
            } else if let equals = record.firstIndex(of: "=") {
                // <cp>=<a>.<b> or <cp>*<count>=<a>.<b>.
                let target = record[record.index(after: equals)...].split(separator: ".").compactMap {
                    UInt32($0, radix: 16)
                }
                let (first, count) = start(record[..<equals])
                for offset in 0..<count { table[first + offset] = target }
            } else if let colon = record.firstIndex(of: ":") {
                // <cp>:<delta> or <cp>*<count>/<stride>:<delta>.
                let deltaText = record[record.index(after: colon)...]
                let negative = deltaText.first == "-"
                guard let magnitude = Int64(negative ? deltaText.dropFirst() : deltaText, radix: 16) else {
                    continue
                }
                let delta = negative ? -magnitude : magnitude
                let head = record[..<colon]
                let parts = head.split(separator: "/")
                let stride = parts.count == 2 ? UInt32(parts[1], radix: 16) ?? 1 : 1
                let (first, count) = start(parts[0])
                for offset in 0..<count {
                    let code = first + offset * stride
                    if let mapped = UInt32(exactly: Int64(code) + delta) { table[code] = [mapped] }
                }
            }
        }
        return table
    }

    /// `<cp>` or `<cp>*<count>`: the first code point and how many follow it.
    private static func start(_ text: Substring) -> (first: UInt32, count: UInt32) {
        let parts = text.split(separator: "*")
        let first = UInt32(parts.first ?? "", radix: 16) ?? 0
        let count = parts.count == 2 ? UInt32(parts[1], radix: 16) ?? 1 : 1
        return (first, count)
    }
}
