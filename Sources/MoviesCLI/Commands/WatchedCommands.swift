import Basics
import MoviesCore
import ViewModels

/// `movies watched <id> [--on DATE]`
enum WatchedCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")
    static let on = Option<CalendarDate>(
        "on", valueName: "date", help: "The day you watched it: YYYY-MM-DD, today or yesterday.",
        defaultDescription: "today")

    static let spec = CommandSpec(
        name: "watched",
        abstract: "Log a viewing: the movie is seen, watched once more, on this day.",
        discussion: """
            The watched date is the latest viewing's: logging an older one counts it and keeps the date. \
            The rating stays as it is (a movie off the watchlist is seen, not rated: rate it with \
            movies rate). Dates in the future, or before 1870, are refused.
            """,
        arguments: [id.spec],
        options: [on.spec],
        examples: ["movies watched 12", "movies watched 12 --on 2024-03-09"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let day = arguments[on] ?? CalendarDate.today()
        try MovieValidation.checkWatchedDate(day)
        let change = try MovieDetailViewModel(id: id.rawValue, store: try context.dependencies().movies)
            .markWatched(on: day)
        let movie = change.after
        let times = movie.watchCount.map { $0 == 1 ? "once" : "\($0) times" } ?? "again"
        context.output.line(
            "Watched \(MovieText.summary(movie))  (\(times), last on \(movie.watchedOn?.description ?? "?"))")
    }
}

/// `movies unwatch <id>`
enum UnwatchCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")

    static let spec = CommandSpec(
        name: "unwatch",
        abstract: "Put a movie back on the watchlist: its rating, stars, watched date and count go.",
        arguments: [id.spec],
        examples: ["movies unwatch 12"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let change = try MovieDetailViewModel(id: id.rawValue, store: try context.dependencies().movies)
            .unwatch()
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
