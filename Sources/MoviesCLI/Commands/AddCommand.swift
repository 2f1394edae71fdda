import MoviesCore
import ViewModels

/// `movies add <title> [--rating R] [--year Y] [--watched D] [--note N]`
enum AddCommand: Command {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a movie to the list.",
        arguments: [ArgumentSpec(name: "title", help: "The movie's title (quote it when it has spaces).")],
        options: movieFieldOptions(includesTitle: false, ratingDefault: "not-seen"),
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies add \"Past Lives\" --watched today --note \"with Sam\"",
        ])

    /// The options that set a movie's fields, shared by `add` and `edit`.
    static func movieFieldOptions(includesTitle: Bool, ratingDefault: String?) -> [OptionSpec] {
        var options: [OptionSpec] = []
        if includesTitle {
            options.append(
                OptionSpec(name: "title", short: "t", kind: .value(name: "title"), help: "A new title."))
        }
        options += [
            OptionSpec(
                name: "rating", short: "r", kind: .value(name: "rating"), help: "How much you liked it.",
                allowedValues: Rating.words, defaultValue: ratingDefault),
            OptionSpec(
                name: "year", short: "y", kind: .value(name: "year"),
                help: "The release year (1870–2100)." + (includesTitle ? " An empty value clears it." : "")),
            OptionSpec(
                name: "watched", short: "w", kind: .value(name: "date"),
                help: "The day you watched it: YYYY-MM-DD, today or yesterday."
                    + (includesTitle ? " An empty value clears it." : "")),
            OptionSpec(
                name: "note", short: "n", kind: .value(name: "text"),
                help: "A note to keep with it." + (includesTitle ? " An empty value clears it." : "")),
        ]
        return options
    }

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let year = try arguments.year()
        let watchedOn = try arguments.watchedDate()
        // Validate before opening: a refused add must not even create the database file.
        let draft = try MovieValidation.validated(
            MovieDraft(
                title: arguments.string("title") ?? "", year: year,
                rating: arguments.rating("rating") ?? .notSeen,
                watchedOn: watchedOn, note: arguments.string("note")))
        let form = AddMovieViewModel(store: try context.dependencies().movies)
        form.title = draft.title
        form.rating = draft.rating
        form.year = draft.year
        form.watchedOn = draft.watchedOn
        form.note = draft.note ?? ""
        let movie = try form.save()
        context.output.line("Added \(MovieText.summary(movie))")
    }
}
