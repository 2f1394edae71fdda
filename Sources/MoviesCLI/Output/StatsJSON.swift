import Interchange
import MoviesCore

/// `movies stats --format json`: the same figures as the text, for programs, as one JSON object.
///
/// Keys are snake_case like the export's; counts are `films`; a missing value (no year, no average, no
/// run) is `null`, so every key is always there.
enum StatsJSON {
    static func object(_ statistics: MovieStatistics, details: FilmDetailStatistics? = nil) -> String {
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
        ]
        if let details {
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
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func string(_ text: String) -> String { FieldEncoding.json(text) }

    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// `value` to two decimals; nil (written `null`) for a value JSON cannot hold (`inf`, `nan`).
    private static func finite(_ value: Double) -> String? {
        let rounded = (value * 100).rounded() / 100
        return rounded.isFinite ? "\(rounded)" : nil
    }
}
