import Basics
import MoviesCore

/// The charts of the pages: columns in inline SVG (a few bars, each with its figure above it), bars as
/// an HTML list (any number of rows with names that wrap), and the calendar of a year's days. Colours
/// come from the page's style sheet (classes), so light, dark and print each draw them in their own.
enum Charts {
    /// One column: its label under it, its figure above it, and what a pointer on it says.
    struct Column {
        let label: String
        let value: Int
        let title: String
    }

    /// Columns in an SVG 320 wide (a phone's column, so its 12 px text stays 12 px there), drawn to the
    /// width of its box: every column has its figure above it
    /// and its label under it, so the chart reads without a scale.
    static func columns(_ columns: [Column], name: String, description: String) -> Markup {
        let width = 320.0
        let height = 180.0
        let top = 22.0
        let bottom = 24.0
        let slot = columns.isEmpty ? width : width / Double(columns.count)
        let barWidth = max(2, slot * 0.72)
        let largest = max(1, columns.map(\.value).max() ?? 1)
        let plot = height - top - bottom
        var parts: [Markup] = []
        for (index, column) in columns.enumerated() {
            let center = slot * (Double(index) + 0.5)
            let barHeight = column.value == 0 ? 0 : max(2, plot * Double(column.value) / Double(largest))
            let y = top + plot - barHeight
            parts.append(
                """
                <g><title>\(column.title)</title>\
                <rect class="bar" x="\(center - barWidth / 2)" y="\(y)" width="\(barWidth)" height="\(barHeight)" rx="2"/>\
                <text class="v" x="\(center)" y="\(y - 5)">\(column.value)</text>\
                <text class="k" x="\(center)" y="\(height - 7)">\(column.label)</text></g>
                """)
        }
        return """
            <svg class="columns" data-chart="\(name)" viewBox="0 0 \(width) \(height)" role="img" \
            aria-label="\(description)"><line class="axis" x1="0" x2="\(width)" y1="\(top + plot)" \
            y2="\(top + plot)"/>\(parts)</svg>
            """
    }

    /// Rows of bars as a list: a name (which may be long: it wraps), a bar as long as its share of the
    /// largest, and its figure.
    static func bars(_ rows: [(label: Markup, value: Int)], name: String) -> Markup {
        let largest = max(1, rows.map(\.value).max() ?? 1)
        let items = rows.map { row -> Markup in
            let share = Double(row.value) / Double(largest) * 100
            return """
                <li><span class="k">\(row.label)</span><span class="track"><span class="fill" \
                style="width:\(share)%"></span></span><data class="v" value="\(row.value)">\(row.value)</data></li>
                """
        }
        return "<ol class=\"bars\" data-chart=\"\(name)\">\(items)</ol>"
    }

    /// The months' short names, January first.
    static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    /// The weekdays' short names, Monday first.
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Every day of `year`, month by month, a week to a row from Monday, shaded by its viewings (none,
    /// 1, 2, 3, 4 or more); each day says its date and viewings to a pointer and a screen reader.
    static func calendar(year: Int, days: [YearStatistics.DayCount]) -> Markup {
        var viewings: [Int: Int] = [:]
        for day in days { viewings[day.day.month * 100 + day.day.day] = day.viewings }
        let cell = 11.0
        let step = 13.0
        var months: [Markup] = []
        for month in 1...12 {
            guard let first = CalendarDate(year: year, month: month, day: 1) else { continue }
            let offset = YearStatistics.weekday(first)
            var cells: [Markup] = []
            var day = 1
            while let date = CalendarDate(year: year, month: month, day: day) {
                let place = offset + day - 1
                let count = viewings[month * 100 + day] ?? 0
                let level = min(count, 4)
                let noun = count == 1 ? "viewing" : "viewings"
                cells.append(
                    """
                    <rect class="d l\(level)" x="\(Double(place % 7) * step)" y="\(Double(place / 7) * step)" \
                    width="\(cell)" height="\(cell)" rx="2"><title>\(date.description): \(count) \(noun)</title></rect>
                    """)
                day += 1
            }
            months.append(
                """
                <figure class="month"><figcaption>\(monthNames[month - 1])</figcaption><svg viewBox="0 0 \(7 * step - 2) \(6 * step - 2)" role="img" \
                aria-label="\(monthNames[month - 1]) \(year), day by day">\(cells)</svg></figure>
                """)
        }
        let legend = (0...4).map { level -> Markup in
            "<svg viewBox=\"0 0 11 11\" class=\"key\"><rect class=\"d l\(level)\" width=\"11\" height=\"11\" rx=\"2\"/></svg>"
        }
        return """
            <div class="calendar" data-chart="calendar">\(months)</div>\
            <p class="legend">No viewing \(legend) 4 or more · weeks run Monday to Sunday</p>
            """
    }
}
