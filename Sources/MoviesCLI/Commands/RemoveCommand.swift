import Basics
import MoviesCore

/// `movies rm`: see docs/COMMANDS.md, written from the declarations below.
struct RemoveCommand: Command {
    static let about = CommandAbout(
        name: "rm",
        abstract: "Remove movies from the list.",
        discussion: """
            All or nothing: if one movie is unknown, no movie is removed. At a terminal, removing more than \
            one movie asks first (--yes does not). Removed ids are never given to another movie.
            """,
        aliases: ["remove"],
        examples: [
            "movies rm 12", "movies rm \"Dune (2021)\"", "movies rm 3 4 5 --dry-run", "movies rm 3 4 5 --yes",
        ])

    @Argument("movie", help: "The movies to remove: each by its id or its title.")
    var movies: [FilmReference]
    @Flag("dry-run", short: "n", help: "Show the movies that would be removed; remove nothing.")
    var dryRun: Bool
    @Flag("yes", short: "y", help: "Remove several movies without asking first.")
    var yes: Bool

    func run(in context: CommandContext) async throws {
        // Every film is looked up first: an unknown one refuses the whole command before anything is
        // asked.
        var found: [(store: MovieStore, movie: Movie)] = []
        for reference in self.movies { found.append(try context.existingFilm(reference)) }
        guard let store = found.first?.store else { return }
        let ids = found.map(\.movie.id)
        let movies = try store.movies(ids: ids)
        if dryRun {
            for movie in movies {
                context.output.line("Would remove \(MovieText.summary(movie, glyphs: context.glyphs))")
            }
            context.output.line("Dry run: nothing was removed.")
            return
        }
        if movies.count > 1, !yes, let ask = context.askYesNo {
            context.output.flush()
            for movie in movies {
                context.errors.line("  \(MovieText.summary(movie, glyphs: context.glyphs))")
            }
            // No is the person's own choice, not a failure: said plainly, exit 0.
            guard await ask("Remove these \(movies.count) movies? [y/N] ") else {
                context.output.line("Nothing was removed.")
                return
            }
        }
        for movie in try store.remove(ids: ids) {
            context.output.line("Removed \(MovieText.summary(movie, glyphs: context.glyphs))")
        }
    }
}
