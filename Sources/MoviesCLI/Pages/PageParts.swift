import Basics
import MoviesCore

/// What the two pages (`movies year`, `stats --format html`) share: the document around them, the
/// tiles of headline figures, and the names of ratings and decades.
///
/// Every figure is written as `<data data-figure="KEY" value="N">` with KEY the path of the same number
/// in `stats --format json` (`longest_run.days`), and the year before's as `data-before`, so a test
/// (and anyone) can check the page against the JSON.
enum PageParts {
    /// A whole document: no script, no outside resource; the style sheet inline.
    static func document(title: String, body: Markup) -> String {
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(title)</title>
            <style>
            \(PageStyle.css)
            </style></head>
            <body><main>
            \(body)
            <footer>Written by movies from the diary; every figure is also in \
            <code>movies stats --format json</code>.</footer>
            </main></body></html>

            """
        return page.text
    }

    /// One headline figure.
    struct Tile {
        let label: String
        /// The figure's path in the JSON, and its value as the JSON writes it.
        let key: String
        let json: String
        /// How it reads (`52 h`, `3 on 4 Mar`).
        let shown: String
        var before: Before? = nil
        var note: String? = nil

        /// A count, against the year before's when there is one; `format` writes it (and the change) to read.
        init(
            _ label: String, key: String, _ value: Int, format: (Int) -> String = { String($0) },
            before: (year: Int, value: Int)? = nil, note: String? = nil
        ) {
            self.label = label
            self.key = key
            json = String(value)
            shown = format(value)
            self.note = note
            self.before = before.map { before in
                let change = value - before.value
                let sign = change > 0 ? "+" : "−"
                return Before(
                    year: before.year, json: String(before.value), shown: format(before.value),
                    change: change == 0 ? "the same" : sign + format(Int(change.magnitude)))
            }
        }

        /// A figure the JSON writes otherwise than as a count (`3.64`).
        init(
            _ label: String, key: String, json: String, shown: String, before: Before? = nil,
            note: String? = nil
        ) {
            self.label = label
            self.key = key
            self.json = json
            self.shown = shown
            self.before = before
            self.note = note
        }
    }

    /// The year before's value of a tile's figure.
    struct Before {
        let year: Int
        let json: String
        let shown: String
        let change: String?
    }

    static func tiles(_ tiles: [Tile]) -> Markup {
        let items = tiles.map { tile -> Markup in
            var delta: Markup = ""
            if let before = tile.before {
                let change: Markup = before.change.map { " (\($0))" } ?? ""
                delta = """
                    <span class="delta">\(String(before.year)): <data data-before="\(tile.key)" \
                    value="\(before.json)">\(before.shown)</data>\(change)</span>
                    """
            }
            let note: Markup = tile.note.map { "<span class=\"delta\">\($0)</span>" } ?? ""
            return """
                <div class="tile"><dt>\(tile.label)</dt><dd><data class="figure" data-figure="\(tile.key)" \
                value="\(tile.json)">\(tile.shown)</data>\(delta)\(note)</dd></div>
                """
        }
        return "<dl class=\"tiles\">\(items)</dl>"
    }

    /// Minutes as hours to read: `52 h`, `45 min` under an hour.
    static func hours(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\((minutes + 30) / 60) h"
    }

    /// `1 day`, `5 days`.
    static func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

    /// `4 Mar`.
    static func shortDay(_ date: CalendarDate) -> String {
        "\(date.day) \(Charts.monthNames[max(0, min(11, date.month - 1))])"
    }

    /// Stars as they read: `★★★½`.
    static func stars(_ stars: StarRating) -> String {
        String(repeating: "★", count: stars.halfStars / 2) + (stars.halfStars % 2 == 1 ? "½" : "")
    }

    /// `½`, `3`, `3½` for 1, 6, 7 half stars.
    static func halfStarLabel(_ halfStars: Int) -> String {
        (halfStars >= 2 ? String(halfStars / 2) : "") + (halfStars % 2 == 1 ? "½" : "")
    }

    /// `1990s`, or `no year`.
    static func decade(_ decade: Int?) -> String {
        decade.map { "\($0)s" } ?? "no year"
    }

    /// A section of the grid: a heading, what is in it, and a line under it when there is one.
    static func section(
        _ id: String, _ heading: String, _ content: Markup, note: String? = nil, wide: Bool = false
    )
        -> Markup
    {
        let notes: Markup = note.map { "<p class=\"note\">\($0)</p>" } ?? ""
        return """
            <section id="\(id)"\(wide ? " class=\"wide\"" as Markup : "")><h2>\(heading)</h2>\(content)\(notes)</section>

            """
    }

    /// A name from outside (a director, a genre), isolated so a right-to-left override in it reverses
    /// nothing around it.
    static func name(_ text: String) -> Markup { "<bdi>\(text)</bdi>" }

    /// The films' directors or genres as bars.
    static func names(_ counts: [FilmDetailStatistics.NameCount], chart: String) -> Markup {
        Charts.bars(counts.map { (label: name($0.name), value: $0.viewings) }, name: chart)
    }

    /// Films per decade of release as bars.
    static func decades(_ decades: [MovieStatistics.DecadeCount]) -> Markup {
        Charts.bars(decades.map { (label: "\(decade($0.decade))", value: $0.count) }, name: "decades")
    }
}
