import Basics
import MoviesCore
import UserFacing
import ViewModels

/// `log` with no arguments at a terminal: asks for the movie (its id or title), the day, the rating or
/// stars given then, whether it was a rewatch, a review and tags, then a confirmation, and logs the
/// viewing through the film's `MovieDetailViewModel`.
///
/// Answers are read by the parsers `log`'s options use (`FilmReference`, `CalendarDate`, `RatingWord`,
/// `StarRating`), so the form and the command line take the same spellings. A refusal of the store's
/// validation names its field, and that question is asked again. An empty movie, Ctrl-D or Ctrl-C at
/// any prompt cancels. Answers are not commands, so they stay out of the shell's history.
@MainActor
struct LogForm {
    let console: any Console
    let context: CommandContext

    /// The questions, in the order asked; a refusal goes back to the one its field belongs to.
    private enum Question: Int, CaseIterable {
        case movie, day, rating, rewatch, review, tags
    }

    /// Runs the form; returns what was logged, or nil when the person cancelled.
    func run() async throws -> MovieStore.Logged? {
        console.show("  An empty movie or Ctrl-D cancels.\n")
        var film: (store: MovieStore, movie: Movie)?
        var draft = ViewingDraft(watchedOn: .today())
        var question = Question.movie
        var valid: ValidViewingDraft?
        asking: while true {
            guard let answer = await ask(prompt(question)) else { return nil }
            let text = answer.trimmingWhitespace()
            var problem: String?
            switch question {
            case .movie:
                guard !text.isEmpty else { return nil }
                if let reference = FilmReference(argument: text) {
                    do { film = try context.existingFilm(reference) } catch {
                        problem = userFacingMessage(for: error)
                    }
                } else {
                    problem = "'\(text)' is not a movie's id or title"
                }
            case .day:
                if text.isEmpty {
                    draft.watchedOn = .today()
                } else if let day = CalendarDate(argument: text) {
                    draft.watchedOn = day
                } else {
                    problem = "'\(text)' is not a date; type one such as 2024-05-01, today or yesterday"
                }
            case .rating:
                (draft.rating, draft.stars) = (.notSeen, nil)
                if text.isEmpty {
                } else if let word = RatingWord(argument: text), word.rating != .notSeen {
                    draft.rating = word.rating
                } else if let stars = StarRating(argument: text) {
                    (draft.rating, draft.stars) = (stars.rating, stars)
                } else {
                    problem =
                        "'\(text)' is not a rating; type terrible, poor, decent, good, excellent or stars"
                }
            case .rewatch:
                draft.isRewatch = CommandContext.isYes(text)
            case .review:
                draft.review = text.isEmpty ? nil : text
            case .tags:
                draft.tags = ViewingTags(text.split(separator: ",").map(String.init))
            }
            if let problem {
                console.show("  \(problem)\n")
                continue
            }
            if let next = Question(rawValue: question.rawValue + 1) {
                question = next
                continue
            }
            do {
                valid = try ViewingValidation.validated(draft)
                break asking
            } catch {
                console.show("  \(error.message)\n")
                question = Self.question(for: error.field)
            }
        }
        guard let film, let valid else { return nil }
        let word = RatingWord(draft.rating).rawValue
        let rating =
            draft.rating == .notSeen
            ? "" : ", " + (draft.stars.map { "\(word) \(context.glyphs.stars($0))" } ?? word)
        let summary = TerminalText.singleLine(
            "\(film.movie.titleWithYear), \(draft.watchedOn?.description ?? "undated")\(rating)")
        guard let confirmation = await ask("Log \(summary)? [Y/n] ") else { return nil }
        guard ["", "y", "yes"].contains(confirmation.trimmingWhitespace().lowercased()) else { return nil }
        return try MovieDetailViewModel(id: film.movie.id, store: film.store).log(valid)
    }

    /// The question a refusal of `field` asks again.
    private static func question(for field: MovieField?) -> Question {
        switch field {
        case .watchedOn: .day
        case .rating: .rating
        case .tags: .tags
        default: .review
        }
    }

    private func prompt(_ question: Question) -> String {
        switch question {
        case .movie: "Movie (id or title): "
        case .day: "Day (YYYY-MM-DD, today, yesterday) [today]: "
        case .rating: "Rating (terrible to excellent, or stars 0.5 to 5; optional): "
        case .rewatch: "Rewatch? [y/N] "
        case .review: "Review (optional): "
        case .tags: "Tags (comma-separated; optional): "
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
