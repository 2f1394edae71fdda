/// Builds plain text while collapsing white space and line breaks the way a reader expects.
///
/// Runs of spaces become one space, runs of breaks at most one blank line, and nothing pending is
/// written at the start or the end, so the result is already trimmed.
struct TextAccumulator {
    private var output = String.UnicodeScalarView()
    private var pendingSpace = false
    private var pendingBreaks = 0
    private let singleLine: Bool

    /// Starts an empty text; in `singleLine` mode every break is written as a space.
    init(singleLine: Bool) {
        self.singleLine = singleLine
    }

    /// Appends a visible character, writing any pending space or breaks before it.
    mutating func append(_ scalar: Unicode.Scalar) {
        if TextAccumulator.isCollapsibleSpace(scalar) {
            pendingSpace = true
            return
        }
        if scalar.value == 0xFEFF {
            return
        }
        if !output.isEmpty {
            if pendingBreaks > 0 {
                if singleLine {
                    output.append(" ")
                } else {
                    for _ in 0..<pendingBreaks {
                        output.append("\n")
                    }
                }
            } else if pendingSpace {
                output.append(" ")
            }
        }
        pendingSpace = false
        pendingBreaks = 0
        output.append(scalar)
    }

    /// Appends every character of `text` as `append(_:)` does.
    mutating func appendText(_ text: String) {
        for scalar in text.unicodeScalars {
            append(scalar)
        }
    }

    /// Appends `text` right after what is there, without the space that may be pending, which then
    /// follows it instead: a link's number after its text (`link[1]`). Nothing pending is written
    /// before it, so it never starts a line of its own.
    mutating func appendAttached(_ text: String) {
        let space = pendingSpace
        let breaks = pendingBreaks
        pendingSpace = false
        pendingBreaks = 0
        for scalar in text.unicodeScalars {
            append(scalar)
        }
        pendingSpace = space
        pendingBreaks = breaks
    }

    /// Starts a line with `prefix` written as it is (indentation and a bullet): any pending breaks
    /// first, pending space dropped.
    mutating func startLine(prefix: String) {
        if !output.isEmpty {
            for _ in 0..<(singleLine ? 0 : max(1, pendingBreaks)) {
                output.append("\n")
            }
            if singleLine {
                output.append(" ")
            }
        }
        pendingSpace = false
        pendingBreaks = 0
        output.append(contentsOf: prefix.unicodeScalars)
    }

    /// Notes white space between words.
    mutating func space() {
        pendingSpace = true
    }

    /// A line break that adds up: two in a row leave a blank line (`<br><br>`, blank lines in text).
    mutating func lineBreak() {
        pendingBreaks = min(2, pendingBreaks + 1)
    }

    /// The edge of a block such as a list item or a `<div>`: at least one line break.
    mutating func blockBreak() {
        pendingBreaks = max(pendingBreaks, 1)
    }

    /// The edge of a paragraph or heading: a blank line.
    mutating func paragraphBreak() {
        pendingBreaks = 2
    }

    /// The text built so far.
    var text: String {
        String(output)
    }

    /// White space that collapses, including no-break and typographic spaces.
    static func isCollapsibleSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
            0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}
