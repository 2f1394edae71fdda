extension Unicode.Scalar {
    /// A control character: the C0 controls (line feed and tab included), DEL, and the C1 controls
    /// (Unicode's general category Cc).
    ///
    /// The one definition of "control character" for the package: validation refuses them in titles,
    /// notes and addresses (a note may keep line feeds and tabs), feed text drops them, and terminal
    /// output shows them as visible escapes. https://www.unicode.org/reports/tr44/#General_Category_Values
    package var isControlCharacter: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// A bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069): stored as typed
    /// (right-to-left titles may need them) but never printed raw, since they reorder the rest of a line.
    /// https://www.unicode.org/reports/tr9/#Explicit_Directional_Formatting_Characters
    package var isBidirectionalFormatting: Bool {
        switch value {
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What a terminal would act on instead of printing: a control character or a bidirectional
    /// formatting character.
    package var isTerminalControl: Bool { isControlCharacter || isBidirectionalFormatting }

    /// The scalar's Unicode name for messages: `U+000A`, at least four hex digits.
    package var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
