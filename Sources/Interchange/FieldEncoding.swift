import Basics
import MoviesCore

/// Escaping rules for the text formats this project writes: CSV (RFC 4180), TSV and JSON (RFC 8259).
public enum FieldEncoding {
    /// A CSV field: quoted when it holds a comma, quote, CR or LF (or leading/trailing spaces, which
    /// some readers trim), with quotes doubled. https://www.rfc-editor.org/rfc/rfc4180#section-2
    public static func csv(_ field: String) -> String {
        var needsQuotes = false
        for byte in field.utf8
        where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        {
            needsQuotes = true
            break
        }
        if !needsQuotes, let first = field.utf8.first, let last = field.utf8.last {
            needsQuotes = first == UInt8(ascii: " ") || last == UInt8(ascii: " ")
        }
        guard needsQuotes else { return field }
        // Quotes are doubled scalar by scalar: `replacingOccurrences` matches whole characters, and a
        // quote followed by a combining mark (`"\u{0359}`) is one character that is not `"`, so it was
        // left single and ended the field early when read back.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// A TSV field: tab-separated values cannot quote, so backslash, tab, CR and LF are escaped as
    /// `\\`, `\t`, `\r`, `\n` (the convention of PostgreSQL's text format and `mlr`).
    public static func tsv(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        var escaped = ""
        escaped.reserveCapacity(field.utf8.count + 4)
        for character in field.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A CSV or TSV cell a spreadsheet shows as text, never runs as a formula: a value starting with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which spreadsheets take as
    /// "this cell is text" (OWASP, CSV injection: https://owasp.org/www-community/attacks/CSV_Injection).
    ///
    /// So that `removingSpreadsheetEscape` can undo it exactly, a value that already starts with quotes
    /// followed by one of those characters (`'=x`) gets one more; a quote followed by anything else
    /// (`'Round Midnight`) is left alone. Escaped values are exactly those matching `'*[=+\-@\t\r]`.
    public static func spreadsheetSafe(_ value: String) -> String {
        startsLikeFormula(value) ? "'" + value : value
    }

    /// The value `spreadsheetSafe` was given: one leading `'` is removed from a value matching
    /// `'+[=+\-@\t\r]`, and any other value is returned as it is.
    public static func removingSpreadsheetEscape(_ cell: String) -> String {
        guard cell.utf8.first == UInt8(ascii: "'"), startsLikeFormula(cell) else { return cell }
        return String(cell.dropFirst())
    }

    /// Whether `value`, after any leading quotes, starts with a character spreadsheets read as the start
    /// of a formula.
    private static func startsLikeFormula(_ value: String) -> Bool {
        for byte in value.utf8 {
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
