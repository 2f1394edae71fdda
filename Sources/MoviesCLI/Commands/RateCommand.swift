import MoviesCore

/// `movies rate`: see docs/COMMANDS.md, written from the declarations below.
struct RateCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "rate",
        abstract: "Change a movie's rating, as a word or as stars.",
        examples: ["movies rate 12 excellent", "movies rate 12 --stars 3.5", "movies rate 12 seen"])

    @Argument("id", help: "The movie's id, as `list` shows it.")
    var id: MovieID
    @Argument(
        "rating",
        help:
            "The new rating; seen drops it (seen, not rated), not-seen puts the movie back on the watchlist.")
    var rating: RatingWord?
    @Option("stars", help: MovieFieldHelp.stars)
    var stars: StarRating?

    func validate() throws(CommandLineRule) {
        guard rating != nil || stars != nil else {
            throw CommandLineRule("Give the rating, as a word (movies rate 12 good) or as --stars")
        }
    }

    func runSynchronously(in context: CommandContext) throws {
        let change = try context.existingMovies(for: id).rate(id: id.rawValue, rating, stars: stars)
        if change.before == change.after {
            context.output.line("Unchanged \(MovieText.summary(change.after))")
        } else {
            context.output.line(
                "Rated \(MovieText.summary(change.after))  (was \(MovieText.rating(change.before)))")
        }
    }
}
