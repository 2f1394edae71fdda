import Basics
import FoundationEssentials
import MoviesCore
import ViewModels

/// `movies edit <id> [--title T] [--rating R] [--stars S] [--year Y] [--watched D] [--note N]`
enum EditCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")
    static let title = Option<String>("title", short: "t", valueName: "title", help: "A new title.")
    static let rating = Option<RatingWord>(
        "rating", short: "r", valueName: "rating", help: MovieFieldHelp.rating)
    static let stars = Option<StarRating>("stars", valueName: "stars", help: MovieFieldHelp.stars)
    /// Year, watched date and note: an empty value clears them.
    static let year = Option<Clearable<ReleaseYear>>(
        "year", short: "Y", valueName: "year", help: MovieFieldHelp.year + MovieFieldHelp.clears,
        hiddenSpellings: MovieFieldHelp.formerYear)
    static let watched = Option<Clearable<CalendarDate>>(
        "watched", short: "W", valueName: "date", help: MovieFieldHelp.watched + MovieFieldHelp.clears,
        hiddenSpellings: MovieFieldHelp.formerWatched)
    static let note = Option<Clearable<String>>(
        "note", short: "N", valueName: "text", help: MovieFieldHelp.note + MovieFieldHelp.clears,
        hiddenSpellings: MovieFieldHelp.formerNote)

    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change a movie's title, rating, stars, year, watched date or note.",
        arguments: [id.spec],
        options: [title.spec, rating.spec, stars.spec, year.spec, watched.spec, note.spec],
        examples: ["movies edit 12 --year 1995 --note \"director's cut\"", "movies edit 12 --watched \"\""])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let changes = try changes(from: arguments)
        if changes.isEmpty {
            throw arguments.validationError(
                "Nothing to change: give at least one of --title, --rating, --stars, --year, --watched, --note"
            )
        }
        let change = try MovieDetailViewModel(id: id.rawValue, store: try context.dependencies().movies)
            .edit(changes)
        context.output.line(
            (change.before == change.after ? "Unchanged " : "Updated ") + MovieText.summary(change.after))
    }

    /// The changes the options ask for; an empty value clears an optional field.
    static func changes(from arguments: ParsedArguments) throws -> MovieChanges {
        var changes = MovieChanges()
        if let title = arguments[Self.title] {
            let trimmed = title.trimmingWhitespace()
            try MovieValidation.checkTitle(trimmed)
            changes.title = trimmed
        }
        changes.rating = arguments[rating]
        changes.stars = arguments[stars]
        if let year = arguments[Self.year] {
            if case .set(let value) = year {
                try MovieValidation.checkYear(value.value)
            }
            changes.year = year.fieldEdit { $0.value }
        }
        if case .set(let day) = arguments[watched] {
            try MovieValidation.checkWatchedDate(day)
        }
        changes.watchedOn = arguments[watched]?.fieldEdit { $0 }
        changes.note = arguments[note]?.fieldEdit { $0 }
        return changes
    }
}
