import MoviesCore
import Storage

/// Steps 2 and 3 of an import (see `MovieImporter`): films merged into the list, new films added.
final class ImportWriter {
    let connection: Connection
    /// The time stamped on rows that bring none, computed once.
    let now: String
    /// The highest id this list ever handed out before the import: an id above it was never used.
    let initialSequence: Int64
    private let rows: ImportStaging
    private let newFilms: ImportStaging

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
        try InsertBatch.createTable(in: connection)
    }

    func dropTables() {
        rows.drop()
        newFilms.drop()
        InsertBatch.dropTable(in: connection)
    }

    /// Step 1: keeps a row for later, under its title key.
    func stage(_ movie: ImportedMovie) throws {
        try rows.append(movie, key: TitleKeys.identity(movie.title))
    }

    /// Step 2: each film against the list as it was before the import.
    func mergeFilms(options: ImportOptions, summary: inout ImportSummary) throws {
        try rows.forEachFilm { key, film, seq in
            guard
                let stored = try MovieStore.sameMovie(
                    key: key, year: film.year, excluding: nil, in: connection)
            else {
                // Placed where its first row was read, so films without dates keep the file's order.
                try newFilms.append(film.row, key: key, seq: seq)
                return
            }
            if options.onDuplicate == .fail {
                summary.meetDuplicate(line: film.line, existing: stored)
                if !options.dryRun { throw ImportFailure.duplicate(line: film.line, existing: stored) }
                return
            }
            let merged = Self.normalized(MovieMerge.merged(stored, with: film))
            var final = MovieDraft(stored)
            if merged == final {
                summary.unchanged += 1
            } else if options.onDuplicate == .skip {
                summary.skipped += 1
            } else {
                _ = try MovieStore.update(id: stored.id, to: merged, in: connection)
                summary.updated += 1
                final = merged
            }
            if final.watchState == .seen && final.rating == .notSeen { summary.seenWithoutRating += 1 }
        }
        try newFilms.flush()
    }

    /// Step 3: the new films, those keeping their file's id first, then the others by the day they were
    /// logged.
    func insertNewFilms(summary: inout ImportSummary) throws {
        var batch = InsertBatch(connection: connection, now: now)
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
            try batch.add(row, id: row.id, summary: &summary)
        }
        try batch.flush()
        for seq in duplicateIDs {
            try connection.execute("UPDATE temp.import_new SET id = 0 WHERE seq = ?", arguments: [seq])
        }
        try newFilms.forEachRow(
            newFilms.selectSQL(
                "WHERE id IS NULL OR id <= ? ORDER BY created_at IS NULL, created_at, seq"),
            arguments: [initialSequence]
        ) { _, row in
            if row.id != nil { summary.renumbered += 1 }
            try batch.add(row, id: nil, summary: &summary)
        }
        try batch.flush()
        // The trigger movies_viewings_after_insert logs each new film's viewings as it arrives.
        try batch.moveIntoMovies()
    }

    /// A merged or new film as stored: the store's rules applied (the watched date is not checked
    /// again: rows were checked as they were read, and a listed date stays).
    static func normalized(_ draft: MovieDraft) -> MovieDraft {
        (try? MovieValidation.validated(draft, checkingWatchedDate: false))?.draft ?? draft
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
    private var records: [(record: MovieRecord, id: Int64?)] = []

    init(connection: Connection, now: String) {
        self.connection = connection
        self.now = now
        records.reserveCapacity(ParameterList.maximumRows)
    }

    mutating func add(_ row: ImportedMovie, id: Int64?, summary: inout ImportSummary) throws {
        let draft = ImportWriter.normalized(row.draft)
        records.append(
            (MovieRecord(id: id, draft: draft, createdAt: row.createdAt, updatedAt: row.updatedAt), id))
        summary.added += 1
        if draft.watchState == .seen && draft.rating == .notSeen { summary.seenWithoutRating += 1 }
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

extension ImportedFilm {
    /// The film as one row, for the table of new films.
    var row: ImportedMovie {
        ImportedMovie(
            line: line, id: id, title: title, year: year, rating: rating, watchState: watchState,
            stars: stars,
            watchedOn: watchedOn, watchCount: watchCount, ratedOn: ratedOn, note: note, imdbID: imdbID,
            letterboxdURI: letterboxdURI, createdAt: createdAt, updatedAt: updatedAt)
    }
}
