/// An aligned text table for people: a header row and data rows, columns separated by two spaces.
///
/// Cells are sanitized and measured in terminal cells (see `TerminalText`); the last column is not
/// padded, so lines carry no trailing spaces.
struct Table {
    struct Column {
        var title: String
        var alignRight = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    /// The table as lines of text; `header` styles the header line (bold on a colour terminal).
    func render(header: (String) -> String = { $0 }) -> String {
        let cells = rows.map { $0.map(TerminalText.singleLine) }
        let widths = columns.indices.map { index in
            max(
                TerminalText.width(columns[index].title),
                cells.map { index < $0.count ? TerminalText.width($0[index]) : 0 }.max() ?? 0)
        }
        func line(_ values: [String]) -> String {
            var parts: [String] = []
            for (index, column) in columns.enumerated() {
                let value = index < values.count ? values[index] : ""
                let isLast = index == columns.count - 1
                parts.append(
                    isLast && !column.alignRight
                        ? value : TerminalText.padded(value, to: widths[index], alignRight: column.alignRight)
                )
            }
            let text = "  " + parts.joined(separator: "  ")
            // An empty last cell would leave the separator dangling at the end of the line.
            var end = text.utf8.endIndex
            while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: " ") {
                end = text.utf8.index(before: end)
            }
            return String(text[..<end])
        }
        var text = header(line(columns.map(\.title))) + "\n"
        for row in cells {
            text += line(row) + "\n"
        }
        return text
    }
}
