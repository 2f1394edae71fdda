import Basics
import MoviesCore

/// Escaping rules for the text formats this project writes: CSV (RFC 4180), TSV and JSON (RFC 8259).
public enum FieldEncoding {
    /// Appends `field` to `line` as a CSV field (RFC 4180): quoted when it holds a comma, quote, CR or
    /// LF (or leading/trailing spaces, which some readers trim), with quotes doubled; with
    /// `spreadsheetSafe`, first escaped as `spreadsheetSafe(_:)` says.
    /// https://www.rfc-editor.org/rfc/rfc4180#section-2
    ///
    /// Bytes, not characters: a row of `movies list --format csv` was built from a string per cell and
    /// appended as strings, most of the command's own instructions. Doubling the quote byte is doubling
    /// the quote scalar (UTF-8 never uses 0x22 inside another scalar), so a quote followed by a
    /// combining mark (`"\u{0359}`, one character that is not `"`) is doubled too, and reads back whole.
    public static func appendCSV(_ field: String, spreadsheetSafe: Bool, to line: inout [UInt8]) {
        withBytes(of: field) { bytes in
            var needsQuotes = false
            for byte in bytes
            where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            {
                needsQuotes = true
                break
            }
            // The formula escape's `'` goes inside the quotes, and a value it applies to starts with `'` or a
            // formula character, never a space: the value alone tells whether the cell needs quotes.
            if !needsQuotes, let first = bytes.first, let last = bytes.last {
                needsQuotes = first == UInt8(ascii: " ") || last == UInt8(ascii: " ")
            }
            if needsQuotes { line.append(UInt8(ascii: "\"")) }
            if spreadsheetSafe, startsLikeFormula(bytes) { line.append(UInt8(ascii: "'")) }
            if needsQuotes {
                for byte in bytes {
                    line.append(byte)
                    if byte == UInt8(ascii: "\"") { line.append(byte) }
                }
                line.append(UInt8(ascii: "\""))
            } else {
                line.append(contentsOf: bytes)
            }
        }
    }

    /// Appends `field` to `line` as a TSV field: tab-separated values cannot quote, so backslash, tab, CR
    /// and LF are escaped as `\\`, `\t`, `\r`, `\n` (the convention of PostgreSQL's text format and
    /// `mlr`); with `spreadsheetSafe`, first escaped as `spreadsheetSafe(_:)` says.
    public static func appendTSV(_ field: String, spreadsheetSafe: Bool, to line: inout [UInt8]) {
        withBytes(of: field) { bytes in
            if spreadsheetSafe, startsLikeFormula(bytes) { line.append(UInt8(ascii: "'")) }
            guard
                bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            else {
                line.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                let escaped: UInt8? =
                    switch byte {
                    case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                    case 0x09: UInt8(ascii: "t")
                    case 0x0A: UInt8(ascii: "n")
                    case 0x0D: UInt8(ascii: "r")
                    default: nil
                    }
                if let escaped {
                    line.append(UInt8(ascii: "\\"))
                    line.append(escaped)
                } else {
                    line.append(byte)
                }
            }
        }
    }

    /// `field` as one CSV field (`appendCSV`, without the formula escape), for a writer that builds its
    /// lines as strings.
    public static func csv(_ field: String) -> String {
        var bytes: [UInt8] = []
        appendCSV(field, spreadsheetSafe: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `field` as one TSV field (`appendTSV`, without the formula escape).
    public static func tsv(_ field: String) -> String {
        var bytes: [UInt8] = []
        appendTSV(field, spreadsheetSafe: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with `text`'s UTF-8 bytes, in place when the string holds them contiguously (every
    /// native Swift string does), copied otherwise.
    private static func withBytes(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(text.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// A CSV or TSV cell a spreadsheet shows as text, never runs as a formula: a value starting with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which spreadsheets take as
    /// "this cell is text" (OWASP, CSV injection: https://owasp.org/www-community/attacks/CSV_Injection).
    ///
    /// So that `removingSpreadsheetEscape` can undo it exactly, a value that already starts with quotes
    /// followed by one of those characters (`'=x`) gets one more; a quote followed by anything else
    /// (`'Round Midnight`) is left alone. Escaped values are exactly those matching `'*[=+\-@\t\r]`.
    public static func spreadsheetSafe(_ value: String) -> String {
        startsLikeFormula(value.utf8) ? "'" + value : value
    }

    /// The value `spreadsheetSafe` was given: one leading `'` is removed from a value matching
    /// `'+[=+\-@\t\r]`, and any other value is returned as it is.
    public static func removingSpreadsheetEscape(_ cell: String) -> String {
        guard cell.utf8.first == UInt8(ascii: "'"), startsLikeFormula(cell.utf8) else { return cell }
        return String(cell.dropFirst())
    }

    /// Whether `value`, after any leading quotes, starts with a character spreadsheets read as the start
    /// of a formula.
    private static func startsLikeFormula(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
                return true
            default: return false
            }
        }
        return false
    }

    /// A JSON string literal, quotes included; control characters are escaped, so the output never
    /// carries a raw terminal escape.
    public static func json(_ text: String) -> String {
        var literal = "\""
        literal.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _
            where scalar.isControlCharacter
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        literal += "\""
        return literal
    }
}
