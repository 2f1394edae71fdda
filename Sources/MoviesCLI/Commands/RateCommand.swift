import MoviesCore
import ViewModels

/// `movies rate <id> <rating>`
enum RateCommand: Command {
    static let spec = CommandSpec(
        name: "rate",
        abstract: "Change a movie's rating.",
        arguments: [
            ArgumentSpec(name: "id", help: "The movie's id, as `list` shows it."),
            ArgumentSpec(name: "rating", help: "The new rating.", allowedValues: Rating.words),
        ],
        examples: ["movies rate 12 excellent"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = try arguments.movieID("id", display: "'<id>'"), let rating = arguments.rating("rating")
        else { return }
        let change = try MovieListViewModel(store: try context.dependencies().movies).rate(id: id, rating)
        if change.before.rating == change.after.rating {
            context.output.line("Unchanged \(MovieText.summary(change.after))")
        } else {
            context.output.line(
                "Rated \(MovieText.summary(change.after))  (was \(change.before.rating.rawValue))")
        }
    }
}
