import Basics

/// Text from outside (a feed, a web page, a server's headers) made safe to show: everything a terminal
/// would act on instead of printing is removed.
///
/// Feed content is hostile input that ends up on a terminal: an escape sequence in a title could
/// recolour the screen, move the cursor, set the window title or write to the clipboard. This keeps
/// printable text, line feeds and tabs, and drops ANSI/VT escape sequences (with their parameters),
/// the other C0 controls, DEL, the C1 controls and the bidirectional override characters.
enum OutsideText {
    /// Returns `text` with escape sequences and control characters removed; `\r\n` and `\r` become `\n`.
    static func safeToShow(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsCleaning) else { return text }
        var output = String.UnicodeScalarView()
        output.append(contentsOf: safeToShow(scalars: Array(text.unicodeScalars)))
        return String(output)
    }

    /// The same as `safeToShow(_:)`, on scalars, for callers that work on scalar arrays.
    static func safeToShow(scalars input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            let value = scalar.value
            index += 1
            switch value {
            case 0x0A, 0x09:
                output.append(scalar)
            case 0x0D:
                output.append("\n")
                if index < input.count, input[index] == "\n" {
                    index += 1
                }
            case 0x1B:
                index = skipEscapeSequence(in: input, from: index)
            case 0x9B:
                index = skipControlSequence(in: input, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = skipControlString(in: input, from: index)
            default:
                if !scalar.isTerminalControl {
                    output.append(scalar)
                }
            }
        }
        return output
    }

    /// Whether `safeToShow` would change or drop this scalar; most text has none and is returned as is.
    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isTerminalControl && scalar != "\n" && scalar != "\t"
    }

    // MARK: - Escape sequences

    /// Skips what follows an ESC; `start` is the index just after the ESC.
    private static func skipEscapeSequence(in input: [Unicode.Scalar], from start: Int) -> Int {
        guard start < input.count else { return start }
        let next = input[start].value
        switch next {
        case 0x5B:  // "[": control sequence introducer
            return skipControlSequence(in: input, from: start + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
            return skipControlString(in: input, from: start + 1)
        case 0x20...0x2F:  // intermediates, then one final byte (e.g. ESC ( B)
            var index = start
            while index < input.count, (0x20...0x2F).contains(input[index].value) {
                index += 1
            }
            if index < input.count, (0x30...0x7E).contains(input[index].value) {
                index += 1
            }
            return index
        case 0x30...0x7E:  // a single-character sequence such as ESC c (reset)
            return start + 1
        default:
            return start
        }
    }

    /// Skips the parameters, intermediates and final byte of a CSI sequence.
    private static func skipControlSequence(in input: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < input.count, (0x20...0x3F).contains(input[index].value) {
            index += 1
        }
        if index < input.count, (0x40...0x7E).contains(input[index].value) {
            index += 1
        }
        return index
    }

    /// Skips an OSC/DCS-style string up to and including its terminator (BEL, ESC \ or ST).
    private static func skipControlString(in input: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < input.count {
            let value = input[index].value
            if value == 0x07 || value == 0x9C {
                return index + 1
            }
            if value == 0x1B {
                if index + 1 < input.count, input[index + 1] == "\\" {
                    return index + 2
                }
                return index
            }
            index += 1
        }
        return index
    }
}
