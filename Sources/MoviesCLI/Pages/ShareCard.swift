import MoviesCore

/// The picture to share (`movies year --format svg|png`, `stats --format svg`): a 1080 × 1350 SVG card
/// (a phone's portrait post) with four headline figures and one chart. Sized to be read at a third of its
/// size on a phone: no text under 32 px, so none under about 11 px there. Its own colours (it is a
/// picture, not a page: no light or dark), and the same figures as `stats --format json`, each marked
/// `data-figure` with its key there.
enum ShareCard {
    static let width = 1080.0
    static let height = 1350.0
    private static let font = "DejaVu Sans, Noto Sans, Helvetica, Arial, sans-serif"

    /// The card of one year: films, viewings, hours (or first watches where no runtime is known) and the
    /// longest run, with the viewings per month.
    static func year(_ figures: StatsFigures) -> String {
        let statistics = figures.statistics
        let year = String(statistics.query.year ?? 0)
        guard statistics.viewings > 0 else {
            return card(
                title: "\(year) in film",
                body: text(540, 700, 48, "No films watched in \(year)", anchor: "middle"))
        }
        let hours: Markup =
            figures.details.minutesWatched > 0
            ? figure(
                1, "minutes_watched", figures.details.minutesWatched,
                PageParts.hours(figures.details.minutesWatched), "hours watched")
            : figure(1, "first_watches", figures.firstWatches, String(figures.firstWatches), "first watches")
        let run = statistics.longestRun?.days ?? 0
        var body: Markup =
            figure(0, "seen", statistics.seen, String(statistics.seen), "films")
            + figure(2, "viewings", statistics.viewings, String(statistics.viewings), "viewings") + hours
            + figure(3, "longest_run.days", run, "\(run) day\(run == 1 ? "" : "s")", "longest run")
        let columns = statistics.periods.enumerated().map { index, period in
            (label: String(Charts.monthNames[index % 12].prefix(1)), value: period.count)
        }
        body += text(80, 800, 36, "Viewings per month", fill: "#aab2bd")
        body += chart(columns)
        if let busiest = figures.year?.busiestDay {
            body += text(
                80, 1300, 34, "Busiest day: \(PageParts.shortDay(busiest.day)), \(busiest.viewings) viewings",
                fill: "#aab2bd")
        }
        return card(title: "\(year) in film", body: body)
    }

    /// The card of `stats`: films seen, viewings, rated and the average, with the viewings per period.
    static func stats(_ figures: StatsFigures) -> String {
        let statistics = figures.statistics
        let title = statistics.query.year.map { "My films of \(String($0))" } ?? "My films"
        guard !statistics.isEmpty else {
            return card(title: title, body: text(540, 700, 48, "No film seen yet", anchor: "middle"))
        }
        let average = statistics.averageStars.flatMap(StatsJSON.finite)
        var body: Markup =
            figure(0, "seen", statistics.seen, String(statistics.seen), "films seen")
            + figure(1, "viewings", statistics.viewings, String(statistics.viewings), "viewings")
            + figure(2, "rated", statistics.rated, String(statistics.rated), "rated")
        if let average {
            body += figure(3, "average_stars", json: average, shown: average + " ★", "average rating")
        }
        let perYear = statistics.query.period == .year
        let columns = statistics.periods.map { period in
            (
                label: perYear
                    ? String(period.label.suffix(2)) : String(StatsPage.monthName(period.label).prefix(1)),
                value: period.count
            )
        }
        body += text(80, 800, 36, StatsPage.periodHeading(statistics), fill: "#aab2bd")
        body += chart(columns)
        return card(title: title, body: body)
    }

    /// The card around `body`: its background and its title.
    private static func card(title: String, body: Markup) -> String {
        let card: Markup = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="\(font)">
            <rect width="\(width)" height="\(height)" fill="#14181c"/>
            <rect x="80" y="96" width="120" height="12" rx="6" fill="#fb923c"/>
            \(text(80, 200, 84, title, weight: "700"))
            \(body)
            </svg>

            """
        return card.text
    }

    /// One of the four figures, in a 2 × 2 grid.
    private static func figure(_ place: Int, _ key: String, _ value: Int, _ shown: String, _ label: String)
        -> Markup
    {
        figure(place, key, json: String(value), shown: shown, label)
    }

    private static func figure(_ place: Int, _ key: String, json: String, shown: String, _ label: String)
        -> Markup
    {
        let x = 80.0 + Double(place % 2) * 480
        let y = 380.0 + Double(place / 2) * 190
        return """
            <text x="\(x)" y="\(y)" font-size="112" font-weight="700" fill="#ffffff" data-figure="\(key)" \
            data-value="\(json)">\(shown)</text>
            \(text(x, y + 52, 38, label, fill: "#aab2bd"))

            """
    }

    /// Columns from y 860 to 1200, each with its figure above (when they are few enough to have room) and
    /// its label under it.
    private static func chart(_ columns: [(label: String, value: Int)]) -> Markup {
        let left = 80.0
        let right = 1000.0
        let top = 900.0
        let base = 1190.0
        let slot = (right - left) / Double(max(1, columns.count))
        let largest = max(1, columns.map(\.value).max() ?? 1)
        let labelEvery = max(1, (columns.count + 11) / 12)
        var parts: [Markup] = [
            "<line x1=\"\(left)\" x2=\"\(right)\" y1=\"\(base)\" y2=\"\(base)\" stroke=\"#3a414b\" stroke-width=\"2\"/>"
        ]
        for (index, column) in columns.enumerated() {
            let center = left + slot * (Double(index) + 0.5)
            let barHeight =
                column.value == 0 ? 0 : max(4, (base - top) * Double(column.value) / Double(largest))
            parts.append(
                """
                <rect x="\(center - slot * 0.36)" y="\(base - barHeight)" width="\(slot * 0.72)" height="\(barHeight)" \
                rx="6" fill="#fb923c"/>
                """)
            if columns.count <= 12 {
                parts.append(
                    text(
                        center, base - barHeight - 12, 34, String(column.value), anchor: "middle",
                        weight: "700", className: "v"))
            }
            if index % labelEvery == 0 {
                parts.append(text(center, base + 46, 34, column.label, fill: "#aab2bd", anchor: "middle"))
            }
        }
        return Markup(joining: parts, separator: "\n")
    }

    private static func text(
        _ x: Double, _ y: Double, _ size: Int, _ content: String, fill: String = "#ffffff",
        anchor: String = "start",
        weight: String = "400", className: String? = nil
    ) -> Markup {
        let classAttribute: Markup = className.map { " class=\"\($0)\"" } ?? ""
        return """
            <text x="\(x)" y="\(y)" font-size="\(size)" font-weight="\(weight)" fill="\(fill)" \
            text-anchor="\(anchor)"\(classAttribute)>\(content)</text>
            """
    }
}
