/// An aligned text table for people: a header line and data lines, columns separated by two spaces.
///
/// Made in two passes so that a table of any length streams in the memory of one row: `measure` every
/// row, `fit` the widths to the terminal, then write the `header` and each row's `line`. Cells are
/// sanitized and measured in terminal cells (see `TerminalText`); the last column is not padded, so
/// lines carry no trailing spaces. A row always holds a cell for every column declared; a hidden
/// column's cell is left out of the line.
///
/// At a terminal, `fit(width:)` makes every line fit: it first hides the columns a narrow terminal can
/// spare (`Column.dropRank`, lowest first) for as long as the free-text columns would be cut below
/// `keptWidth` cells (or their whole width, when less), so a title is readable before a year is shown
/// beside it; then it narrows the widest free-text column (a title, a source), cutting its values
/// with `…`, and as a last resort cuts them below that minimum. Elsewhere the widths stay as measured,
/// and values are printed whole for the program reading them.
struct Table {
    struct Column {
        var title: String
        var alignRight = false
        /// Free text that may be cut to fit the terminal; ids, dates and ratings never are.
        var isShortenable = false
        /// Where a terminal too narrow for the whole row gives the column up: the lowest rank goes
        /// first; nil, never (the id, the title).
        var dropRank: Int? = nil
    }

    private(set) var columns: [Column]
    /// Each column's width in cells: its widest value (or title), then as `fit` leaves it.
    private(set) var widths: [Int]
    /// Whether each column is printed: a column the rows do not need (`hideColumn`) or the terminal
    /// has no room for (`fit`) is not.
    private var isShown: [Bool]

    init(columns: [Column]) {
        self.columns = columns
        widths = columns.map { TerminalText.width($0.title) }
        isShown = columns.map { _ in true }
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

    /// Makes column `index` `width` cells wide, whatever the rows measured (a paged list's title, the
    /// same on every page); longer values are cut.
    mutating func setWidth(_ index: Int, to width: Int) {
        guard widths.indices.contains(index) else { return }
        widths[index] = max(TerminalText.width(columns[index].title), width)
    }

    /// Leaves out a column the rows turned out not to need; the rows still hold its cell.
    mutating func hideColumn(at index: Int) {
        guard columns.indices.contains(index) else { return }
        isShown[index] = false
    }

    /// The columns printed, in order.
    private var shownIndices: [Int] { columns.indices.filter { isShown[$0] } }

    /// The width of the longest line: the indent, every column shown, the separators.
    var lineWidth: Int {
        let shown = shownIndices
        return 2 + shown.map { widths[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1)
    }

    /// Fits lines in `width` cells (see the type's comment). Nil (not a terminal) leaves the widths as
    /// measured.
    mutating func fit(width: Int?) {
        guard let width else { return }
        let droppable = columns.indices.filter { isShown[$0] && columns[$0].dropRank != nil }
            .sorted { (columns[$0].dropRank ?? 0) < (columns[$1].dropRank ?? 0) }
        for index in droppable where lineWidth(textAtMost: Self.keptWidth) > width {
            isShown[index] = false
        }
        narrow(to: width, minimum: minimumWidth)
        // Still too wide with every free-text column at its minimum: cut them further, to a few cells.
        narrow(to: width) { _ in 4 }
    }

    /// How many cells of a free-text column the other columns give way for: at 40 columns, the
    /// list's YEAR and STARS go before a title is cut to a dozen cells.
    static let keptWidth = 20

    /// The line width with every shortenable column shown at most `cells` wide.
    private func lineWidth(textAtMost cells: Int) -> Int {
        let shown = shownIndices
        let widths = shown.map {
            columns[$0].isShortenable ? min(self.widths[$0], max(cells, minimumWidth($0))) : self.widths[$0]
        }
        return 2 + widths.reduce(0, +) + 2 * max(0, shown.count - 1)
    }

    /// Narrows the widest shortenable column shown a cell at a time until lines fit in `width` cells, or
    /// every shortenable column is down to `minimum`.
    private mutating func narrow(to width: Int, minimum: (Int) -> Int) {
        var excess = lineWidth - width
        while excess > 0 {
            var widest: Int?
            for index in shownIndices
            where columns[index].isShortenable && widths[index] > minimum(index)
                && widths[index] > widest.map({ widths[$0] }) ?? 0
            {
                widest = index
            }
            guard let widest else { return }
            widths[widest] -= 1
            excess -= 1
        }
    }

    /// How narrow `fit` makes a column before it gives up other columns: enough for its title and a
    /// few characters of a value.
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
        let shown = shownIndices
        for (position, index) in shown.enumerated() {
            let column = columns[index]
            var value = TerminalText.singleLine(index < row.count ? row[index] : "")
            var width = TerminalText.width(value)
            if width > widths[index] {
                value = TerminalText.truncated(value, to: widths[index])
                width = TerminalText.width(value)
            }
            let isLast = position == shown.count - 1
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
