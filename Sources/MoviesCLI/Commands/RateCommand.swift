import MoviesCore

/// `movies rate <id> [<rating>] [--stars S]`
enum RateCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")
    static let rating = Argument<RatingWord>(
        "rating",
        help: "The new rating; seen drops it (seen, not rated), not-seen puts the movie back on the "
            + "watchlist.", isOptional: true)
    static let stars = Option<StarRating>("stars", valueName: "stars", help: MovieFieldHelp.stars)

    static let spec = CommandSpec(
        name: "rate",
        abstract: "Change a movie's rating, as a word or as stars.",
        arguments: [id.spec, rating.spec],
        options: [stars.spec],
        examples: ["movies rate 12 excellent", "movies rate 12 --stars 3.5", "movies rate 12 seen"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let (word, stars) = (arguments[rating], arguments[Self.stars])
        guard word != nil || stars != nil else {
            throw arguments.validationError("Give the rating, as a word (movies rate 12 good) or as --stars")
        }
        let change = try context.dependencies().movies.rate(id: id.rawValue, word, stars: stars)
        if change.before == change.after {
            context.output.line("Unchanged \(MovieText.summary(change.after))")
        } else {
            context.output.line(
                "Rated \(MovieText.summary(change.after))  (was \(MovieText.rating(change.before)))")
        }
    }
}
