/// Decodes HTML character references (`&eacute;`, `&#233;`, `&#xE9;`) in scalar arrays.
enum HTMLEntityDecoder {
    /// A reference found in the text: what it stands for (nil when it stands for a character that must
    /// not be shown, such as ESC) and the index just after it.
    struct Reference {
        var scalar: Unicode.Scalar?
        var end: Int
    }

    /// Reads the reference starting at `start` (which holds `&`); nil when the `&` does not start a
    /// reference this decoder knows, in which case it is ordinary text.
    static func reference(in input: [Unicode.Scalar], at start: Int) -> Reference? {
        var index = start + 1
        guard index < input.count else { return nil }
        if input[index] == "#" {
            return numericReference(in: input, from: index + 1)
        }
        var name = String.UnicodeScalarView()
        while index < input.count, name.count <= HTMLEntities.longestName, isASCIIAlphanumeric(input[index]) {
            name.append(input[index])
            index += 1
        }
        guard index < input.count, input[index] == ";", !name.isEmpty,
            let value = HTMLEntities.codePoint(named: String(name))
        else { return nil }
        return Reference(scalar: displayableScalar(value), end: index + 1)
    }

    /// Maps a numeric reference to what an HTML browser would show: C1 values as Windows-1252
    /// characters (feeds often carry `&#146;` for a quote), invalid values as U+FFFD, and control
    /// characters to nothing.
    static func displayableScalar(_ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0:
            return "\u{FFFD}"
        case 0x09, 0x0A, 0x0D:
            return " "
        case 0x01...0x1F, 0x7F:
            return nil
        case 0x80...0x9F:
            return windows1252Value(value).flatMap(Unicode.Scalar.init)
        case 0x202A...0x202E, 0x2066...0x2069:
            return nil
        default:
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }

    private static func numericReference(in input: [Unicode.Scalar], from start: Int) -> Reference? {
        var index = start
        var radix: UInt32 = 10
        if index < input.count, input[index] == "x" || input[index] == "X" {
            radix = 16
            index += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while index < input.count, let digit = digitValue(input[index], radix: radix) {
            if value <= 0x10FFFF {
                value = value * radix + digit
            }
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < input.count, input[index] == ";" {
            index += 1
        }
        return Reference(scalar: displayableScalar(value), end: index)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value = scalar.value
        switch value {
        case 0x30...0x39:
            return value - 0x30
        case 0x41...0x46 where radix == 16:
            return value - 0x41 + 10
        case 0x61...0x66 where radix == 16:
            return value - 0x61 + 10
        default:
            return nil
        }
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            return true
        default:
            return false
        }
    }

    /// The character browsers show for a C1 value (0x80–0x9F), as Windows-1252 has it.
    static func windows1252Value(_ value: UInt32) -> UInt32? {
        windows1252[value]
    }

    /// What browsers show for the C1 range, which old Windows-made feeds use for quotes and dashes.
    private static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]
}
