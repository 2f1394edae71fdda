import MoviesCore
import Storage

/// The rows of one title and year, placed on films: films are told apart by the ids their rows carry (a
/// Letterboxd film address, an IMDb id) and by title and year only where they have neither.
///
/// - Rows with an id make one film per id, and find the listed film with that id (whatever its title),
///   else the one listed film of that title and year whose ids do not contradict theirs.
/// - Rows without one (diary.csv and reviews.csv name the film by title and year; their address is the
///   entry's) go to the film whose viewing has their entry address, in the file or listed; else to the
///   one film of the title and year; else, among several (two *Cinderella* (1922), told apart by their
///   addresses), to the one whose current rating is the row's. A row none of that places is reported by
///   its line and left out — never merged into a film it may not be.
/// - An id that another new film of the import already has (of another title, or of this one when two
///   of its films come to share an IMDb id) is reported by line, so no two films are given one id
///   (which the unique indexes would refuse with a SQLite error). So is a listed film that a film of
///   another title and year of the import was already placed on by its id: what a first import left
///   out, every import of the file leaves out.
struct FilmPlacement {
    /// One film of the group, with its listed self when there is one.
    struct Film {
        var stored: Movie?
        var film: ImportedFilm?
        var viewings: [ImportedViewing] = []
        var listEntries: [ImportedMovie.ListEntry] = []
        /// The place of the film's first row, for the order of new films.
        var seq: Int64 = .max

        /// Takes in one row.
        mutating func absorb(_ row: ImportedMovie, seq: Int64) {
            if film == nil { film = ImportedFilm(row) } else { film?.absorb(row) }
            self.seq = min(self.seq, seq)
            if let entry = row.listEntry { listEntries.append(entry) }
            guard row.meaning.isViewing else { return }
            if let index = viewings.firstIndex(where: { $0.isSame(as: row) }) {
                viewings[index].absorb(row)
                return
            }
            var viewing = ImportedViewing(row)
            // The same entry address on another day (a file edited by hand): kept as a viewing of its
            // own, without the address that is the other one's.
            if let uri = viewing.draft.letterboxdURI,
                viewings.contains(where: { $0.draft.letterboxdURI == uri })
            {
                viewing.draft.letterboxdURI = nil
            }
            viewings.append(viewing)
        }

        /// The film's Letterboxd address and IMDb id, from the file or the list.
        var letterboxdURI: String? { film?.letterboxdURI ?? stored?.letterboxdURI }
        var imdbID: String? { film?.imdbID ?? stored?.imdbID }

        /// The current rating a row placing by rating is compared with: the file's current rating, else
        /// the listed film's.
        var currentRating: (Rating, StarRating?)? {
            if let film, film.ratingIsCurrent, film.rating != .notSeen { return (film.rating, film.stars) }
            if let stored, stored.rating != .notSeen { return (stored.rating, stored.stars) }
            return nil
        }
    }

    private(set) var films: [Film] = []
    /// Rows left out, with why.
    private(set) var unplaced: [ImportRowError] = []

    /// Places `rows` (all of the title key `key` and `year`) against the `listed` films. `claims` holds
    /// the ids new films of earlier groups took.
    init(
        rows: [(seq: Int64, row: ImportedMovie)], key: String, year: Int?, claims: ImportClaims,
        listed: ListedFilms
    ) throws {
        claims.beginGroup()
        // 1. Rows with ids, one film per id.
        for (seq, row) in rows where row.isIdentified {
            let index =
                films.firstIndex { film in row.letterboxdURI != nil && film.letterboxdURI == row.letterboxdURI
                }
                ?? films.firstIndex { film in row.imdbID != nil && film.imdbID == row.imdbID }
                ?? films.firstIndex { film in
                    Self.agree(film.letterboxdURI, row.letterboxdURI) && Self.agree(film.imdbID, row.imdbID)
                }
            if let index {
                films[index].absorb(row, seq: seq)
            } else {
                var film = Film()
                film.absorb(row, seq: seq)
                films.append(film)
            }
        }
        // 2. Their listed selves.
        var sameTitle = try listed.films(key: key, year: year)
        var kept: [Film] = []
        for var film in films {
            let byAddress = try film.letterboxdURI.flatMap { try listed.film(letterboxdURI: $0) }
            let byIMDb = try film.imdbID.flatMap { try listed.film(imdbID: $0) }
            if let byIMDb, byAddress?.id != byIMDb.id,
                byAddress != nil || !Self.agree(byIMDb.letterboxdURI, film.letterboxdURI)
            {
                // The IMDb id is a listed film's that has another Letterboxd address.
                unplace(film, .idOfAnotherFilm(id: byIMDb.imdbID ?? "", holder: Self.name(byIMDb)))
                continue
            }
            if let stored = byAddress ?? byIMDb {
                film.stored = stored
            } else {
                let open = sameTitle.filter { stored in
                    !kept.contains { $0.stored?.id == stored.id } && Self.agree(film, stored)
                }
                if open.count == 1 { film.stored = open[0] }
                if open.count > 1 {
                    if let chosen = Self.byRating(film.film, among: open.map { Film(stored: $0) }) {
                        film.stored = open[chosen]
                    } else {
                        unplace(film, .ambiguousFilm(title: film.film?.title ?? key, count: open.count))
                        continue
                    }
                }
            }
            if film.stored == nil, let line = film.film?.line {
                // Each id claimed in turn; one another new film holds leaves this one out (never staged)
                // and gives back the ids it claimed.
                var claimed: [String] = []
                for id in [film.letterboxdURI, film.imdbID].compactMap({ $0 }) {
                    if let holder = try claims.claim(id, line: line) {
                        unplace(
                            film,
                            .idOfAnotherFilm(id: id, holder: "the film on \(claims.places.describe(holder))"))
                        film.film = nil
                        break
                    }
                    claimed.append(id)
                }
                if film.film == nil {
                    claims.release(claimed)
                    continue
                }
            }
            kept.append(film)
        }
        films = kept
        sameTitle.removeAll { stored in films.contains { $0.stored?.id == stored.id } }

        // 3. Rows without ids.
        for (seq, row) in rows where !row.isIdentified {
            if let uri = row.entryURI {
                if let index = films.firstIndex(where: {
                    $0.viewings.contains { $0.draft.letterboxdURI == uri }
                }) {
                    films[index].absorb(row, seq: seq)
                    continue
                }
                if let viewing = try listed.viewing(letterboxdURI: uri) {
                    if let index = films.firstIndex(where: { $0.stored?.id == viewing.movieID }) {
                        films[index].absorb(row, seq: seq)
                    } else if let stored = try listed.film(id: viewing.movieID) {
                        sameTitle.removeAll { $0.id == stored.id }
                        var film = Film(stored: stored)
                        film.absorb(row, seq: seq)
                        films.append(film)
                    }
                    continue
                }
            }
            let candidates = films + sameTitle.map { Film(stored: $0) }
            let chosen: Int?
            switch candidates.count {
            case 0: chosen = nil
            case 1: chosen = 0
            default:
                guard let index = Self.byRating(row, among: candidates) else {
                    unplaced.append(
                        ImportRowError(
                            line: row.line, problem: .ambiguousFilm(title: row.title, count: candidates.count)
                        ))
                    continue
                }
                chosen = index
            }
            if let chosen, chosen < films.count {
                films[chosen].absorb(row, seq: seq)
            } else if let chosen {
                let stored = candidates[chosen].stored
                sameTitle.removeAll { $0.id == stored?.id }
                var film = Film(stored: stored)
                film.absorb(row, seq: seq)
                films.append(film)
            } else {
                var film = Film()
                film.absorb(row, seq: seq)
                films.append(film)
            }
        }

        // 4. A listed film another title and year of the import was placed on first leaves this one out.
        var placed: [Film] = []
        for film in films {
            if let stored = film.stored, let line = film.film?.line,
                let holder = claims.land(on: stored.id, line: line)
            {
                let id = film.letterboxdURI ?? film.imdbID ?? stored.titleWithYear
                unplace(
                    film, .idOfAnotherFilm(id: id, holder: "the film on \(claims.places.describe(holder))"))
                continue
            }
            placed.append(film)
        }
        films = placed
    }

    private mutating func unplace(_ film: Film, _ problem: ImportRowProblem) {
        unplaced.append(ImportRowError(line: film.film?.line ?? 0, problem: problem))
    }

    /// Whether a listed film may be the file's film by their ids: neither has an id the other
    /// contradicts.
    private static func agree(_ film: Film, _ stored: Movie) -> Bool {
        agree(film.film?.letterboxdURI, stored.letterboxdURI) && agree(film.film?.imdbID, stored.imdbID)
    }

    /// Two ids of one kind that do not contradict: either is missing, or they are the same.
    private static func agree(_ one: String?, _ other: String?) -> Bool {
        one == nil || other == nil || one == other
    }

    /// A listed film as a refusal names it.
    static func name(_ movie: Movie) -> String { "\(movie.titleWithYear) (movies show \(movie.id))" }

    /// The one candidate whose current rating is the row's (its stars when both have stars, else its
    /// word), or nil when none or several are.
    private static func byRating(_ row: ImportedMovie, among candidates: [Film]) -> Int? {
        guard row.rating != .notSeen else { return nil }
        return byRating(rating: row.rating, stars: row.stars, among: candidates)
    }

    private static func byRating(_ film: ImportedFilm?, among candidates: [Film]) -> Int? {
        guard let film, film.rating != .notSeen else { return nil }
        return byRating(rating: film.rating, stars: film.stars, among: candidates)
    }

    private static func byRating(rating: Rating, stars: StarRating?, among candidates: [Film]) -> Int? {
        let matches = candidates.indices.filter { index in
            guard let (word, theirStars) = candidates[index].currentRating else { return false }
            if let stars, let theirStars { return stars == theirStars }
            return word == rating
        }
        return matches.count == 1 ? matches[0] : nil
    }
}
