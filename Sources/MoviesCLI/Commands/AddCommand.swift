import MoviesCore
import ViewModels

/// `movies add <title> [--rating R] [--year Y] [--watched D] [--note N]`
enum AddCommand: Command {
    static let title = Argument<String>("title", help: "The movie's title (quote it when it has spaces).")
    static let rating = Option<RatingWord>(
        "rating", short: "r", valueName: "rating", help: MovieFieldHelp.rating, default: .notSeen)
    static let year = Option<ReleaseYear>("year", short: "y", valueName: "year", help: MovieFieldHelp.year)
    static let watched = Option<CalendarDate>(
        "watched", short: "w", valueName: "date", help: MovieFieldHelp.watched)
    static let note = Option<String>("note", short: "n", valueName: "text", help: MovieFieldHelp.note)

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a movie to the list.",
        arguments: [title.spec],
        options: [rating.spec, year.spec, watched.spec, note.spec],
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies add \"Past Lives\" --watched today --note \"with Sam\"",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        // Validate before opening: a refused add must not even create the database file.
        let draft = try MovieValidation.validated(
            MovieDraft(
                title: arguments[title] ?? "", year: arguments[year]?.value,
                word: arguments[rating] ?? .notSeen, watchedOn: arguments[watched], note: arguments[note]))
        let form = AddMovieViewModel(store: try context.dependencies().movies)
        form.title = draft.title
        form.rating = draft.ratingWord
        form.year = draft.year
        form.watchedOn = draft.watchedOn
        form.note = draft.note ?? ""
        let movie = try form.save()
        context.output.line("Added \(MovieText.summary(movie))")
    }
}

/// The help of the options that set a movie's fields, shared by `add` and `edit`.
enum MovieFieldHelp {
    static let rating = "How much you liked it."
    static let year = "The release year (1870–2100)."
    static let watched = "The day you watched it: YYYY-MM-DD, today or yesterday."
    static let note = "A note to keep with it."
    /// Added to the help of `edit`'s options that an empty value clears.
    static let clears = " An empty value clears it."
}
