import Basics
import MoviesCore

/// `movies watched`: see docs/COMMANDS.md, written from the declarations below.
struct WatchedCommand: Command {
    static let about = CommandAbout(
        name: "watched",
        abstract: "Log a viewing: the movie is seen, watched once more, on this day.",
        discussion: """
            The watched date is the latest viewing's: logging an older one counts it and keeps the date. \
            The rating stays as it is (a movie off the watchlist is seen, not rated: rate it with \
            movies rate). Dates in the future, or before 1870, are refused.
            """,
        examples: ["movies watched 12", "movies watched 12 --on 2024-03-09"])

    @Argument("id", help: "The movie's id, as `list` shows it.")
    var id: MovieID
    @Option(
        "on", valueName: "date", help: "The day you watched it: YYYY-MM-DD, today or yesterday.",
        defaultDescription: "today")
    var on: CalendarDate = .today()

    func run(in context: CommandContext) async throws {
        let movie = try context.existingMovies(for: id).markWatched(id: id.rawValue, on: on).after
        let times = movie.watchCount.map { $0 == 1 ? "once" : "\($0) times" } ?? "again"
        context.output.line(
            "Watched \(MovieText.summary(movie))  (\(times), last on \(movie.watchedOn?.description ?? "?"))")
    }
}

/// `movies unwatch`: see docs/COMMANDS.md, written from the declarations below.
struct UnwatchCommand: Command {
    static let about = CommandAbout(
        name: "unwatch",
        abstract: "Put a movie back on the watchlist: its rating, stars, watched date and count go.",
        examples: ["movies unwatch 12"])

    @Argument("id", help: "The movie's id, as `list` shows it.")
    var id: MovieID

    func run(in context: CommandContext) async throws {
        let change = try context.existingMovies(for: id).unwatch(id: id.rawValue)
        if change.before == change.after {
            context.output.line("Unchanged \(MovieText.summary(change.after))  (already on the watchlist)")
            return
        }
        var was = [MovieText.rating(change.before)]
        if let day = change.before.watchedOn { was.append("watched \(day)") }
        context.output.line(
            "Back on the watchlist: \(MovieText.summary(change.after))  (was \(was.joined(separator: ", ")))")
    }
}
