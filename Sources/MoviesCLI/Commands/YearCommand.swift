import Basics
import Interchange
import MoviesCore

/// `movies year`: see docs/COMMANDS.md, written from the declarations below.
struct YearCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "year",
        abstract: "Draw a year in film: a page to open, or a card to share.",
        discussion: """
            --format html (the default) writes one self-contained page (no script, nothing fetched; light \
            or dark as the system is set; prints on paper): the films and viewings of the year, first \
            watches and rewatches, hours watched where runtimes are known, viewings per month and per \
            weekday, every day of the year shaded by its viewings, the stars given, the year's best films \
            by the rating given that year, the most-watched directors and genres, decades of release, the \
            longest run, the busiest day, reviews written and lists made, each against the year before. \
            --format svg writes a 1080 × 1350 card with the headline figures and the months; --format png \
            the same card as PNG, drawn by rsvg-convert (Debian's librsvg2-bin). Every figure is the one \
            `movies stats --year YEAR --format json` prints.
            """,
        examples: [
            "movies year -o year.html", "movies year 2025 -o 2025.html",
            "movies year 2025 --format svg -o card.svg", "movies year 2025 --format png -o card.png",
        ])

    @Argument("year", help: "The year to draw (the current one when left out).")
    var year: WatchedYear?
    @Option("format", help: "The page (html) or the card to share (svg, png).")
    var format: YearFormat = .html
    @Option(
        "output", short: "o", valueName: "file",
        help: "Write to this file instead of stdout (replaced whole or not at all); png needs one.",
        completion: .file)
    var output: String?

    func validate() throws(CommandLineRule) {
        if format == .png && output == nil {
            throw CommandLineRule("--format png writes a picture: name its file with -o FILE")
        }
    }

    func runSynchronously(in context: CommandContext) throws {
        let today = CalendarDate.today()
        let query = MovieStatistics.Query(year: year?.value ?? today.year, today: today)
        // The output path is checked before the database is opened, as export's.
        let file = try output.map {
            try OutputFileSink(path: $0, refusing: DatabaseFiles(databasePath: try context.databasePath))
        }
        let figures = try StatsFigures.read(query, from: try context.readingDependencies().movies)
        switch format {
        case .html, .svg:
            let text = format == .html ? YearPage.html(figures) : ShareCard.year(figures)
            guard let file else { return context.output.write(text) }
            try file.write(text)
            try file.commit()
        case .png:
            let png = try Rasteriser.png(ShareCard.year(figures), environment: context.environment)
            guard let file else { return }
            try file.write(utf8: png)
            try file.commit()
        }
        if let file {
            context.errors.line("Wrote \(String(query.year ?? 0)) in film to \(file.path)")
        }
    }
}

/// What `movies year --format` writes.
enum YearFormat: String, CaseIterable, ExpressibleByArgument {
    case html, svg, png
}
