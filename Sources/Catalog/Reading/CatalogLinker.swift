import Basics
import MoviesCore

/// Matches a diary's films to the catalog: by IMDb id where a film has one, else by title (any of the
/// catalog's forms of it: original, English, every region's) and year. A film is linked only when
/// exactly one of the catalog's films fits; one that fits several is left alone and named, never linked
/// on a guess between two.
package struct CatalogLinker {
    /// What happened to one film.
    package enum Outcome: Sendable, Equatable {
        case linked(Movie, CatalogTitle)
        /// Its IMDb id or its title and year are not in the catalog.
        case notFound(Movie)
        /// Its title and year fit several of the catalog's films.
        case ambiguous(Movie, [CatalogTitle])
        /// The film it fits is already another film's of the list (by IMDb id).
        case taken(Movie, CatalogTitle, by: Movie)
    }

    package let catalog: CatalogReader

    package init(catalog: CatalogReader) {
        self.catalog = catalog
    }

    /// The catalog's films `movie` may be: the one with its IMDb id, else those titled as it is (in the
    /// year it has, when it has one).
    package func candidates(title: String, year: Int?, imdbID: String?) throws -> [CatalogTitle] {
        if let imdbID {
            return try catalog.title(imdbID: imdbID).map { [$0] } ?? []
        }
        return try catalog.films(titled: title, year: year)
    }

    /// Links every film of `store` that `included` lets through and the catalog can place.
    package func link(_ store: MovieStore, where included: (Movie) -> Bool = { _ in true }) throws
        -> [Outcome]
    {
        var outcomes: [Outcome] = []
        var films: [Movie] = []
        try store.forEachMovie { movie in
            if included(movie) { films.append(movie) }
        }
        for movie in films {
            let found = try candidates(title: movie.title, year: movie.year, imdbID: movie.imdbID)
            guard found.count == 1, let only = found.first else {
                outcomes.append(found.isEmpty ? .notFound(movie) : .ambiguous(movie, found))
                continue
            }
            do {
                outcomes.append(.linked(try store.setDetails(id: movie.id, only.details), only))
            } catch MovieError.duplicate(let other) {
                outcomes.append(.taken(movie, only, by: other))
            }
        }
        return outcomes
    }
}

extension Movie {
    /// Whether the film has nothing of what a link stores yet: an import links only those.
    package var lacksCatalogDetails: Bool {
        imdbID == nil || (runtimeMinutes == nil && directors.isEmpty && genres.isEmpty)
    }
}

extension CatalogTitle {
    /// What linking a film to this one stores on it (`add`, `link`, an import, the shell's form): its
    /// genres and directors as far as the diary's columns hold them, and its year and runtime where
    /// the diary's ranges do, so that no film of IMDb's is refused whole for its details (an anthology
    /// credits a hundred directors and more, past the diary's 2,000 characters). The catalog keeps them
    /// all.
    package var details: FilmDetails {
        FilmDetails(
            imdbID: imdbID, year: year.flatMap { MovieValidation.yearRange.contains($0) ? $0 : nil },
            runtimeMinutes: runtimeMinutes.flatMap { MovieValidation.runtimeRange.contains($0) ? $0 : nil },
            genres: Self.fitting(genres, within: MovieValidation.maximumGenresLength),
            directors: Self.fitting(directors, within: MovieValidation.maximumDirectorsLength))
    }

    /// The first of `names`, in the catalog's order (IMDb lists the principal ones first), that fit in
    /// `limit` characters once joined as the diary stores them (", "); a control character, which the
    /// diary refuses, is left out of its name.
    static func fitting(_ names: [String], within limit: Int) -> [String] {
        var kept: [String] = []
        var length = 0
        for name in names {
            let clean = String(
                String.UnicodeScalarView(name.unicodeScalars.filter { !$0.isControlCharacter }))
            guard !clean.isEmpty else { continue }
            let added = clean.unicodeScalars.count + (kept.isEmpty ? 0 : 2)
            guard length + added <= limit else { break }
            kept.append(clean)
            length += added
        }
        return kept
    }
}
