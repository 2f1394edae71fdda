import Interchange
import Testing

/// The CSV and TSV lines `RecordWriter` builds byte by byte, against what the rules say cell by cell.
@Suite("CSV and TSV records are written byte for byte as their rules say")
struct RecordLineTests {
    /// Values that meet every rule: quotes, separators, line ends, spaces at an edge, formula starts
    /// (escaped in text, not in numbers), a quote before a combining mark, non-ASCII, backslashes.
    static let values: [RecordValue] = [
        .integer(-3), .text("Heat"), .null, .text("a, b"), .text("say \"\u{0359}hi\""), .text(" edge"),
        .text("edge "), .text("=SUM(A1)"), .text("'@x"), .text("-30-, \"x\""), .text("line\nbreak"),
        .text("cr\rhere"), .text("tab\there"), .text("C:\\films"), .text("東京物語"), .real(3.5), .real(4),
        .boolean(true), .list([.text("a b"), .integer(2)]), .text(""),
    ]

    static func written(_ format: RecordFormat) throws -> String {
        let sink = StringSink()
        let writer = RecordWriter(
            format: format, fields: values.indices.map { "f\($0)" }, sink: sink)
        try writer.begin()
        try writer.write(values)
        try writer.write([RecordValue](repeating: .text("x"), count: Self.values.count))
        try writer.end()
        return sink.text
    }

    @Test("CSV")
    func csv() throws {
        let header = Self.values.indices.map { "f\($0)" }.joined(separator: ",")
        let cells = [
            "-3", "Heat", "", "\"a, b\"", "\"say \"\"\u{0359}hi\"\"\"", "\" edge\"", "\"edge \"", "'=SUM(A1)",
            "''@x", "\"'-30-, \"\"x\"\"\"", "\"line\nbreak\"", "\"cr\rhere\"", "tab\there", "C:\\films",
            "東京物語", "3.5", "4", "true", "a b 2", "",
        ]
        let second = [String](repeating: "x", count: Self.values.count).joined(separator: ",")
        #expect(try Self.written(.csv) == header + "\n" + cells.joined(separator: ",") + "\n" + second + "\n")
    }

    @Test("TSV")
    func tsv() throws {
        let header = Self.values.indices.map { "f\($0)" }.joined(separator: "\t")
        let cells = [
            "-3", "Heat", "", "a, b", "say \"\u{0359}hi\"", " edge", "edge ", "'=SUM(A1)", "''@x",
            "'-30-, \"x\"",
            "line\\nbreak", "cr\\rhere", "tab\\there", "C:\\\\films", "東京物語", "3.5", "4", "true", "a b 2", "",
        ]
        let second = [String](repeating: "x", count: Self.values.count).joined(separator: "\t")
        #expect(
            try Self.written(.tsv) == header + "\n" + cells.joined(separator: "\t") + "\n" + second + "\n")
    }
}
