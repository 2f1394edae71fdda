import Basics
import MoviesCore
import Storage

/// Steps 2 and 3 of an import (see `MovieImporter`): films and their viewings merged into the list, new
/// films added with theirs, lists written.
final class ImportWriter {
    let connection: Connection
    /// The time stamped on rows that bring none, computed once.
    let now: String
    /// The highest id this list ever handed out before the import: an id above it was never used.
    let initialSequence: Int64
    private let rows: ImportStaging
    private let newFilms: ImportStaging
    /// The viewings of new films, each under its film's place in `newFilms` (in the `id` column).
    private let newViewings: ImportStaging
    /// The places of the new films that bring viewings: they are inserted without a watched state, and
    /// take it from their viewings.
    private var filmsWithViewings: Set<Int64> = []
    /// The ids new films took, with the line that gave each.
    private let claims: ImportClaims
    /// List entries: the film's id where it is listed, else its place among the new films.
    private var listEntries: [(entry: ImportedMovie.ListEntry, movieID: Int64?, newFilm: Int64?)] = []

    init(connection: Connection, now: String) throws {
        self.connection = connection
        self.now = now
        // AUTOINCREMENT keeps the highest id ever used in sqlite_sequence; max(id) covers a sequence row
        // removed by hand. https://www.sqlite.org/autoinc.html
        initialSequence = Int64(
            try connection.scalarInt(
                """
                SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'movies'), 0),
                           coalesce((SELECT max(id) FROM movies), 0))
                """) ?? 0)
        rows = try ImportStaging(connection: connection, table: "import_rows")
        newFilms = try ImportStaging(connection: connection, table: "import_new")
        newViewings = try ImportStaging(connection: connection, table: "import_viewings")
        claims = try ImportClaims(connection: connection)
        try InsertBatch.createTable(in: connection)
    }

    func dropTables() {
        rows.drop()
        newFilms.drop()
        newViewings.drop()
        claims.drop()
        InsertBatch.dropTable(in: connection)
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
                rows: rows, key: key, year: year, claims: claims, in: connection)
            for problem in placement.unplaced { summary.leaveOut(problem) }
            for film in placement.films {
                guard let imported = film.film else { continue }
                if let stored = film.stored {
                    try merge(
                        imported, viewings: film.viewings, into: stored, options: options, summary: &summary)
                    for entry in film.listEntries { listEntries.append((entry, stored.id, nil)) }
                } else {
                    try newFilms.append(imported.row, key: key, seq: film.seq)
                    if !film.viewings.isEmpty { filmsWithViewings.insert(film.seq) }
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
            summary.unchanged += 1
            if stored.watchState == .seen && stored.rating == .notSeen { summary.seenWithoutRating += 1 }
            return
        }
        if options.onDuplicate == .fail {
            summary.meetDuplicate(line: film.line, existing: stored)
            if !options.dryRun { throw ImportFailure.duplicate(line: film.line, existing: stored) }
            return
        }
        if options.onDuplicate == .skip {
            summary.skip(
                line: film.line, film: stored, viewings: changes.inserts.count + changes.updates.count)
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

    /// Step 3: the new films, those keeping their file's id first, then the others by the day they were
    /// logged; then each one's viewings, and the lists.
    func insertNewFilms(summary: inout ImportSummary) throws {
        var batch = InsertBatch(connection: connection, now: now, filmsWithViewings: filmsWithViewings)
        var duplicateIDs: [Int64] = []
        var previousID: Int64?
        try newFilms.forEachRow(
            newFilms.selectSQL("WHERE id > ? ORDER BY id, seq"), arguments: [initialSequence]
        ) { seq, row in
            // Two new films with one id in the file: the first keeps it.
            guard row.id != previousID else {
                duplicateIDs.append(seq)
                return
            }
            previousID = row.id
            try batch.add(row, seq: seq, id: row.id, summary: &summary)
        }
        try batch.flush()
        for seq in duplicateIDs {
            try connection.execute("UPDATE temp.import_new SET id = 0 WHERE seq = ?", arguments: [seq])
        }
        try newFilms.forEachRow(
            newFilms.selectSQL(
                "WHERE id IS NULL OR id <= ? ORDER BY created_at IS NULL, created_at, seq"),
            arguments: [initialSequence]
        ) { seq, row in
            if row.id != nil { summary.renumbered += 1 }
            try batch.add(row, seq: seq, id: nil, summary: &summary)
        }
        try batch.flush()
        // The trigger movies_viewings_after_insert logs the viewings of each new film that brings none.
        try batch.moveIntoMovies()
        try logViewingsOfNewFilms(summary: &summary)
    }

    /// The viewings of new films that bring theirs, oldest first; the film then takes its rating.
    private func logViewingsOfNewFilms(summary: inout ImportSummary) throws {
        guard !filmsWithViewings.isEmpty else { return }
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
        try newFilms.forEachRow(newFilms.selectSQL("ORDER BY seq"), arguments: []) { seq, row in
            guard filmsWithViewings.contains(seq), let id = try movieID(ofNewFilm: seq) else { return }
            var draft = Self.normalized(row.draft)
            draft.watchState = .seen
            _ = try MovieStore.updateFilm(id: id, to: draft, in: connection)
        }
    }

    /// The id a new film was given: found by its Letterboxd address, its IMDb id, or its title and year
    /// among films with neither (each unique in `movies`).
    private func movieID(ofNewFilm seq: Int64) throws -> Int64? {
        var found: Int64?
        try newFilms.forEachRow(newFilms.selectSQL("WHERE seq = ?"), arguments: [seq]) { _, row in
            if let uri = row.letterboxdURI {
                found = try MovieStore.movie(letterboxdURI: uri, in: connection)?.id
            } else if let id = row.imdbID {
                found = try MovieStore.movie(imdbID: id, in: connection)?.id
            } else {
                found = try MovieStore.movies(
                    key: TitleKeys.identity(row.title), year: row.year, in: connection
                )
                .first { $0.letterboxdURI == nil && $0.imdbID == nil }?.id
            }
        }
        return found
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
                    letterboxdURI: list.letterboxdURI),
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

/// New movies, written `ParameterList.maximumRows` per statement into a TEMP table in the order they are to
/// get their ids, then moved into `movies` with one `INSERT … SELECT`.
///
/// FTS5 writes its pending index entries at the end of every statement (its implicit savepoint), so
/// one statement for all the new movies flushes the full-text index once instead of once a batch:
/// SQLite's own fastest way to fill a table (https://www.sqlite.org/fts5.html#the_automerge_option
/// describes the segments each flush adds). Ids are handed out in the SELECT's order, as the batches
/// did: the file's own ids first, then the rest from the table's sequence.
private struct InsertBatch {
    private static let staging = ColumnList<MovieRow.Column>(table: "temp.import_final")

    let connection: Connection
    let now: String
    /// New films that bring viewings: inserted unseen, so that no viewing is made up for them.
    let filmsWithViewings: Set<Int64>
    private var records: [(record: MovieRecord, id: Int64?)] = []

    init(connection: Connection, now: String, filmsWithViewings: Set<Int64>) {
        self.connection = connection
        self.now = now
        self.filmsWithViewings = filmsWithViewings
        records.reserveCapacity(ParameterList.maximumRows)
    }

    mutating func add(_ row: ImportedMovie, seq: Int64, id: Int64?, summary: inout ImportSummary) throws {
        var draft = ImportWriter.normalized(row.draft)
        summary.added += 1
        if draft.watchState == .seen && draft.rating == .notSeen { summary.seenWithoutRating += 1 }
        if filmsWithViewings.contains(seq) {
            draft.watchState = .watchlist
            draft.rating = .notSeen
            draft.stars = nil
            draft.ratedOn = nil
            draft.watchedOn = nil
            draft.watchCount = nil
        }
        records.append(
            (MovieRecord(id: id, draft: draft, createdAt: row.createdAt, updatedAt: row.updatedAt), id))
        if records.count == ParameterList.maximumRows { try flush() }
    }

    mutating func flush() throws {
        let now = now
        try Self.staging.insert(records, in: connection) { entry, row in
            try MovieRow.bind(entry.record, id: entry.id, to: row, now: now)
        }
        records.removeAll(keepingCapacity: true)
    }

    /// The staged movies into `movies`, in the order they were staged.
    func moveIntoMovies() throws {
        try connection.executeScript(
            "INSERT INTO movies (\(MovieRow.insertColumns.sql)) "
                + "SELECT \(MovieRow.insertColumns.sql) FROM temp.import_final ORDER BY rowid")
    }

    /// Creates the TEMP table, empty, with the columns' declared types (no constraints: `movies`
    /// checks every row as it arrives).
    static func createTable(in connection: Connection) throws {
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.import_final;
            CREATE TEMP TABLE import_final AS SELECT \(MovieRow.insertColumns.sql) FROM main.movies WHERE 0
            """)
    }

    static func dropTable(in connection: Connection) {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.import_final")
    }
}
