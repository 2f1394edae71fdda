import Basics
import MoviesCore

/// `movies unwatch`: see docs/COMMANDS.md, written from the declarations below.
struct UnwatchCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "unwatch",
        abstract: "Put a movie back on the watchlist: its rating, stars and viewings go.",
        discussion: """
            Refused, with nothing changed, when a viewing holds a review, tags or a Letterboxd entry: \
            remove those viewings first (movies diary rm), so nothing you wrote goes as a side effect.
            """,
        examples: ["movies unwatch 12"])

    @Argument("movie", help: MovieFieldHelp.film)
    var movie: FilmReference

    func runSynchronously(in context: CommandContext) throws {
        let (store, film) = try context.existingFilm(movie)
        let change = try store.unwatch(id: film.id)
        if change.before == change.after {
            context.output.line(
                "Unchanged \(MovieText.summary(change.after, glyphs: context.glyphs))  (already on the watchlist)"
            )
            return
        }
        var was = [MovieText.rating(change.before, glyphs: context.glyphs)]
        if let day = change.before.watchedOn { was.append("watched \(day)") }
        context.output.line(
            "Back on the watchlist: \(MovieText.summary(change.after, glyphs: context.glyphs))  (was \(was.joined(separator: ", ")))"
        )
    }
}
