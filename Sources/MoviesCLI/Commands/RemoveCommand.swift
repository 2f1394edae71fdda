import MoviesCore
import ViewModels

/// `movies rm <id>...`
enum RemoveCommand: Command {
    static let ids = Argument<MovieID>("id", help: "The ids of the movies to remove.", isRepeating: true)

    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove movies from the list.",
        discussion: "All or nothing: if one id is unknown, no movie is removed.",
        arguments: [ids.spec],
        aliases: ["remove"],
        examples: ["movies rm 12", "movies rm 3 4 5"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let removed = try MovieListViewModel(store: try context.dependencies().movies).remove(
            ids: arguments.all(ids).map(\.rawValue))
        for movie in removed {
            context.output.line("Removed \(MovieText.summary(movie))")
        }
    }
}
