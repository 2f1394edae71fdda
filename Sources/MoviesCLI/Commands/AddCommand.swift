import Basics
import MoviesCore

/// `movies add`: see docs/COMMANDS.md, written from the declarations below.
struct AddCommand: Command {
    static let about = CommandAbout(
        name: "add",
        abstract: "Add a movie to the list.",
        discussion: """
            Without --rating, --stars or --watched the movie goes on the watchlist (not-seen). A movie \
            with the same title and year is refused; one with the same title and no year (or the same \
            letters with other accents) is added, and the one already listed is named.
            """,
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies add \"Past Lives\" --watched today --note \"with Sam\"",
            "movies add \"Aftersun\" --year 2022 --stars 4.5",
        ])

    @Argument("title", help: "The movie's title (quote it when it has spaces).")
    var title: String
    @Option(
        "rating", short: "r", help: MovieFieldHelp.rating, defaultDescription: RatingWord.notSeen.rawValue)
    var rating: RatingWord?
    @Option("stars", help: MovieFieldHelp.stars)
    var stars: StarRating?
    @Option("year", short: "Y", help: MovieFieldHelp.year, retiredLetters: MovieFieldHelp.retiredYear)
    var year: ReleaseYear?
    @Option(
        "watched", short: "W", valueName: "date", help: MovieFieldHelp.watched,
        retiredLetters: MovieFieldHelp.retiredWatched)
    var watched: CalendarDate?
    @Option(
        "note", short: "N", valueName: "text", help: MovieFieldHelp.note,
        retiredLetters: MovieFieldHelp.retiredNote)
    var note: String?

    func run(in context: CommandContext) async throws {
        // Validated before the file is opened, so a refused add does not even create it; the store
        // takes the validated draft as it is.
        let draft = try MovieValidation.validated(
            MovieDraft(
                title: title, year: year?.value, word: rating ?? .notSeen, watchedOn: watched, note: note,
                stars: stars))
        let store = try context.dependencies().movies
        let movie = try store.add(draft)
        context.output.line("Added \(MovieText.summary(movie))")
        for other in try store.similar(to: movie) {
            context.output.line(MovieText.alreadyListed(other, besides: movie))
        }
    }
}
