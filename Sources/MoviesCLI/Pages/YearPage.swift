import MoviesCore

/// `movies year`: a year in film as one HTML file, from the figures `stats --year YEAR --format json`
/// prints (`StatsFigures`), each against the year before's.
enum YearPage {
    static func html(_ figures: StatsFigures) -> String {
        let statistics = figures.statistics
        let year = statistics.query.year ?? 0
        let title = "\(String(year)) in film"
        guard statistics.viewings > 0, let days = figures.year else {
            var body: Markup = "<header><h1>\(title)</h1></header>"
            body +=
                "<p class=\"empty\">No films were watched in \(String(year)): there is nothing to draw.</p>"
            if let before = figures.yearBefore, before.viewings > 0 {
                body += """
                    <p class="note">In \(String(year - 1)): <data data-before="viewings" \
                    value="\(before.viewings)">\(before.viewings)</data> viewings.</p>
                    """
            }
            return PageParts.document(title: title, body: body)
        }
        var body: Markup = """
            <header><h1>\(title)</h1><p class="lede">\(statistics.viewings) viewings of \(statistics.seen) \
            films, day by day from the diary.</p></header>
            """
        body += PageParts.tiles(tiles(figures, days: days))
        var sections: [Markup] = []
        sections.append(
            PageParts.section(
                "months", "Viewings per month",
                Charts.columns(
                    statistics.periods.enumerated().map { index, period in
                        Charts.Column(
                            label: Charts.monthNames[index % 12], value: period.count,
                            title: "\(period.label): \(period.count) viewings")
                    }, name: "months", description: "Viewings per month of \(year)")))
        sections.append(
            PageParts.section(
                "weekdays", "Viewings per weekday",
                Charts.columns(
                    days.weekdays.enumerated().map { index, count in
                        Charts.Column(
                            label: Charts.weekdayNames[index], value: count,
                            title: "\(Charts.weekdayNames[index]): \(count) viewings")
                    }, name: "weekdays", description: "Viewings per weekday in \(year)")))
        sections.append(
            PageParts.section(
                "calendar", "Every day of \(year)", Charts.calendar(year: year, days: days.days), wide: true))
        if days.halfStars.contains(where: { $0 > 0 }) {
            sections.append(
                PageParts.section(
                    "stars", "Stars given",
                    Charts.columns(
                        days.halfStars.enumerated().map { index, count in
                            let label = PageParts.halfStarLabel(index + 1)
                            return Charts.Column(
                                label: label, value: count, title: "\(label) stars: \(count) viewings")
                        }, name: "stars", description: "Viewings per number of stars given in \(year)"),
                    note: "The stars given at each viewing that year, in half stars."))
        }
        if !days.best.isEmpty {
            sections.append(
                PageParts.section(
                    "best", "The year's best", best(days.best), note: "By the rating given that year."))
        }
        if !figures.details.directors.isEmpty {
            sections.append(
                PageParts.section(
                    "directors", "Most-watched directors",
                    PageParts.names(figures.details.directors, chart: "directors")))
        }
        if !figures.details.genres.isEmpty {
            sections.append(
                PageParts.section(
                    "genres", "Most-watched genres", PageParts.names(figures.details.genres, chart: "genres"))
            )
        }
        if !statistics.decades.isEmpty {
            sections.append(
                PageParts.section(
                    "decades", "Films by decade of release", PageParts.decades(statistics.decades)))
        }
        body += "<div class=\"grid\">\(sections)</div>"
        return PageParts.document(title: title, body: body)
    }

    /// The headline tiles, each against the year before.
    private static func tiles(_ figures: StatsFigures, days: YearStatistics) -> [PageParts.Tile] {
        let statistics = figures.statistics
        let now = figures.headline
        let year = (statistics.query.year ?? 1) - 1
        let before = figures.yearBefore
        func against(_ value: KeyPath<StatsFigures.Headline, Int>) -> (year: Int, value: Int)? {
            before.map { (year: year, value: $0[keyPath: value]) }
        }
        let details = figures.details
        let runtimeNote =
            details.viewingsWithoutRuntime > 0
            ? "\(details.viewingsWithoutRuntime) viewings without a known runtime" : nil
        var tiles: [PageParts.Tile] = [
            .init("Films", key: "seen", now.seen, before: against(\.seen)),
            .init("Viewings", key: "viewings", now.viewings, before: against(\.viewings)),
            .init("First watches", key: "first_watches", now.firstWatches, before: against(\.firstWatches)),
            .init("Rewatches", key: "rewatches", now.rewatches, before: against(\.rewatches)),
            .init(
                "Hours watched", key: "minutes_watched", now.minutesWatched, format: PageParts.hours,
                before: against(\.minutesWatched), note: runtimeNote),
            .init("Reviews written", key: "reviews", now.reviews, before: against(\.reviews)),
            .init("Lists made", key: "lists_made", now.listsMade, before: against(\.listsMade)),
            .init(
                "Longest run", key: "longest_run.days", now.longestRunDays, format: PageParts.days,
                before: against(\.longestRunDays),
                note: statistics.longestRun.map {
                    "\(PageParts.shortDay($0.first)) to \(PageParts.shortDay($0.last))"
                }),
        ]
        if let busiest = days.busiestDay {
            tiles.append(
                .init(
                    "Busiest day", key: "busiest_day.day", json: busiest.day.description,
                    shown: PageParts.shortDay(busiest.day),
                    note: "\(busiest.viewings) viewing\(busiest.viewings == 1 ? "" : "s")"))
        }
        if let average = statistics.averageStars.flatMap(StatsJSON.finite) {
            let previous = before?.averageStars.flatMap(StatsJSON.finite).map {
                PageParts.Before(year: year, json: $0, shown: $0 + " ★", change: nil)
            }
            tiles.append(
                .init(
                    "Average rating", key: "average_stars", json: average, shown: average + " ★",
                    before: previous,
                    note: "of \(statistics.rated) rated films"))
        }
        return tiles
    }

    /// The best films, each linked to its page where it has one.
    private static func best(_ films: [YearStatistics.RatedFilm]) -> Markup {
        let items = films.map { film -> Markup in
            var name = PageParts.name(film.title)
            if let address = film.address, address.hasPrefix("https://") {
                name = "<a href=\"\(address)\">\(name)</a>"
            }
            let year: Markup = film.year.map { " <span class=\"note\">(\(String($0)))</span>" } ?? ""
            let rating = film.stars.map(PageParts.stars) ?? film.word.rawValue
            return """
                <li>\(name)\(year) <span class="stars">\(rating)</span> <span class="note">\
                <time datetime="\(film.watched.description)">\(PageParts.shortDay(film.watched))</time></span></li>
                """
        }
        return "<ol class=\"best\" data-chart=\"best\">\(items)</ol>"
    }
}
