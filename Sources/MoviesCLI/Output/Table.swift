/// An aligned text table for people: a header line and data lines, columns separated by two spaces.
///
/// Made in two passes so that a table of any length streams in the memory of one row: `measure` every
/// row, `fit` the widths to the terminal, then write the `header` and each row's `line`. Cells are
/// sanitized and measured in terminal cells (see `TerminalText`); the last column is not padded, so
/// lines carry no trailing spaces.
///
/// At a terminal, `fit(width:)` narrows the widest free-text column (a title, a source), cutting its
/// values with `…`, until a line fits the terminal: one long title no longer widens every line past
/// the screen. Elsewhere the widths stay as measured, and values are printed whole for the program
/// reading them.
struct Table {
    struct Column {
        var title: String
        var alignRight = false
        /// Free text that may be cut to fit the terminal; ids, dates and ratings never are.
        var isShortenable = false
    }

    private(set) var columns: [Column]
    /// Each column's width in cells: its widest value (or title), then as `fit` leaves it.
    private(set) var widths: [Int]

    init(columns: [Column]) {
        self.columns = columns
        widths = columns.map { TerminalText.width($0.title) }
    }

    /// Widens the columns to hold `row`.
    mutating func measure(_ row: [String]) {
        for index in widths.indices where index < row.count {
            let width = TerminalText.width(TerminalText.singleLine(row[index]))
            if width > widths[index] {
                widths[index] = width
            }
        }
    }

    /// Drops a column the rows turned out not to need; the rows given to `line` then leave it out too.
    mutating func removeColumn(at index: Int) {
        guard columns.indices.contains(index) else { return }
        columns.remove(at: index)
        widths.remove(at: index)
    }

    /// The width of the longest line: the indent, every column, the separators.
    var lineWidth: Int {
        2 + widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    }

    /// Narrows the widest shortenable column a cell at a time until lines fit in `width` cells, or
    /// every shortenable column is down to its minimum (then lines stay wider). Nil (not a terminal)
    /// leaves the widths as measured.
    mutating func fit(width: Int?) {
        guard let width else { return }
        var excess = lineWidth - width
        while excess > 0 {
            var widest: Int?
            for index in widths.indices
            where columns[index].isShortenable && widths[index] > minimumWidth(index)
                && widths[index] > widest.map({ widths[$0] }) ?? 0
            {
                widest = index
            }
            guard let widest else { return }
            widths[widest] -= 1
            excess -= 1
        }
    }

    /// How narrow `fit` may make a column: enough for its title and a few characters of a value.
    private func minimumWidth(_ index: Int) -> Int {
        max(TerminalText.width(columns[index].title), 8)
    }

    /// The header line, styled by `style` (bold on a colour terminal), with its line break.
    func header(style: (String) -> String = { $0 }) -> String {
        style(text(of: columns.map(\.title))) + "\n"
    }

    /// One row as a line of text, with its line break.
    func line(_ row: [String]) -> String {
        text(of: row) + "\n"
    }

    private func text(of row: [String]) -> String {
        var text = " "
        for (index, column) in columns.enumerated() {
            var value = TerminalText.singleLine(index < row.count ? row[index] : "")
            var width = TerminalText.width(value)
            if width > widths[index] {
                value = TerminalText.truncated(value, to: widths[index])
                width = TerminalText.width(value)
            }
            let isLast = index == columns.count - 1
            text += " "
            text +=
                isLast && !column.alignRight
                ? value
                : TerminalText.padded(
                    value, to: widths[index], alignRight: column.alignRight, textWidth: width)
            if !isLast { text += " " }
        }
        // An empty last cell would leave the separator dangling at the end of the line.
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: " ") {
            end = text.utf8.index(before: end)
        }
        return String(text[..<end])
    }

    /// A whole table of rows already in memory, fitted to `width` (nil: values whole).
    static func render(
        columns: [Column], rows: [[String]], width: Int?, header style: (String) -> String = { $0 }
    ) -> String {
        var table = Table(columns: columns)
        for row in rows {
            table.measure(row)
        }
        table.fit(width: width)
        var text = table.header(style: style)
        for row in rows {
            text += table.line(row)
        }
        return text
    }
}
