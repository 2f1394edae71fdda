import Basics
import FoundationEssentials
import MoviesCore
import Storage

/// A temporary table of import rows, so that an import of any size combines the rows of each film and
/// orders new films by date in the memory of one row: SQLite keeps the table in its temporary file and
/// sorts it there (https://www.sqlite.org/tempfiles.html#temp_databases).
///
/// Two of these serve an import: the rows as read (`import_rows`, grouped by title key and year), and
/// the viewings of the new films found among them (`import_viewings`, logged once the films are in).
/// The new films themselves are staged as rows of `movies` (`NewFilmStaging`).
final class ImportStaging {
    /// The columns, in the order of the select list (a case's raw value is its place in it).
    enum Column: Int32, TableColumn {
        /// The order rows were added in (the rowid SQLite gives each, left unbound).
        case seq
        /// The title's identity key (`TitleKeys.identity`).
        case key
        case year, line, id, title, word, stars, watchedOn, watchCount, ratedOn, note, imdbID, letterboxdURI
        case createdAt, updatedAt
        /// `ImportedMovie.Meaning`, one bit a field (see `flags`).
        case flags
        case review, tags, entryURI, runtimeMinutes, genres, directors
        /// `ImportedMovie.listEntry`.
        case listIndex, listPosition, listNote

        var name: String { definition.name }

        /// The column's name and type in the table (which `init` creates from these).
        var definition: (name: String, type: String) {
            switch self {
            case .seq: ("seq", "INTEGER PRIMARY KEY")
            case .key: ("key", "TEXT NOT NULL")
            case .year: ("year", "INTEGER")
            case .line: ("line", "INTEGER NOT NULL")
            case .id: ("id", "INTEGER")
            case .title: ("title", "TEXT NOT NULL")
            case .word: ("word", "TEXT NOT NULL")
            case .stars: ("stars", "REAL")
            case .watchedOn: ("watched_on", "TEXT")
            case .watchCount: ("watch_count", "INTEGER")
            case .ratedOn: ("rated_on", "TEXT")
            case .note: ("note", "TEXT")
            case .imdbID: ("imdb_id", "TEXT")
            case .letterboxdURI: ("letterboxd_uri", "TEXT")
            case .createdAt: ("created_at", "TEXT")
            case .updatedAt: ("updated_at", "TEXT")
            case .flags: ("flags", "INTEGER NOT NULL")
            case .review: ("review", "TEXT")
            case .tags: ("tags", "TEXT")
            case .entryURI: ("entry_uri", "TEXT")
            case .runtimeMinutes: ("runtime_minutes", "INTEGER")
            case .genres: ("genres", "TEXT")
            case .directors: ("directors", "TEXT")
            case .listIndex: ("list_index", "INTEGER")
            case .listPosition: ("list_position", "INTEGER")
            case .listNote: ("list_note", "TEXT")
            }
        }
    }

    let connection: Connection
    /// The table's name in the `temp` schema.
    let table: String
    /// Its columns.
    private let columns: ColumnList<Column>
    private var pending: [(key: String, row: ImportedMovie)] = []

    /// Creates `temp.<table>`, empty. It lives as long as the import's transaction.
    init(connection: Connection, table: String) throws {
        self.connection = connection
        self.table = table
        columns = ColumnList(table: "temp." + table)
        let definitions = columns.columns.map { "\($0.definition.name) \($0.definition.type)" }
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.\(table);
            CREATE TEMP TABLE \(table) (\(definitions.joined(separator: ", ")))
            """)
    }

    /// Drops the table.
    func drop() {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.\(table)")
    }

    /// Adds a row, under its title key, after those added before.
    func append(_ row: ImportedMovie, key: String) throws {
        pending.append((key, row))
        if pending.count == ParameterList.maximumRows { try flush() }
    }

    /// Writes the rows not written yet.
    func flush() throws {
        try columns.insert(pending, in: connection) { entry, row in
            try Self.bind(entry.row, key: entry.key, to: row)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the rows of each title and year (`key`, `year`), one group at a time, groups in
    /// title-key order and each group's rows in the order they were added, each with its place.
    func forEachGroup(_ body: (String, Int?, [(seq: Int64, row: ImportedMovie)]) throws -> Void) throws {
        try flush()
        try connection.executeScript(
            "CREATE INDEX temp.\(table)_by_film ON \(table) (key, coalesce(year, 0), seq)")
        let statement = try connection.prepare(selectSQL("ORDER BY key, coalesce(year, 0), seq"))
        var current: (key: String, year: Int?, rows: [(seq: Int64, row: ImportedMovie)])?
        while try statement.step() {
            let key = statement.string(Column.key)
            let row = Self.decode(statement)
            let seq = statement.int64(Column.seq)
            if current?.key == key, current?.year == row.year {
                current?.rows.append((seq, row))
            } else {
                if let group = current { try body(group.key, group.year, group.rows) }
                current = (key, row.year, [(seq, row)])
            }
        }
        if let group = current { try body(group.key, group.year, group.rows) }
    }

    /// Calls `body` with each row of the statement `sql` selects from this table (`SELECT seq, … FROM`
    /// the table, as `selectSQL` writes it), as read.
    func forEachRow(
        _ sql: String, arguments: [any SQLBindable], _ body: (Int64, ImportedMovie) throws -> Void
    )
        throws
    {
        let statement = try connection.prepare(sql)
        try statement.bind(arguments)
        while try statement.step() {
            try body(statement.int64(Column.seq), Self.decode(statement))
        }
    }

    /// `SELECT <columns> FROM temp.<table>` with `rest` after it (a WHERE and ORDER BY).
    func selectSQL(_ rest: String) -> String {
        "SELECT \(columns.sql) FROM \(columns.table) \(rest)"
    }

    // MARK: - Rows

    private static func bind(_ movie: ImportedMovie, key: String, to row: RowBinder<Column>) throws {
        try row.bind(key, to: .key)
        try row.bind(movie.year, to: .year)
        try row.bind(movie.line, to: .line)
        try row.bind(movie.id, to: .id)
        try row.bind(movie.title, to: .title)
        try row.bind(movie.ratingWord.rawValue, to: .word)
        try row.bind(movie.stars?.stars, to: .stars)
        try row.bind(movie.watchedOn?.description, to: .watchedOn)
        try row.bind(movie.watchCount, to: .watchCount)
        try row.bind(movie.ratedOn?.description, to: .ratedOn)
        try row.bind(movie.note, to: .note)
        try row.bind(movie.imdbID, to: .imdbID)
        try row.bind(movie.letterboxdURI, to: .letterboxdURI)
        try row.bind(movie.createdAt.map(Timestamp.string(from:)), to: .createdAt)
        try row.bind(movie.updatedAt.map(Timestamp.string(from:)), to: .updatedAt)
        try row.bind(flags(movie.meaning), to: .flags)
        try row.bind(movie.review, to: .review)
        try row.bind(movie.tags.stored, to: .tags)
        try row.bind(movie.entryURI, to: .entryURI)
        try row.bind(movie.runtimeMinutes, to: .runtimeMinutes)
        try row.bind(MovieRow.storedNames(movie.genres), to: .genres)
        try row.bind(MovieRow.storedNames(movie.directors), to: .directors)
        try row.bind(movie.listEntry?.list, to: .listIndex)
        try row.bind(movie.listEntry?.position, to: .listPosition)
        try row.bind(movie.listEntry?.note, to: .listNote)
    }

    /// The movie of the current statement row, which selected `columns`.
    private static func decode(_ row: Statement) -> ImportedMovie {
        let word = RatingWord(rawValue: row.string(Column.word)) ?? .notSeen
        let flags = row.int(Column.flags)
        var meaning = ImportedMovie.Meaning()
        meaning.ratingIsCurrent = flags & 1 != 0
        meaning.isViewing = flags & 2 != 0
        meaning.isRewatch = flags & 4 != 0
        var listEntry: ImportedMovie.ListEntry?
        if let list = row.optionalInt(Column.listIndex), let position = row.optionalInt(Column.listPosition) {
            listEntry = ImportedMovie.ListEntry(
                list: list, position: position, note: row.optionalString(Column.listNote))
        }
        return ImportedMovie(
            line: row.int(Column.line),
            id: row.optionalInt64(Column.id),
            title: row.string(Column.title),
            year: row.optionalInt(Column.year),
            rating: word.rating,
            watchState: word.watchState,
            stars: row.optionalDouble(Column.stars).flatMap(StarRating.init(stars:)),
            watchedOn: row.optionalString(Column.watchedOn).flatMap(CalendarDate.init(parsing:)),
            watchCount: row.optionalInt(Column.watchCount),
            ratedOn: row.optionalString(Column.ratedOn).flatMap(CalendarDate.init(parsing:)),
            note: row.optionalString(Column.note),
            review: row.optionalString(Column.review),
            tags: ViewingTags(stored: row.optionalString(Column.tags)),
            imdbID: row.optionalString(Column.imdbID),
            letterboxdURI: row.optionalString(Column.letterboxdURI),
            entryURI: row.optionalString(Column.entryURI),
            runtimeMinutes: row.optionalInt(Column.runtimeMinutes),
            genres: MovieRow.names(row.optionalString(Column.genres)),
            directors: MovieRow.names(row.optionalString(Column.directors)),
            createdAt: row.optionalString(Column.createdAt).flatMap(Timestamp.date(from:)),
            updatedAt: row.optionalString(Column.updatedAt).flatMap(Timestamp.date(from:)),
            meaning: meaning, listEntry: listEntry)
    }

    private static func flags(_ meaning: ImportedMovie.Meaning) -> Int {
        (meaning.ratingIsCurrent ? 1 : 0) | (meaning.isViewing ? 2 : 0) | (meaning.isRewatch ? 4 : 0)
    }
}
