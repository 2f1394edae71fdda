import MoviesCore
import UserFacing

/// A film named by a title no film on the list has: said with the nearest titles, each with its id and
/// year, so the next try can name one (`movies show Haet` → `Did you mean Heat (1995), id 1?`).
struct UnknownTitle: UserFacingError, CustomStringConvertible {
    var title: String
    var year: Int?
    /// The films whose titles are nearest (`MovieStore.nearestFilms`), nearest first.
    var nearest: [Movie]

    var message: String {
        let named = TerminalText.singleLine(year.map { "\(title) (\($0))" } ?? title)
        let sentence = "No movie titled \(named) is listed"
        guard !nearest.isEmpty else { return sentence + " (movies search finds titles by their words)" }
        let each = nearest.map { "\(TerminalText.singleLine($0.titleWithYear)), id \($0.id)" }
        return sentence + ". Did you mean " + each.joined(separator: "; ") + "?"
    }

    var exitCode: ExitCode { .failure }
    var description: String { message }
}
