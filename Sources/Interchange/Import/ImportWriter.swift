import Basics
import MoviesCore
import Storage

/// Steps 2 and 3 of an import (see `MovieImporter`): films and their viewings merged into the list, new
/// films added with theirs, lists written.
final class ImportWriter {
    let connection: Connection
    /// The highest id this list ever handed out before the import: an id above it was never used.
    let initialSequence: Int64
    private let rows: ImportStaging
    private let newFilms: NewFilmStaging
    /// The viewings of new films, each under its film's place in `newFilms` (in the `id` column).
    private let newViewings: ImportStaging
    /// The ids new films took.
    private let claims: ImportClaims
    /// Which file each row's line is of, when the import reads several.
    private let places: RowPlaces
    /// The list as it was before the import, which films are placed against.
    private let listed: ListedFilms
    /// List entries: the film's id where it is listed, else its place among the new films.
    private var listEntries: [(entry: ImportedMovie.ListEntry, movieID: Int64?, newFilm: Int64?)] = []

    init(connection: Connection, now: String, places: RowPlaces) throws {
        self.connection = connection
        self.places = places
        // AUTOINCREMENT keeps the highest id ever used in sqlite_sequence; max(id) covers a sequence row
        // removed by hand. https://www.sqlite.org/autoinc.html
        initialSequence = Int64(
            try connection.scalarInt(
                """
                SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'movies'), 0),
                           coalesce((SELECT max(id) FROM movies), 0))
                """) ?? 0)
        rows = try ImportStaging(connection: connection, table: "import_rows")
        newFilms = try NewFilmStaging(connection: connection, now: now)
        newViewings = try ImportStaging(connection: connection, table: "import_viewings")
        claims = try ImportClaims(newFilms: newFilms, places: places)
        listed = try ListedFilms(connection: connection)
    }

    func dropTables() {
        rows.drop()
        newFilms.drop()
        newViewings.drop()
    }

    /// Step 1: keeps a row for later, under its title key.
    func stage(_ movie: ImportedMovie) throws {
        try rows.append(movie, key: TitleKeys.identity(movie.title))
    }

    /// Step 2: the rows of each title and year placed on their films, each film against the list as it
    /// was before the import.
    func mergeFilms(options: ImportOptions, summary: inout ImportSummary) throws {
        try rows.forEachGroup { key, year, rows in
            let placement = try FilmPlacement(
                rows: rows, key: key, year: year, claims: claims, listed: listed)
            for problem in placement.unplaced { summary.leaveOut(places.located(problem)) }
            for film in placement.films {
                guard let imported = film.film else { continue }
                if let stored = film.stored {
                    try merge(
                        imported, viewings: film.viewings, into: stored, options: options, summary: &summary)
                    for entry in film.listEntries { listEntries.append((entry, stored.id, nil)) }
                } else {
                    let draft = Self.normalized(imported.draft)
                    summary.added += 1
                    if draft.watchState == .seen && draft.rating == .notSeen {
                        summary.seenWithoutRating += 1
                    }
                    try newFilms.append(
                        MovieRecord(
                            id: imported.id, draft: draft, createdAt: imported.createdAt,
                            updatedAt: imported.updatedAt),
                        seq: film.seq, line: imported.line, bringsViewings: !film.viewings.isEmpty)
                    for viewing in film.viewings {
                        var row = ImportedMovie(
                            line: viewing.line, id: film.seq, title: imported.title, watchState: .seen)
                        row.watchedOn = viewing.draft.watchedOn
                        row.rating = viewing.draft.rating
                        row.stars = viewing.draft.stars
                        row.meaning.isRewatch = viewing.draft.isRewatch
                        row.review = viewing.draft.review
                        row.tags = viewing.draft.tags
                        row.entryURI = viewing.draft.letterboxdURI
                        try newViewings.append(row, key: "")
                    }
                    for entry in film.listEntries { listEntries.append((entry, nil, film.seq)) }
                }
            }
        }
        try newFilms.flush()
        try newViewings.flush()
    }

    /// One film already listed: merged with what the file says of it and its viewings, and written
    /// only when that changes something and the policy allows.
    private func merge(
        _ film: ImportedFilm, viewings: [ImportedViewing], into stored: Movie, options: ImportOptions,
        summary: inout ImportSummary
    ) throws {
        var (merged, choice) = MovieMerge.merged(stored, with: film)
        merged = Self.normalized(merged)
        let changes = try ViewingPlan(viewings, of: stored.id, in: connection)
        let changesFilm = merged != MovieDraft(stored)
        guard changesFilm || !changes.isEmpty else {
            // A rating the file disagrees with is reported even when nothing changes: a tie, or an
            // older rating, stays every time the file is imported, and says so every time.
            if let choice { summary.chooseRating(choice, film: stored) }
            // Not counted among the films seen without a rating: the import did not make them so, and an
            // import that changed nothing says nothing of them again.
            summary.unchanged += 1
            return
        }
        if options.onDuplicate == .fail {
            let (line, file) = (places.line(of: film.line), places.file(of: film.line))
            summary.meetDuplicate(line: line, existing: stored, file: file)
            if !options.dryRun { throw ImportFailure.duplicate(line: line, existing: stored, file: file) }
            return
        }
        if options.onDuplicate == .skip {
            summary.skip(
                line: places.line(of: film.line), film: stored,
                viewings: changes.inserts.count + changes.updates.count, file: places.file(of: film.line))
            return
        }
        try changes.apply(to: stored.id, in: connection)
        summary.viewingsAdded += changes.inserts.count
        summary.viewingsUpdated += changes.updates.count
        var final = MovieDraft(stored)
        if changesFilm {
            final = MovieDraft(try MovieStore.update(id: stored.id, to: merged, in: connection))
        }
        if let choice { summary.chooseRating(choice, film: stored) }
        summary.updated += 1
        if final.watchState == .seen && final.rating == .notSeen { summary.seenWithoutRating += 1 }
    }

    /// Step 3: the new films (see `NewFilmStaging` for the ids they get), then the viewings of those
    /// that bring theirs. The trigger movies_viewings_after_insert logs the viewings of each new film
    /// that brings none.
    func insertNewFilms(summary: inout ImportSummary) throws {
        summary.renumbered += try newFilms.moveIntoMovies(initialSequence: initialSequence)
        try logViewingsOfNewFilms(summary: &summary)
    }

    /// The viewings of new films that bring theirs, oldest first; the film then takes its rating.
    private func logViewingsOfNewFilms(summary: inout ImportSummary) throws {
        guard newFilms.bringingViewings > 0 else { return }
        var current: (seq: Int64, movieID: Int64)?
        try newViewings.forEachRow(
            newViewings.selectSQL("ORDER BY id, watched_on IS NULL, watched_on, seq"), arguments: []
        ) { _, row in
            guard let filmSeq = row.id else { return }
            if current?.seq != filmSeq {
                guard let id = try movieID(ofNewFilm: filmSeq) else { return }
                current = (filmSeq, id)
            }
            guard let movieID = current?.movieID else { return }
            let valid = try ViewingValidation.validated(row.viewingDraft, checkingDate: false)
            _ = try MovieStore.insertViewing(valid, movieID: movieID, in: connection)
            summary.viewingsAdded += 1
        }
        // Each film's own rating, now that its viewings made it seen.
        try newFilms.forEachFilmBringingViewings { staged in
            guard let id = try movieID(of: staged) else { return }
            var draft = staged
            draft.watchState = .seen
            _ = try MovieStore.updateFilm(id: id, to: draft, in: connection)
        }
    }

    /// The id a new film was given.
    private func movieID(ofNewFilm seq: Int64) throws -> Int64? {
        try newFilms.film(seq: seq).flatMap(movieID(of:))
    }

    /// The id a new film staged as `staged` was given: found by its Letterboxd address, its IMDb id, or
    /// its title and year among films with neither (each unique in `movies`).
    private func movieID(of staged: MovieDraft) throws -> Int64? {
        if let uri = staged.letterboxdURI {
            return try MovieStore.movie(letterboxdURI: uri, in: connection)?.id
        }
        if let id = staged.imdbID { return try MovieStore.movie(imdbID: id, in: connection)?.id }
        return try MovieStore.movies(key: TitleKeys.identity(staged.title), year: staged.year, in: connection)
            .first { $0.letterboxdURI == nil && $0.imdbID == nil }?.id
    }

    /// Step 4: the lists the import read, each with its films in order.
    func writeLists(_ lists: [Int: ImportedList], summary: inout ImportSummary) throws {
        guard !lists.isEmpty else { return }
        var entries: [Int: [(position: Int, movieID: Int64, note: String?)]] = [:]
        var resolved: [Int64: Int64] = [:]
        for (entry, listedID, newFilm) in listEntries {
            var id = listedID
            if id == nil, let newFilm {
                if let known = resolved[newFilm] {
                    id = known
                } else {
                    id = try self.movieID(ofNewFilm: newFilm)
                    resolved[newFilm] = id
                }
            }
            guard let id else { continue }
            entries[entry.list, default: []].append((entry.position, id, entry.note))
        }
        for (index, list) in lists.sorted(by: { $0.key < $1.key }) {
            let films = (entries[index] ?? []).sorted { $0.position < $1.position }
            let outcome = try MovieStore.importList(
                MovieList.Draft(
                    name: list.name, description: list.description, tags: list.tags,
                    letterboxdURI: list.letterboxdURI, createdOn: list.createdOn),
                entries: films.map { ($0.movieID, $0.note) }, in: connection)
            switch outcome {
            case .added: summary.listsAdded += 1
            case .updated: summary.listsUpdated += 1
            case .unchanged: summary.listsUnchanged += 1
            }
        }
    }

    /// A merged or new film as stored: the store's rules applied (the watched date is not checked
    /// again: rows were checked as they were read, and a listed date stays).
    static func normalized(_ draft: MovieDraft) -> MovieDraft {
        (try? MovieValidation.validated(draft, checkingWatchedDate: false))?.draft ?? draft
    }
}

/// What an import does to a listed film's viewings: each viewing of the file found among the film's
/// (by its entry address, else by its day), filled with what it lacks (`ViewingMerge`), or added.
///
/// A dated viewing of a film whose one viewing is undated and holds nothing but the fact (`add Dune -r
/// good`, a watched.csv imported before the diary) dates that viewing instead of adding a second, as
/// `movies log` does. Nothing is removed.
struct ViewingPlan {
    var updates: [(id: Int64, draft: ViewingDraft)] = []
    var inserts: [ViewingDraft] = []

    var isEmpty: Bool { updates.isEmpty && inserts.isEmpty }

    init(_ viewings: [ImportedViewing], of movieID: Int64, in connection: Connection) throws {
        guard !viewings.isEmpty else { return }
        let stored = try MovieStore.viewingsOfFilm(movieID, in: connection)
        var taken: Set<Int64> = []
        for viewing in viewings {
            let file = viewing.draft
            let open = stored.filter { !taken.contains($0.id) }
            var match: Viewing?
            if let uri = file.letterboxdURI { match = open.first { $0.letterboxdURI == uri } }
            if match == nil {
                let sameDay = open.filter {
                    $0.watchedOn == file.watchedOn
                        && ($0.letterboxdURI == nil || file.letterboxdURI == nil
                            || $0.letterboxdURI == file.letterboxdURI)
                }
                match =
                    sameDay.first { $0.rating == file.rating && $0.isRewatch == file.isRewatch }
                    ?? sameDay.first { $0.rating == file.rating } ?? sameDay.first
            }
            if match == nil, file.watchedOn != nil, !file.isRewatch, stored.count == 1, let only = open.first,
                only.watchedOn == nil, only.holdsOnlyTheFact
            {
                match = only
            }
            guard let match else {
                inserts.append(file)
                continue
            }
            taken.insert(match.id)
            let before = ViewingDraft(match)
            let merged = ViewingMerge.filled(before, with: file)
            if merged != before { updates.append((match.id, merged)) }
        }
    }

    func apply(to movieID: Int64, in connection: Connection) throws {
        for (id, draft) in updates {
            _ = try MovieStore.replaceViewing(
                id: id, with: ViewingValidation.validated(draft, checkingDate: false), in: connection)
        }
        for draft in inserts.sorted(by: {
            ($0.watchedOn ?? .earliestWatched) < ($1.watchedOn ?? .earliestWatched)
        }) {
            _ = try MovieStore.insertViewing(
                ViewingValidation.validated(draft, checkingDate: false), movieID: movieID, in: connection)
        }
    }
}
