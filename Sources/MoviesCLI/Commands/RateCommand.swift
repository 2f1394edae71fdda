import MoviesCore
import ViewModels

/// `movies rate <id> <rating>`
enum RateCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")
    static let rating = Argument<RatingWord>("rating", help: "The new rating.")

    static let spec = CommandSpec(
        name: "rate",
        abstract: "Change a movie's rating.",
        arguments: [id.spec, rating.spec],
        examples: ["movies rate 12 excellent"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id], let rating = arguments[Self.rating] else { return }
        let change = try MovieListViewModel(store: try context.dependencies().movies).rate(
            id: id.rawValue, rating)
        if change.before == change.after {
            context.output.line("Unchanged \(MovieText.summary(change.after))")
        } else {
            context.output.line(
                "Rated \(MovieText.summary(change.after))  (was \(change.before.ratingWord.rawValue))")
        }
    }
}
