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
