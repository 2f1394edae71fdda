import MoviesCore

/// `movies stats --format html`: the figures `stats` prints (every film, or one year's with `--year`)
/// drawn as one HTML file.
enum StatsPage {
    static func html(_ figures: StatsFigures) -> String {
        let statistics = figures.statistics
        let title = statistics.query.year.map { "Films watched in \(String($0))" } ?? "Films seen"
        var body: Markup = "<header><h1>\(title)</h1></header>"
        guard !statistics.isEmpty else {
            body += "<p class=\"empty\">No film seen yet: there is nothing to draw.</p>"
            return PageParts.document(title: title, body: body)
        }
        var tiles: [PageParts.Tile] = [
            .init("Films seen", key: "seen", statistics.seen),
            .init("Viewings", key: "viewings", statistics.viewings),
            .init("First watches", key: "first_watches", figures.firstWatches),
            .init("Rewatches", key: "rewatches", statistics.rewatches),
        ]
        if let watchlist = statistics.watchlist {
            tiles.append(.init("On the watchlist", key: "watchlist", watchlist))
        }
        tiles.append(.init("Rated", key: "rated", statistics.rated))
        if let average = statistics.averageStars.flatMap(StatsJSON.finite) {
            tiles.append(.init("Average rating", key: "average_stars", json: average, shown: average + " ★"))
        }
        if figures.details.minutesWatched > 0 {
            tiles.append(
                .init(
                    "Hours watched", key: "minutes_watched", figures.details.minutesWatched,
                    format: PageParts.hours))
        }
        if let run = statistics.longestRun {
            tiles.append(
                .init(
                    "Longest run", key: "longest_run.days", run.days, format: PageParts.days,
                    note: "\(run.first.description) to \(run.last.description)"))
        }
        body += PageParts.tiles(tiles)
        var sections: [Markup] = []
        let perYear = statistics.query.period == .year
        let periods = statistics.periods
        let heading = periodHeading(statistics)
        let chart: Markup =
            periods.count <= 12
            ? Charts.columns(
                periods.map { period in
                    Charts.Column(
                        label: perYear ? period.label : monthName(period.label), value: period.count,
                        title: "\(period.label): \(period.count) viewings")
                }, name: "periods", description: heading)
            : Charts.bars(periods.map { (label: "\($0.label)", value: $0.count) }, name: "periods")
        let quiet = "No viewing in these months: nothing to draw."
        sections.append(
            PageParts.section(
                "periods", heading,
                periods.contains { $0.count > 0 } ? chart : "<p class=\"note\">\(quiet)</p>",
                note: statistics.undated > 0
                    ? "\(statistics.undated) viewings have no day and are not drawn." : nil))
        if !statistics.ratings.isEmpty {
            let rows = statistics.ratings.map { rating -> (label: Markup, value: Int) in
                let stars = rating.stars.map { "\(PageParts.stars($0.stars)) \($0.count)" }
                let detail: Markup =
                    stars.isEmpty ? "" : " <span class=\"note\">\(stars.joined(separator: " · "))</span>"
                return (label: "\(rating.word.rawValue)\(detail)", value: rating.count)
            }
            sections.append(
                PageParts.section("ratings", "Films per rating", Charts.bars(rows, name: "ratings")))
        }
        if !statistics.decades.isEmpty {
            sections.append(
                PageParts.section(
                    "decades", "Films by decade of release", PageParts.decades(statistics.decades)))
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
        body += "<div class=\"grid\">\(sections)</div>"
        return PageParts.document(title: title, body: body)
    }

    /// What the chart of periods counts: `Viewings per month, Jan 2025 to Dec 2025`.
    static func periodHeading(_ statistics: MovieStatistics) -> String {
        guard statistics.query.period == .month else { return "Viewings per year" }
        let periods = statistics.periods
        return
            "Viewings per month, \(monthLabel(periods.first?.label ?? "")) to \(monthLabel(periods.last?.label ?? ""))"
    }

    /// `Mar 2025` for the period `2025-03`.
    static func monthLabel(_ period: String) -> String {
        let parts = period.split(separator: "-")
        guard parts.count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return period }
        return "\(Charts.monthNames[month - 1]) \(parts[0])"
    }

    /// `Mar` for the period `2025-03`.
    static func monthName(_ period: String) -> String {
        String(monthLabel(period).prefix(3))
    }
}
