import MoviesCore

/// `movies rate`: see docs/COMMANDS.md, written from the declarations below.
struct RateCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "rate",
        abstract: "Change a movie's rating, as a word or as stars.",
        examples: [
            "movies rate 12 excellent", "movies rate 12 3.5", "movies rate Heat ★★★★½", "movies rate 12 seen",
        ])

    @Argument("movie", help: MovieFieldHelp.film)
    var movie: FilmReference
    @Argument(
        "rating",
        help:
            "The new rating, as a word or as stars (3.5, 3½, ★★★½); seen drops it (seen, not rated), "
            + "not-seen puts the movie back on the watchlist.")
    var rating: TypedRating?
    @Option("stars", help: MovieFieldHelp.stars)
    var stars: StarRating?

    func validate() throws(CommandLineRule) {
        guard rating != nil || stars != nil else {
            throw CommandLineRule(
                "Give the rating, as a word (movies rate 12 good) or as stars (movies rate 12 3.5)")
        }
        try GivenRating.check(rating, stars: stars, name: "The rating")
    }

    func runSynchronously(in context: CommandContext) throws {
        let given = GivenRating(rating, stars: stars)
        let (store, film) = try context.existingFilm(movie)
        let change = try store.rate(id: film.id, given.word, stars: given.stars)
        if change.before == change.after {
            context.output.line("Unchanged \(MovieText.summary(change.after, glyphs: context.glyphs))")
        } else {
            context.output.line(
                "Rated \(MovieText.summary(change.after, glyphs: context.glyphs))  (was \(MovieText.rating(change.before, glyphs: context.glyphs)))"
            )
        }
    }
}
