/// The keys a terminal sends as escape sequences (the arrows: `ESC [ A`; Home, F1: `ESC O H`, `ESC O P`),
/// taken out of a line read without line editing: in cooked mode the kernel hands them over as typed
/// characters, and the shell would run Up as the command `^[[A`.
enum EscapeSequences {
    /// `line` without its CSI (`ESC [`, parameters, one final byte from `@` to `~`) and SS3 (`ESC O`
    /// and one byte) sequences, as ECMA-48 (section 5.4) shapes them, and without a lone ESC.
    static func removed(from line: String) -> String {
        guard line.utf8.contains(0x1B) else { return line }
        var kept: [Unicode.Scalar] = []
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                kept.append(scalar)
                continue
            }
            switch scalars.next() {
            case "[":
                // Parameters and intermediates (0x20–0x3F) up to the final byte (0x40–0x7E).
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "O": _ = scalars.next()
            default: break
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: kept)
        return text
    }
}
