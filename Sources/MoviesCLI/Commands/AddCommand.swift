import Basics
import Catalog
import MoviesCore

/// `movies add`: see docs/COMMANDS.md, written from the declarations below.
struct AddCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "add",
        abstract: "Add a movie to the list.",
        discussion: """
            Without --rating, --stars or --watched the movie goes on the watchlist (not-seen). A movie \
            with the same title and year is refused, unless --imdb or --letterboxd tells the new one \
            apart (two films can share both: two Cinderellas of 1922); one with the same title and no \
            year (or the same letters with other accents) is added, and the one already listed is named.
            """,
        examples: [
            "movies add \"Heat\" --rating excellent --year 1995",
            "movies add \"Past Lives\" --watched today --note \"with Sam\"",
            "movies add \"Aftersun\" --year 2022 --stars 4.5",
            "movies add \"Cinderella\" --year 1922 --letterboxd https://letterboxd.com/film/cinderella-1922-1/",
        ])

    @Argument("title", help: "The movie's title (quote it when it has spaces).")
    var title: String
    @Option(
        "rating", short: "r", help: MovieFieldHelp.rating, defaultDescription: RatingWord.notSeen.rawValue)
    var rating: TypedRating?
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
    @Option("imdb", valueName: "id", help: MovieFieldHelp.imdb)
    var imdb: String?
    @Option("letterboxd", valueName: "address", help: MovieFieldHelp.letterboxd)
    var letterboxd: String?

    func validate() throws(CommandLineRule) {
        try GivenRating.check(rating, stars: stars, name: "--rating")
        let given = GivenRating(rating, stars: stars)
        try WatchStateRule.check(rating: given.word, stars: given.stars, watchedOn: watched)
    }

    func runSynchronously(in context: CommandContext) throws {
        // Validated before the file is opened, so a refused add does not even create it; the store
        // takes the validated draft as it is.
        let given = GivenRating(rating, stars: stars)
        var draft = try MovieValidation.validated(
            MovieDraft(
                title: title, year: year?.value, word: given.word ?? .notSeen, watchedOn: watched,
                note: note, stars: given.stars, imdbID: imdb, letterboxdURI: letterboxd))
        if let catalog = try context.catalogIfLoaded() {
            draft = try CatalogMatch.linked(draft, in: catalog)
        }
        let store = try context.dependencies().movies
        let movie: Movie
        do {
            movie = try store.add(draft)
        } catch MovieError.duplicate(let existing)
            where draft.draft.imdbID == nil && draft.draft.letterboxdURI == nil
        {
            throw CommandFailure(
                message: MovieError.duplicate(existing: existing).message
                    + "; give --imdb or --letterboxd to add another film of that title and year",
                exitCode: .failure)
        }
        context.output.line("Added \(MovieText.summary(movie, glyphs: context.glyphs))")
        if let note = WatchStateRule.beforeReleaseNote(watchedOn: movie.watchedOn, movie: movie) {
            context.errors.line(note)
        }
        for other in try store.similar(to: movie) {
            context.output.line(MovieText.alreadyListed(other, besides: movie))
        }
    }
}
