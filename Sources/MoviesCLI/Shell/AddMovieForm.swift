import Basics
import MoviesCore
import ViewModels

/// `add` with no arguments at a terminal: asks for the title, the rating (offering the six), an optional
/// year, and a confirmation, then saves through `AddMovieViewModel`.
///
/// Answers are read by the same parsers as `add --rating` and `--year` (`Rating(argument:)`,
/// `ReleaseYear(argument:)`), so the form and the command line take the same spellings; the view
/// model's `validationError` says which field a refusal is about.
@MainActor
struct AddMovieForm {
    let console: any Console
    let form: AddMovieViewModel

    /// Runs the form; returns the saved movie, or nil when the person cancelled (Ctrl-C, Ctrl-D, "n").
    func run() async throws -> Movie? {
        form.reset()
        // Title: asked again while the title breaks a rule (blank, too long, a control character).
        while true {
            guard let title = await ask("Title: ") else { return nil }
            form.title = title
            if let error = form.validationError, error.field == .title {
                console.show("  \(error.message)\n")
                continue
            }
            break
        }
        let words = RatingWord.allValueStrings.joined(separator: ", ")
        console.show("  Ratings: \(words)\n")
        while true {
            guard let answer = await ask("Rating [not-seen]: ") else { return nil }
            if answer.trimmingWhitespace().isEmpty {
                form.rating = .notSeen
                break
            }
            if let rating = RatingWord(argument: answer) {
                form.rating = rating
                break
            }
            console.show("  '\(answer)' is not a rating; type one of: \(words)\n")
        }
        while true {
            guard let answer = await ask("Year (optional): ") else { return nil }
            let trimmed = answer.trimmingWhitespace()
            if trimmed.isEmpty {
                form.year = nil
                break
            }
            guard let year = ReleaseYear(argument: trimmed) else {
                console.show("  '\(answer)' is not a year; type one such as 1995, or nothing\n")
                continue
            }
            form.year = year.value
            if let error = form.validationError, error.field == .year {
                console.show("  \(error.message)\n")
                continue
            }
            break
        }
        let summary = form.draft.year.map { "\(form.draft.title) (\($0))" } ?? form.draft.title
        guard let confirmation = await ask("Add \(summary), \(form.rating.rawValue)? [Y/n] ") else {
            return nil
        }
        guard ["", "y", "yes"].contains(confirmation.trimmingWhitespace().lowercased()) else {
            return nil
        }
        return try form.save()
    }

    /// One answer, or nil when the person cancelled.
    private func ask(_ prompt: String) async -> String? {
        switch await console.readLine(prompt: prompt) {
        case .line(let text): text
        case .interrupted, .end, .tooLong, .notUTF8: nil
        }
    }
}
