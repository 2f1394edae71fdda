import Basics
import Foundation
import MoviesCore
import ViewModels

/// `movies edit <id> [--title T] [--rating R] [--year Y] [--watched D] [--note N]`
enum EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change a movie's title, rating, year, watched date or note.",
        arguments: [ArgumentSpec(name: "id", help: "The movie's id, as `list` shows it.")],
        options: AddCommand.movieFieldOptions(includesTitle: true, ratingDefault: nil),
        examples: ["movies edit 12 --year 1995 --note \"director's cut\"", "movies edit 12 --watched \"\""])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = try arguments.movieID("id", display: "'<id>'") else { return }
        let changes = try changes(from: arguments)
        if changes.isEmpty {
            throw arguments.usageError(
                "Nothing to change: give at least one of --title, --rating, --year, --watched, --note")
        }
        let movie = try MovieDetailViewModel(id: id, store: try context.dependencies().movies).edit(changes)
        context.output.line("Updated \(MovieText.summary(movie))")
    }

    /// The changes the options ask for; an empty value clears an optional field.
    static func changes(from arguments: ParsedArguments) throws -> MovieChanges {
        var changes = MovieChanges()
        if let title = arguments.string("title") {
            let trimmed = title.trimmingWhitespace()
            try MovieValidation.checkTitle(trimmed)
            changes.title = trimmed
        }
        changes.rating = arguments.rating("rating")
        if let year = arguments.string("year") {
            if year.isEmpty {
                changes.year = .clear
            } else if let value = try arguments.year() {
                try MovieValidation.checkYear(value)
                changes.year = .set(value)
            }
        }
        if let watched = arguments.string("watched") {
            changes.watchedOn = watched.isEmpty ? .clear : try arguments.watchedDate().map { .set($0) }
        }
        if let note = arguments.string("note") {
            changes.note = note.isEmpty ? .clear : .set(note)
        }
        return changes
    }
}
