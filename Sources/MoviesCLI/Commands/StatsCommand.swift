import Basics
import Interchange
import MoviesCore

/// `movies stats`: see docs/COMMANDS.md, written from the declarations below.
struct StatsCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "stats",
        abstract: "Show the films seen per month or year, how the ratings spread, decades and runs.",
        discussion: """
            Counts the films seen: per month for the last twelve months (per year with --by year), per \
            rating word with its stars and the average on the star scale (a word without stars counts as \
            its upper half: good is 4), per decade of release, and the longest run of days in a row with \
            a film watched. Films seen without a watched day count everywhere but in the chart and the \
            run. Bars fit the terminal's width and are drawn with # when the locale is not UTF-8. \
            --format html draws the same figures as a page (no script, light and dark, prints on paper), \
            --format svg as a 1080 × 1350 card; `movies year` draws one year in full.
            """,
        examples: [
            "movies stats", "movies stats --by year", "movies stats --year 2025 --format json",
            "movies stats --format html -o stats.html",
        ])

    @Option("by", valueName: "period", help: "Count the films seen per month (the last twelve) or per year.")
    var period: MovieStatistics.Query.Period = .month
    @Option("year", short: "Y", help: "Only the films watched in this year, in every figure.")
    var year: WatchedYear?
    @Option("format", help: "How to print the figures.")
    var format: StatsFormat = .text
    @Option(
        "output", short: "o", valueName: "file",
        help: "Write to this file instead of stdout (replaced whole or not at all).", completion: .file)
    var output: String?

    func runSynchronously(in context: CommandContext) throws {
        let query = MovieStatistics.Query(period: period, year: year?.value, today: .today())
        // The output path is checked before the database is opened, as export's.
        let file = try output.map {
            try OutputFileSink(path: $0, refusing: DatabaseFiles(databasePath: try context.databasePath))
        }
        let figures = try StatsFigures.read(query, from: try context.readingDependencies().movies)
        let text: String
        switch format {
        case .json: text = StatsJSON.object(figures) + "\n"
        case .text:
            let style = ChartStyle(environment: context.environment, terminal: context.terminal)
            text = StatsText.render(figures.statistics, details: figures.details, style: style)
        case .html: text = StatsPage.html(figures)
        case .svg: text = ShareCard.stats(figures)
        }
        guard let file else { return context.output.write(text) }
        try file.write(text)
        try file.commit()
    }
}

/// What `movies stats --format` prints.
enum StatsFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, html, svg
}

extension MovieStatistics.Query.Period: ExpressibleByArgument {}

/// The year `stats --year` counts: a year a film can have been watched in, from the first films (1870)
/// to 9998 (the year after it must still be a four-digit day to compare with).
struct WatchedYear: ExpressibleByArgument, Hashable {
    let value: Int

    init?(argument: String) {
        guard let value = Int(argument.trimmingWhitespace()), (1870...9998).contains(value) else {
            return nil
        }
        self.value = value
    }

    static var expectedDescription: String { "a year from 1870 such as 2025" }
}
