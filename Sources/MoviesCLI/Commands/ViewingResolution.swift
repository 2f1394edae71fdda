import MoviesCore
import UserFacing

extension CommandContext {
    /// The viewing `reference` names, in the list that must exist: by its id, or by its film (found by
    /// `existingFilm`, the one resolver of films) where the film has exactly one viewing; a film with
    /// none or several is refused, its viewings named with their ids and days.
    func existingViewing(_ reference: ViewingReference) throws -> (store: MovieStore, id: Int64) {
        switch reference {
        case .id(let id):
            return (try existingMovies(orElse: MovieError.viewingNotFound(id: id)), id)
        case .film(let film):
            let (store, movie) = try existingFilm(film)
            let viewings = try store.viewings(ofMovie: movie.id)
            guard viewings.count == 1, let only = viewings.first else {
                throw FilmViewings(movie: movie, viewings: viewings)
            }
            return (store, only.id)
        }
    }
}

/// A viewing named by its film's title where the film has none, or several, to choose from.
struct FilmViewings: UserFacingError, CustomStringConvertible {
    var movie: Movie
    var viewings: [Viewing]

    var message: String {
        let title = TerminalText.singleLine(movie.titleWithYear)
        guard !viewings.isEmpty else { return "\(title) has no viewings (movies log \(movie.id) logs one)" }
        let each = viewings.prefix(10).map { "\($0.id) (\($0.watchedOn?.description ?? "no day"))" }
        return
            "\(title) has \(viewings.count) viewings: \(each.joined(separator: ", ")); give the viewing's id"
    }

    var exitCode: ExitCode { .failure }
    var description: String { message }
}
