import Interchange
import MoviesCore

/// `movies stats --format json`: the same figures as the text, for programs, as one JSON object.
///
/// Keys are snake_case like the export's; counts are `films`; a missing value (no year, no average, no
/// run) is `null`, so every key is always there. The year's own figures (days, weekdays, half stars, the
/// best films, reviews, lists, the year before) are `null` without `--year`.
enum StatsJSON {
    static func object(_ figures: StatsFigures) -> String {
        let statistics = figures.statistics
        let details = figures.details
        let query = statistics.query
        let periods = statistics.periods.map { "{\"period\":\(string($0.label)),\"viewings\":\($0.count)}" }
        let ratings = statistics.ratings.map { rating in
            // Stars as the export writes them: 4, 3.5.
            let stars = rating.stars.map { "{\"stars\":\($0.stars.description),\"films\":\($0.count)}" }
            return "{\"rating\":\(string(rating.word.rawValue)),\"films\":\(rating.count),"
                + "\"stars\":[\(stars.joined(separator: ","))]}"
        }
        let decades = statistics.decades.map { "{\"decade\":\(number($0.decade)),\"films\":\($0.count)}" }
        let run = statistics.longestRun.map {
            "{\"days\":\($0.days),\"first\":\(string($0.first.description)),\"last\":\(string($0.last.description))}"
        }
        let average = statistics.averageStars.flatMap(finite)
        var fields = [
            "\"by\":\(string(query.period.rawValue))",
            "\"year\":\(number(query.year))",
            "\"periods\":[\(periods.joined(separator: ","))]",
            "\"ratings\":[\(ratings.joined(separator: ","))]",
            "\"rated\":\(statistics.rated)",
            "\"average_stars\":\(average ?? "null")",
            "\"decades\":[\(decades.joined(separator: ","))]",
            "\"longest_run\":\(run ?? "null")",
            "\"seen\":\(statistics.seen)",
            "\"viewings\":\(statistics.viewings)",
            "\"rewatches\":\(statistics.rewatches)",
            "\"undated\":\(statistics.undated)",
            "\"watchlist\":\(number(statistics.watchlist))",
            "\"first_watches\":\(figures.firstWatches)",
        ]
        func names(_ counts: [FilmDetailStatistics.NameCount]) -> String {
            "["
                + counts.map { "{\"name\":\(string($0.name)),\"viewings\":\($0.viewings)}" }
                .joined(separator: ",") + "]"
        }
        fields += [
            "\"directors\":\(names(details.directors))",
            "\"genres\":\(names(details.genres))",
            "\"minutes_watched\":\(details.minutesWatched)",
            "\"viewings_without_runtime\":\(details.viewingsWithoutRuntime)",
        ]
        fields += yearFields(figures.year, before: figures.yearBefore)
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The keys only a year has, `null` without one.
    private static func yearFields(_ year: YearStatistics?, before: StatsFigures.Headline?) -> [String] {
        let days = year.map { year in
            "["
                + year.days.map { "{\"day\":\(string($0.day.description)),\"viewings\":\($0.viewings)}" }
                .joined(separator: ",") + "]"
        }
        let weekdays = year.map { "[" + $0.weekdays.map(String.init).joined(separator: ",") + "]" }
        let halfStars = year.map { year in
            "["
                + year.halfStars.enumerated().map { index, count in
                    "{\"stars\":\(StarRating(halfStars: index + 1)?.description ?? "null"),\"viewings\":\(count)}"
                }.joined(separator: ",") + "]"
        }
        let best = year.map { year in
            "["
                + year.best.map { film in
                    "{\"title\":\(string(film.title)),\"year\":\(number(film.year)),"
                        + "\"rating\":\(string(film.word.rawValue)),"
                        + "\"stars\":\(film.stars.map(\.stars.description) ?? "null"),"
                        + "\"watched\":\(string(film.watched.description)),"
                        + "\"address\":\(film.address.map(string) ?? "null")}"
                }.joined(separator: ",") + "]"
        }
        let busiest = year.map { year in
            year.busiestDay.map { "{\"day\":\(string($0.day.description)),\"viewings\":\($0.viewings)}" }
                ?? "null"
        }
        let previous = before.map { before in
            "{\"seen\":\(before.seen),\"viewings\":\(before.viewings),"
                + "\"first_watches\":\(before.firstWatches),\"rewatches\":\(before.rewatches),"
                + "\"minutes_watched\":\(before.minutesWatched),\"reviews\":\(before.reviews),"
                + "\"lists_made\":\(before.listsMade),\"rated\":\(before.rated),"
                + "\"average_stars\":\(before.averageStars.flatMap(finite) ?? "null"),"
                + "\"longest_run_days\":\(before.longestRunDays)}"
        }
        return [
            "\"days\":\(days ?? "null")",
            "\"weekdays\":\(weekdays ?? "null")",
            "\"half_stars\":\(halfStars ?? "null")",
            "\"best\":\(best ?? "null")",
            "\"reviews\":\(number(year?.reviews))",
            "\"lists_made\":\(number(year?.listsMade))",
            "\"busiest_day\":\(busiest ?? "null")",
            "\"year_before\":\(previous ?? "null")",
        ]
    }

    private static func string(_ text: String) -> String { FieldEncoding.json(text) }

    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// `value` to two decimals; nil (written `null`) for a value JSON cannot hold (`inf`, `nan`).
    static func finite(_ value: Double) -> String? {
        let rounded = (value * 100).rounded() / 100
        return rounded.isFinite ? "\(rounded)" : nil
    }
}
