/// How `movies stats` draws: with Unicode blocks or `#`, in colour or not, and how wide.
struct ChartStyle: Sendable {
    /// Eighths of a cell (`▏` to `█`) when the locale is UTF-8, whole `#` cells otherwise.
    var usesUnicode: Bool
    /// Bars in green and headings in bold (never with `NO_COLOR`, nor into a pipe).
    var usesColor: Bool
    /// The width the lines fit in: the terminal's (`COLUMNS`, else what it reports), 80 for a pipe.
    var columns: Int

    init(usesUnicode: Bool, usesColor: Bool, columns: Int) {
        self.usesUnicode = usesUnicode
        self.usesColor = usesColor
        self.columns = columns
    }

    init(environment: [String: String], terminal: Terminal) {
        self.init(
            usesUnicode: Self.isUTF8(environment: environment), usesColor: terminal.usesColor,
            columns: terminal.columns ?? 80)
    }

    /// Whether the locale's character set is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is
    /// set and not empty decides, as POSIX orders them
    /// (https://pubs.opengroup.org/onlinepubs/9699919799/basedefs/V1_chap08.html#tag_08_02); none (the C
    /// locale) is not UTF-8.
    static func isUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let codeset = locale?.lowercased() else { return false }
        return codeset.contains("utf-8") || codeset.contains("utf8")
    }

    /// `text` in bold when colour is on.
    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    /// `text` in green when colour is on.
    func green(_ text: String) -> String { usesColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
}

/// Lines of labelled bars, scaled so the largest count fills the room the widest line leaves.
struct BarChart {
    /// One bar: its label, its count, and what follows the count (the stars of a rating word).
    struct Row {
        var label: String
        var count: Int
        var note = ""
    }

    /// The narrowest a bar may be, however narrow the terminal.
    static let minimumWidth = 10
    /// The widest a bar is drawn, however wide the terminal: wider says nothing more.
    static let maximumWidth = 60

    /// The rows, each `  label  bar count note`, every line ended.
    static func render(_ rows: [Row], style: ChartStyle) -> String {
        let labelWidth = rows.map { TerminalText.width($0.label) }.max() ?? 0
        let countWidth = rows.map { String($0.count).count }.max() ?? 1
        let noteWidth = rows.map { $0.note.isEmpty ? 0 : TerminalText.width($0.note) + 2 }.max() ?? 0
        let fixed = 2 + labelWidth + 2 + 1 + countWidth + noteWidth
        let width = min(maximumWidth, max(minimumWidth, style.columns - fixed))
        let largest = rows.map(\.count).max() ?? 0
        var text = ""
        for row in rows {
            let bar = Self.bar(row.count, of: largest, width: width, unicode: style.usesUnicode)
            let padding = String(repeating: " ", count: width - Self.cells(bar))
            let count =
                String(repeating: " ", count: countWidth - String(row.count).count) + String(row.count)
            text +=
                "  " + TerminalText.padded(row.label, to: labelWidth) + "  "
                + (bar.isEmpty ? "" : style.green(bar)) + padding + " " + count
                + (row.note.isEmpty ? "" : "  " + row.note) + "\n"
        }
        return text
    }

    /// A bar `count / largest` of `width` cells: in eighths with blocks, else in whole `#`; a count
    /// above zero always shows at least the smallest mark.
    static func bar(_ count: Int, of largest: Int, width: Int, unicode: Bool) -> String {
        guard count > 0, largest > 0 else { return "" }
        let steps = unicode ? 8 : 1
        // Multiplied in Double: a count near Int.max times 480 would overflow an Int.
        let scaled = (Double(count) / Double(largest) * Double(width * steps)).rounded()
        let units = max(1, min(width * steps, Int(scaled)))
        guard unicode else { return String(repeating: "#", count: units) }
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: units / 8) + eighths[units % 8]
    }

    /// The cells a bar takes: one per character, blocks included.
    private static func cells(_ bar: String) -> Int { bar.count }
}
