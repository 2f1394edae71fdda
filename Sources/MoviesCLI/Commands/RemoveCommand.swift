import Basics
import MoviesCore
import ViewModels

/// `movies rm <id>... [--dry-run] [--yes]`
enum RemoveCommand: Command {
    static let ids = Argument<MovieID>("id", help: "The ids of the movies to remove.", isRepeating: true)
    static let dryRun = Flag("dry-run", help: "Show the movies that would be removed; remove nothing.")
    static let yes = Flag("yes", short: "y", help: "Remove several movies without asking first.")

    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove movies from the list.",
        discussion: """
            All or nothing: if one id is unknown, no movie is removed. At a terminal, removing more than \
            one movie asks first (--yes does not). Removed ids are never given to another movie.
            """,
        arguments: [ids.spec],
        options: [dryRun.spec, yes.spec],
        aliases: ["remove"],
        examples: ["movies rm 12", "movies rm 3 4 5 --dry-run", "movies rm 3 4 5 --yes"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let ids = arguments.all(Self.ids).map(\.rawValue)
        let store = try context.dependencies().movies
        // Every id is looked up first: an unknown one refuses the whole command before anything is asked.
        let movies = try store.movies(ids: ids)
        if arguments[dryRun] {
            for movie in movies {
                context.output.line("Would remove \(MovieText.summary(movie))")
            }
            context.output.line("Dry run: nothing was removed.")
            return
        }
        if movies.count > 1, !arguments[yes], let ask = context.askYesNo {
            context.output.flush()
            for movie in movies {
                context.errors.line("  \(MovieText.summary(movie))")
            }
            guard await ask("Remove these \(movies.count) movies? [y/N] ") else {
                throw CommandFailure(message: "Nothing was removed", exitCode: .failure)
            }
        }
        let removed = try MovieListViewModel(store: store).remove(ids: ids)
        for movie in removed {
            context.output.line("Removed \(MovieText.summary(movie))")
        }
    }
}
