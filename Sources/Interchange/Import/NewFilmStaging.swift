import FoundationEssentials
import MoviesCore
import Storage

/// The new films of an import, each written once, as the row it becomes in `movies`, into a TEMP table,
/// then moved into `movies` with one `INSERT … SELECT` that gives them their ids.
///
/// One statement for all the new films: FTS5 writes its pending index entries at the end of every
/// statement (its implicit savepoint), so the full-text indexes are flushed once instead of once a
/// batch, SQLite's own fastest way to fill a table
/// (https://www.sqlite.org/fts5.html#the_automerge_option describes the segments each flush adds).
///
/// The SELECT's order hands out the ids: first the films whose id in the file (own formats) was never
/// used in this list, with that id, in id order (of two new films with one id, the first placed keeps
/// it); then the others, in the order they were logged (Letterboxd's and IMDb's dates; undated last, in
/// the order they were placed), from the table's sequence. Staged as rows of `movies`, films are
/// validated and bound once; they used to be staged as import rows, read back, normalised and bound
/// into a second table.
final class NewFilmStaging {
    /// The columns: `MovieRow`'s first, in its order (`MovieRow.bind` fills them through
    /// `RowBinder.leading`, and `MovieRow.decode` reads them), then the staging's own.
    enum Column: Int32, TableColumn {
        case id, title, year, rating, watchedOn, note, createdAt, updatedAt, stars, imdbID, letterboxdURI
        case watchCount, ratedOn, runtimeMinutes, genres, directors, titleKey, titleSort
        /// The place of the film's first row among the rows read: unique, and the film's handle.
        case seq
        /// The line of its first row, for messages.
        case line
        /// Whether the film brings viewings of its own: then it goes in unseen, so that no viewing is
        /// made up for it, and takes its watched state from them.
        case bringsViewings
        /// Whether the file gave the day it was logged (`createdAt` is the import's time when not).
        case isDated

        var name: String {
            if let column = MovieRow.Column(rawValue: rawValue) { return column.name }
            return switch self {
            case .seq: "seq"
            case .line: "line"
            case .bringsViewings: "brings_viewings"
            default: "is_dated"
            }
        }
    }

    private static let columns = ColumnList<Column>(table: "temp.import_new")

    let connection: Connection
    /// The time stamped on films that bring none.
    let now: String
    private var pending: [(record: MovieRecord, seq: Int64, line: Int, bringsViewings: Bool)] = []
    /// How many films the file gave an id of their own.
    private var withOwnID = 0
    /// Whether `temp.import_new_by_seq` exists.
    private var hasSeqIndex = false
    /// Whether the indexes on the films' ids exist.
    private var hasIDIndexes = false
    /// How many films bring viewings of their own.
    private(set) var bringingViewings = 0

    /// Creates `temp.import_new`, empty. It lives as long as the import's transaction.
    init(connection: Connection, now: String) throws {
        self.connection = connection
        self.now = now
        let definitions = Self.columns.columns.map { column in
            switch column {
            case .seq, .line, .bringsViewings, .isDated: "\(column.name) INTEGER NOT NULL"
            default: column.name
            }
        }
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.import_new;
            CREATE TEMP TABLE import_new (\(definitions.joined(separator: ", ")))
            """)
        pending.reserveCapacity(ParameterList.maximumRows)
    }

    func drop() {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.import_new")
    }

    /// Stages a new film: `record` validated, its id the file's (nil for none), `seq` its place, `line`
    /// its first row's.
    func append(_ record: MovieRecord, seq: Int64, line: Int, bringsViewings: Bool) throws {
        if record.id != nil { withOwnID += 1 }
        if bringsViewings { bringingViewings += 1 }
        pending.append((record, seq, line, bringsViewings))
        if pending.count == ParameterList.maximumRows { try flush() }
    }

    func flush() throws {
        let now = now
        try Self.columns.insert(pending, in: connection) { film, row in
            try MovieRow.bind(
                film.record, id: film.record.id, to: row.leading(MovieRow.Column.self), now: now)
            try row.bind(film.seq, to: .seq)
            try row.bind(film.line, to: .line)
            try row.bind(film.bringsViewings, to: .bringsViewings)
            try row.bind(film.record.createdAt != nil, to: .isDated)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The staged films into `movies`, in the order that gives their ids (see the type), returning how
    /// many lost the id the file gave them: used in this list before, or taken by another new film.
    ///
    /// Three statements, each reading its table in the order it was written, so that none of them
    /// reads the TEMP database's file at random beyond its small cache
    /// (https://www.sqlite.org/tempfiles.html#temp_databases): the films that keep their id
    /// (`temp.import_kept`, narrow); the films with their final values sorted into `temp.import_final`
    /// (one sort, before `movies` fills the page cache); that table into `movies` in its rowid order.
    /// Sorting inside the insert held SQLite's sorter beside a full page cache (198 MiB at 200,000 films
    /// with a window function for the kept ids, against 96 MiB; `sqlite3` replaying the statements
    /// peaked at 137 MiB with the one sort and 87 MiB without), and reading the staged films in the
    /// insert's order at random made the insert 7.2 s against 6.2 s (one traced run each; 2026-12-04).
    func moveIntoMovies(initialSequence: Int64) throws -> Int {
        try flush()
        defer { try? connection.executeScript(Self.dropOrderTablesSQL) }
        let values = MovieRow.Column.allCases.map { "\(Self.insertedValue($0)) AS \($0.name)" }
        try connection.executeScript(
            Self.dropOrderTablesSQL + "; CREATE TEMP TABLE import_kept (seq INTEGER PRIMARY KEY)")
        try connection.execute(
            "INSERT INTO temp.import_kept SELECT min(seq) FROM temp.import_new WHERE id > ? GROUP BY id",
            arguments: [initialSequence])
        let keeping = connection.changedRowCount
        try connection.executeScript(
            """
            CREATE TEMP TABLE import_final AS
            SELECT \(values.joined(separator: ", "))
            FROM temp.import_new AS n LEFT JOIN temp.import_kept AS k ON k.seq = n.seq
            ORDER BY k.seq IS NULL, CASE WHEN k.seq IS NOT NULL THEN n.id END, NOT n.is_dated, n.created_at,
                n.seq;
            INSERT INTO movies (\(MovieRow.insertColumns.sql))
            SELECT \(MovieRow.insertColumns.sql) FROM temp.import_final ORDER BY rowid
            """)
        return withOwnID - keeping
    }

    private static let dropOrderTablesSQL =
        "DROP TABLE IF EXISTS temp.import_kept; DROP TABLE IF EXISTS temp.import_final"

    /// What the insert writes in `column`: the film's own id only when it keeps it; a film that brings
    /// viewings unseen (the trigger movies_viewings_after_insert then logs none for it).
    private static func insertedValue(_ column: MovieRow.Column) -> String {
        switch column {
        case .id: "CASE WHEN k.seq IS NOT NULL THEN n.id END"
        case .rating: "CASE WHEN n.brings_viewings THEN '\(RatingWord.notSeen.rawValue)' ELSE n.rating END"
        case .watchedOn, .stars, .watchCount, .ratedOn:
            "CASE WHEN n.brings_viewings THEN NULL ELSE n.\(column.name) END"
        case .title, .year, .note, .createdAt, .updatedAt, .imdbID, .letterboxdURI, .runtimeMinutes, .genres,
            .directors, .titleKey, .titleSort:
            "n.\(column.name)"
        }
    }

    /// The line of the staged film whose Letterboxd address or IMDb id is `id`, if any. The indexes
    /// are made on the first call: `ImportClaims` asks only when its filter cannot rule an id out, which
    /// most imports never see.
    func line(holding id: String) throws -> Int? {
        // Byte for byte, as the table's indexes compare (Swift's `==` would also match canonically
        // equivalent spellings).
        let bytes = id.utf8
        if let film = pending.first(where: {
            $0.record.draft.letterboxdURI?.utf8.elementsEqual(bytes) == true
                || $0.record.draft.imdbID?.utf8.elementsEqual(bytes) == true
        }) {
            return film.line
        }
        if !hasIDIndexes {
            try connection.executeScript(
                """
                CREATE INDEX temp.import_new_by_address ON import_new (letterboxd_uri);
                CREATE INDEX temp.import_new_by_imdb_id ON import_new (imdb_id)
                """)
            hasIDIndexes = true
        }
        return try connection.scalarInt(
            """
            SELECT line FROM temp.import_new WHERE letterboxd_uri = ?1
            UNION ALL SELECT line FROM temp.import_new WHERE imdb_id = ?1 LIMIT 1
            """, [id])
    }

    /// Calls `body` with each staged film that brings viewings, as staged (its watched state its own),
    /// in the order they were placed.
    func forEachFilmBringingViewings(_ body: (MovieDraft) throws -> Void) throws {
        let statement = try connection.prepare(
            "SELECT \(Self.columns.sql) FROM temp.import_new WHERE brings_viewings ORDER BY seq")
        while try statement.step() {
            try body(MovieDraft(MovieRow.decode(statement)))
        }
    }

    /// The staged film at `seq`, as staged. (The index is made on the first call: most imports never
    /// look a film up, and the rowid is the order films were staged in, which the insert reads them by.)
    func film(seq: Int64) throws -> MovieDraft? {
        if !hasSeqIndex {
            try connection.executeScript("CREATE INDEX temp.import_new_by_seq ON import_new (seq)")
            hasSeqIndex = true
        }
        return try connection.cachedStatement(
            "SELECT \(Self.columns.sql) FROM temp.import_new WHERE seq = ?"
        )
        .fetchOne([seq]) { MovieDraft(MovieRow.decode($0)) }
    }
}
