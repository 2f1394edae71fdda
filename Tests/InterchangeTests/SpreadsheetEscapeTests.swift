import Interchange
import Testing

@Suite("CSV and TSV cells are escaped against formula injection, reversibly")
struct SpreadsheetEscapeTests {
    @Test("a value a spreadsheet would run gets one leading quote; others are left alone")
    func escaping() {
        let cases: [(String, String)] = [
            ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
            ("+1", "'+1"), ("-30-", "'-30-"), ("@home", "'@home"), ("\tx", "'\tx"), ("\rx", "'\rx"),
            ("'=already", "''=already"), ("''@twice", "'''@twice"), ("'", "'"), ("''", "''"),
            ("'Round Midnight", "'Round Midnight"), ("x=1", "x=1"), ("", ""), (" =1", " =1"),
            ("Heat", "Heat"),
            ("\n=1", "\n=1"),
        ]
        for (value, cell) in cases {
            #expect(FieldEncoding.spreadsheetSafe(value) == cell, "\(value.debugDescription)")
            #expect(FieldEncoding.removingSpreadsheetEscape(cell) == value, "\(cell.debugDescription)")
        }
    }

    @Test("every string over the characters that matter reads back exactly, and no cell starts a formula")
    func everyShortString() {
        let alphabet = ["'", "=", "+", "-", "@", "\t", "\r", "a", " "]
        var values = [""]
        for _ in 0..<4 {
            values += values.flatMap { prefix in alphabet.map { prefix + $0 } }
        }
        values = Array(Set(values))
        #expect(values.count == 7381)
        for value in values {
            let cell = FieldEncoding.spreadsheetSafe(value)
            #expect(FieldEncoding.removingSpreadsheetEscape(cell) == value, "\(value.debugDescription)")
            if let first = cell.unicodeScalars.first {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first), "\(cell.debugDescription)")
            }
        }
    }
}
