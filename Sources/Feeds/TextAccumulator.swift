/// Builds plain text while collapsing white space and line breaks the way a reader expects.
///
/// Runs of spaces become one space, runs of breaks at most one blank line, and nothing pending is
/// written at the start or the end, so the result is already trimmed.
struct TextAccumulator {
    private var output = ""
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
        writePending()
        output.unicodeScalars.append(scalar)
    }

    /// Appends a word: characters that `append(_:)` would write one by one (no white space, no
    /// U+FEFF), written at once.
    mutating func appendWord(_ word: Substring) {
        guard !word.isEmpty else { return }
        writePending()
        output.append(contentsOf: word)
    }

    /// Writes the pending space or breaks, unless nothing has been written yet.
    private mutating func writePending() {
        if !output.isEmpty {
            if pendingBreaks > 0 {
                if singleLine {
                    output.append(" ")
                } else {
                    output.append(contentsOf: pendingBreaks == 1 ? "\n" : "\n\n")
                }
            } else if pendingSpace {
                output.append(" ")
            }
        }
        pendingSpace = false
        pendingBreaks = 0
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
    /// first (at least one), pending space dropped.
    mutating func startLine(prefix: String) {
        pendingBreaks = max(1, pendingBreaks)
        pendingSpace = false
        writePending()
        output.append(prefix)
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
        output
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
