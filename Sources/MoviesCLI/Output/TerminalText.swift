import Basics

/// Text made safe and measurable for a terminal.
///
/// Titles can come from anywhere (an import, a feed, `sqlite3`), so before one is printed for a person
/// its control characters are shown as visible escapes (`ESC` becomes `^[`): a stored title must never
/// move the cursor, recolour the screen or rewrite the line. Widths count East Asian wide characters
/// as two cells and combining marks as none, so tables stay aligned with CJK titles and emoji.
enum TerminalText {
    /// `text` with C0/C1 controls, DEL and bidirectional overrides made visible.
    static func sanitized(_ text: String) -> String {
        guard !isPrintableASCII(text), text.unicodeScalars.contains(where: \.isTerminalControl) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: result += "^?"
            default:
                if scalar.isTerminalControl {
                    result += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `sanitized` line by line: line breaks stay, for messages of several lines.
    static func sanitizedKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }
            .joined(separator: "\n")
    }

    /// `sanitized` on one line: line breaks and tabs become spaces first (for table cells).
    static func singleLine(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\n" || scalar == "\r" || scalar == "\t"
        }
        guard text.unicodeScalars.contains(where: breaksLine) else { return sanitized(text) }
        // Scalar by scalar: a view built from an array goes through the standard library's unspecialised
        // append(contentsOf:) (36,000 more instructions for a three-character `movies search`).
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            line.append(breaksLine(scalar) ? " " : scalar)
        }
        return sanitized(String(line))
    }

    /// The number of terminal cells `text` occupies.
    /// `text` at `indent` cells, wrapped between words so no line is wider than `width` cells, the
    /// lines after the first at `continuation`; one line where `width` is nil (not a terminal). A word
    /// wider than the room is left whole on its own line.
    static func wrapped(_ text: String, width: Int?, indent: Int, continuation: Int) -> String {
        let first = String(repeating: " ", count: indent)
        guard let width else { return first + text }
        let next = String(repeating: " ", count: continuation)
        var lines: [String] = []
        var line = first
        var lineWidth = indent
        for word in text.split(separator: " ") {
            let wordWidth = self.width(String(word))
            let atStart = line == first || line == next
            if !atStart && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = next + word
                lineWidth = continuation + wordWidth
            } else {
                line += (atStart ? "" : " ") + word
                lineWidth += (atStart ? 0 : 1) + wordWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    static func width(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var width = 0
        for character in text {
            width += cells(character)
        }
        return width
    }

    /// `text` on one line, cut to at most `width` cells with an ellipsis when longer.
    static func truncated(_ text: String, to width: Int) -> String {
        let line = singleLine(text)
        guard self.width(line) > width else { return line }
        var result = ""
        var used = 0
        for character in line {
            let cells = self.width(String(character))
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` cells; `textWidth` is its own width when already known.
    static func padded(_ text: String, to width: Int, alignRight: Bool = false, textWidth: Int? = nil)
        -> String
    {
        let padding = String(repeating: " ", count: max(0, width - (textWidth ?? self.width(text))))
        return alignRight ? padding + text : text + padding
    }

    /// True when `text` is printable ASCII alone, the common case: then it is already safe and on one
    /// line, and as many cells wide as it has bytes, so a table of a million rows need not look at its
    /// characters one by one.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Cells for one grapheme cluster: 2 for wide or emoji-presentation characters, else 1 (0 if empty).
    private static func cells(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // U+FE0F asks for the emoji presentation, which terminals draw two cells wide.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, condensed.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
