import Basics
import Catalog
import MoviesCore
import ViewModels

/// `add` with no arguments at a terminal: asks for the title, the rating (offering the six), the year,
/// the day it was watched and a note (the last three optional), then a confirmation, and saves through
/// `AddMovieViewModel`. A film already listed under the title and year is named as soon as the year is
/// given, and the title asked again, so no answers are thrown away.
///
/// Answers are read by the same parsers as `add --rating`, `--year` and `--watched`
/// (`RatingWord(argument:)`, `ReleaseYear(argument:)`, `CalendarDate(argument:)`), so the form and the
/// command line take the same spellings; the view model's `validationError` says which field a refusal
/// is about, and that field is asked again.
///
/// An empty title, Ctrl-D or Ctrl-C at any prompt cancels, and so does `quit` (or `exit`) at the Title
/// prompt, which would otherwise become a movie's title without a word: a movie called Quit is added
/// with `add Quit`. Answers are not commands, so they stay out of the shell's history.
@MainActor
struct AddMovieForm {
    let console: any Console
    let form: AddMovieViewModel
    /// The film catalog, when one was loaded: after the year, the films it has of that title are offered.
    var catalog: CatalogReader?
    /// The terminal's width, which the hints wrap at (nil: not wrapped).
    var columns: Int?

    /// Shows `text` indented by two cells, wrapped at the terminal's width (continued four cells in).
    private func hint(_ text: String) {
        console.show(TerminalText.wrapped(text, width: columns, indent: 2, continuation: 4) + "\n")
    }

    /// What one answer does to the form.
    private enum Outcome {
        case accepted
        /// Ask again, after saying why.
        case again(String)
        case cancel
    }

    /// Runs the form; returns the saved movie, or nil when the person cancelled.
    func run() async throws -> Movie? {
        form.reset()
        hint("An empty title or Ctrl-D cancels.")
        guard await field("Title: ", takeTitle) else { return nil }
        let words = RatingWord.allValueStrings.joined(separator: ", ")
        hint("Ratings: \(words), or stars (3.5)")
        guard
            await field(
                "Rating [not-seen]: ",
                { answer in
                    if answer.trimmingWhitespace().isEmpty {
                        (form.rating, form.stars) = (.notSeen, nil)
                    } else if let typed = TypedRating(argument: answer) {
                        form.stars = typed.stars
                        form.rating = typed.word ?? typed.stars.map { RatingWord($0.rating) } ?? .notSeen
                    } else {
                        return .again("'\(answer)' is not a rating; type one of: \(words), or stars (3.5)")
                    }
                    return .accepted
                })
        else { return nil }
        // The title and year say whether the film is listed already: said now, before the other answers,
        // and the title (and year) asked again; an empty title still cancels.
        while true {
            guard await field("Year (optional): ", takeYear) else { return nil }
            guard let existing = form.alreadyListed else { break }
            hint(
                "\(TerminalText.singleLine(existing.titleWithYear)) is already on the list as id \(existing.id); "
                    + "give another title or year, or an empty title to cancel.")
            guard await field("Title: ", takeTitle) else { return nil }
        }
        guard await chooseFromCatalog() else { return nil }
        // A movie not seen has no day it was watched.
        if form.rating != .notSeen {
            guard await field("Watched (YYYY-MM-DD, today, yesterday; optional): ", takeWatched) else {
                return nil
            }
        }
        guard
            await field(
                "Note (optional): ",
                { answer in
                    form.note = answer.trimmingWhitespace()
                    return form.validationError.map { $0.field == .note ? .again($0.message) : .accepted }
                        ?? .accepted
                })
        else { return nil }
        guard let confirmation = await ask("Add \(summary)? [Y/n] ") else { return nil }
        guard ["", "y", "yes"].contains(confirmation.trimmingWhitespace().lowercased()) else {
            return nil
        }
        return try form.save()
    }

    // MARK: - The catalog

    /// Offers the catalog's films of the title (and year): one is taken and said, several are numbered
    /// for the person to choose (Enter for none of them), none leaves the film unlinked. False when the
    /// person cancelled.
    private func chooseFromCatalog() async -> Bool {
        guard let catalog,
            let found = try? CatalogLinker(catalog: catalog).candidates(
                title: form.title, year: form.year, imdbID: nil),
            !found.isEmpty
        else { return true }
        if found.count == 1, let only = found.first {
            console.show("  In the catalog: \(CatalogText.candidate(only))\n")
            form.details = only.details
            return true
        }
        let offered = Array(found.prefix(9))
        hint("The catalog has \(found.count) films of that title:")
        for (index, title) in offered.enumerated() {
            console.show("  \(index + 1)  \(CatalogText.candidate(title))\n")
        }
        return await field("Which one? [1-\(offered.count), Enter for none]: ") { answer in
            let text = answer.trimmingWhitespace()
            if text.isEmpty {
                form.details = nil
                return .accepted
            }
            guard let number = Int(text), offered.indices.contains(number - 1) else {
                return .again("type a number from 1 to \(offered.count), or Enter for none")
            }
            form.details = offered[number - 1].details
            return .accepted
        }
    }

    // MARK: - Fields

    private func takeTitle(_ answer: String) -> Outcome {
        let title = answer.trimmingWhitespace()
        let leaving = [QuitCommand.about.name] + QuitCommand.about.aliases
        if title.isEmpty || leaving.contains(title.lowercased()) {
            return .cancel
        }
        form.title = title
        if let error = form.validationError, error.field == .title {
            return .again(error.message)
        }
        return .accepted
    }

    private func takeYear(_ answer: String) -> Outcome {
        let trimmed = answer.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            form.year = nil
            return .accepted
        }
        guard let year = ReleaseYear(argument: trimmed) else {
            return .again("'\(answer)' is not a year; type one such as 1995, or nothing")
        }
        form.year = year.value
        if let error = form.validationError, error.field == .year {
            return .again(error.message)
        }
        return .accepted
    }

    private func takeWatched(_ answer: String) -> Outcome {
        let trimmed = answer.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            form.watchedOn = nil
            return .accepted
        }
        guard let day = CalendarDate(argument: trimmed) else {
            return .again(
                "'\(answer)' is not a date; type one such as 2024-05-01, today or yesterday, or nothing")
        }
        form.watchedOn = day
        return .accepted
    }

    /// `Dune (2021), excellent, watched 2024-05-01`.
    private var summary: String {
        var text = form.draft.year.map { "\(form.draft.title) (\($0))" } ?? form.draft.title
        text += ", \(form.rating.rawValue)"
        if let day = form.watchedOn { text += ", watched \(day)" }
        return TerminalText.singleLine(text)
    }

    // MARK: - Asking

    /// Asks `prompt` until `take` accepts the answer; false when the person cancelled.
    private func field(_ prompt: String, _ take: (String) -> Outcome) async -> Bool {
        while true {
            guard let answer = await ask(prompt) else { return false }
            switch take(answer) {
            case .accepted: return true
            case .again(let message): hint(message)
            case .cancel: return false
            }
        }
    }

    /// One answer, or nil when the person cancelled (Ctrl-C, Ctrl-D).
    private func ask(_ prompt: String) async -> String? {
        switch await console.readLine(prompt: prompt, kind: .answer) {
        case .line(let text): text
        case .interrupted, .end, .tooLong, .notUTF8: nil
        }
    }
}
