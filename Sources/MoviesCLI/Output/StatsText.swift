import MoviesCore

/// `movies stats` as a person reads it: a chart of the films seen per month or year, the ratings with
/// their stars and average, the decades, the longest run and the total.
enum StatsText {
    static func render(
        _ statistics: MovieStatistics, details: FilmDetailStatistics? = nil, style: ChartStyle
    ) -> String {
        let query = statistics.query
        guard !statistics.isEmpty else {
            if let year = query.year { return "No films were watched in \(year).\n" }
            return "No movies yet: nothing to count. Add one with 'movies add <title>'.\n"
        }
        var text = style.bold(periodHeading(statistics)) + "\n"
        text += BarChart.render(
            statistics.periods.map { BarChart.Row(label: $0.label, count: $0.count) }, style: style)

        text += "\n" + style.bold(ratingHeading(statistics, style: style)) + "\n"
        if statistics.ratings.isEmpty {
            text += "  No film seen yet.\n"
        } else {
            text += BarChart.render(
                statistics.ratings.map { rating in
                    BarChart.Row(
                        label: rating.word.rawValue, count: rating.count,
                        note: starsNote(rating, style: style))
                }, style: style)
        }

        if !statistics.decades.isEmpty {
            text += "\n" + style.bold("Decades of release") + "\n"
            text += BarChart.render(
                statistics.decades.map { decade in
                    BarChart.Row(label: decade.decade.map { "\($0)s" } ?? "no year", count: decade.count)
                }, style: style)
        }

        if let details, !details.isEmpty {
            text += detailsText(details, style: style)
        }

        text += "\n" + runLine(statistics.longestRun) + "\n"
        text += totalLine(statistics) + "\n"
        return text
    }

    /// The most watched directors and genres, and the hours watched (films linked to the catalog, or
    /// imported from IMDb, have them).
    private static func detailsText(_ details: FilmDetailStatistics, style: ChartStyle) -> String {
        var text = ""
        for (heading, names) in [
            ("Most watched directors", details.directors), ("Most watched genres", details.genres),
        ]
        where !names.isEmpty {
            text += "\n" + style.bold(heading) + "\n"
            text += BarChart.render(
                names.map { BarChart.Row(label: TerminalText.singleLine($0.name), count: $0.viewings) },
                style: style)
        }
        if details.minutesWatched > 0 {
            let hours = details.minutesWatched / 60
            let minutes = details.minutesWatched % 60
            var line = "\nHours watched: \(hours) h \(minutes) min"
            if details.viewingsWithoutRuntime > 0 {
                line +=
                    " (\(details.viewingsWithoutRuntime) of \(details.viewings) viewings without a runtime left out)"
            }
            text += line + "\n"
        }
        return text
    }

    private static func periodHeading(_ statistics: MovieStatistics) -> String {
        let query = statistics.query
        switch (query.period, query.year) {
        case (.month, let year?): return "Viewings per month in \(year)"
        case (.month, nil):
            let first = statistics.periods.first?.label ?? ""
            let last = statistics.periods.last?.label ?? ""
            return "Viewings per month, \(first) to \(last)"
        case (.year, let year?): return "Viewings in \(year)"
        case (.year, nil): return "Viewings per year"
        }
    }

    private static func ratingHeading(_ statistics: MovieStatistics, style: ChartStyle) -> String {
        guard let average = statistics.averageStars else { return "Ratings: none yet" }
        let films = statistics.rated == 1 ? "1 rated film" : "\(statistics.rated) rated films"
        return "Ratings: average \(stars(tenths(average), style: style)) over \(films)"
    }

    /// What follows a rating word's count: its films per number of stars, and those without stars.
    private static func starsNote(_ rating: MovieStatistics.RatingCount, style: ChartStyle) -> String {
        guard !rating.stars.isEmpty else { return "" }
        var parts = rating.stars.map { "\(stars($0.stars.description, style: style)) \($0.count)" }
        let unstarred = rating.count - rating.stars.reduce(0) { $0 + $1.count }
        if unstarred > 0 { parts.append("no stars \(unstarred)") }
        return parts.joined(separator: ", ")
    }

    private static func runLine(_ run: MovieStatistics.Run?) -> String {
        guard let run else { return "Longest run: no viewing has a day." }
        if run.days == 1 { return "Longest run: 1 day (\(run.first))." }
        return "Longest run: \(run.days) days in a row, \(run.first) to \(run.last)."
    }

    private static func totalLine(_ statistics: MovieStatistics) -> String {
        let films = statistics.seen == 1 ? "1 film" : "\(statistics.seen) films"
        var viewings = statistics.viewings == 1 ? "1 viewing" : "\(statistics.viewings) viewings"
        if statistics.rewatches > 0 {
            viewings +=
                statistics.rewatches == 1 ? ", 1 a rewatch" : ", \(statistics.rewatches) of them rewatches"
        }
        if let year = statistics.query.year { return "Total: \(films) watched in \(year), \(viewings)." }
        var line = "Total: \(films) seen, \(viewings)"
        if statistics.undated > 0 { line += " (\(statistics.undated) without a day)" }
        if let watchlist = statistics.watchlist { line += "; \(watchlist) on the watchlist" }
        return line + "."
    }

    /// A number of stars followed by a star, or by "stars" where the locale is not UTF-8.
    private static func stars(_ number: String, style: ChartStyle) -> String {
        style.usesUnicode ? number + "★" : MovieText.starCount(number)
    }

    /// One decimal: `3.6`. For an average of stars, ½ to 5; anything else (which the store never
    /// gives) is written as it is rather than converted to an integer it may not fit.
    static func tenths(_ value: Double) -> String {
        guard let tenths = Int(exactly: (value * 10).rounded()), (0...1000).contains(tenths) else {
            return "\(value)"
        }
        return "\(tenths / 10).\(tenths % 10)"
    }
}
