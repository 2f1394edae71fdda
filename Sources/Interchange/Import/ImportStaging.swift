import Basics
import FoundationEssentials
import MoviesCore
import Storage

/// A temporary table of import rows, so that an import of any size combines the rows of each film and
/// orders new films by date in the memory of one row: SQLite keeps the table in its temporary file and
/// sorts it there (https://www.sqlite.org/tempfiles.html#temp_databases).
///
/// Two of these serve an import: the rows as read (`import_rows`, grouped by title key and year), and
/// the new films found among them (`import_new`, inserted last in the order they were logged).
final class ImportStaging {
    /// The columns, in the order `append` binds them and `decode` reads them (after `seq`).
    private static let columns = [
        "key", "year", "line", "id", "title", "word", "stars", "watched_on", "watch_count", "rated_on",
        "note",
        "imdb_id", "letterboxd_uri", "created_at", "updated_at", "flags",
    ]
    /// Rows per insert: 64 × 17 parameters.
    private static let batchSize = 64

    let connection: Connection
    /// The table's name in the `temp` schema.
    let table: String
    private var pending: [(key: String, row: ImportedMovie, seq: Int64?)] = []

    /// Creates `temp.<table>`, empty. It lives as long as the import's transaction.
    init(connection: Connection, table: String) throws {
        self.connection = connection
        self.table = table
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.\(table);
            CREATE TEMP TABLE \(table) (
                seq INTEGER PRIMARY KEY, key TEXT NOT NULL, year INTEGER, line INTEGER NOT NULL, id INTEGER,
                title TEXT NOT NULL, word TEXT NOT NULL, stars REAL, watched_on TEXT, watch_count INTEGER,
                rated_on TEXT, note TEXT, imdb_id TEXT, letterboxd_uri TEXT, created_at TEXT, updated_at TEXT,
                flags INTEGER NOT NULL)
            """)
    }

    /// Drops the table.
    func drop() {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.\(table)")
    }

    /// Adds a row, under its title key; `seq` places it (the order read, when nil).
    func append(_ row: ImportedMovie, key: String, seq: Int64? = nil) throws {
        pending.append((key, row, seq))
        if pending.count == Self.batchSize { try flush() }
    }

    /// Writes the rows not written yet.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let width = Self.columns.count + 1
        let placeholders = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let statement = try connection.cachedStatement(
            "INSERT INTO temp.\(table) (seq, \(Self.columns.joined(separator: ", "))) VALUES "
                + Array(repeating: placeholders, count: pending.count).joined(separator: ", "))
        for (index, entry) in pending.enumerated() {
            try statement.bind(entry.seq, at: Int32(index * width) + 1)
            try Self.bind(entry.row, key: entry.key, to: statement, offset: Int32(index * width) + 1)
        }
        try statement.run()
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each film's rows combined, one film at a time, films in title-key order and
    /// each film's rows in the order they were added; with the film, the place of its first row.
    func forEachFilm(_ body: (String, ImportedFilm, Int64) throws -> Void) throws {
        try flush()
        try connection.executeScript(
            "CREATE INDEX temp.\(table)_by_film ON \(table) (key, coalesce(year, 0), seq)")
        let statement = try connection.prepare(
            "SELECT seq, \(Self.columns.joined(separator: ", ")) FROM temp.\(table) "
                + "ORDER BY key, coalesce(year, 0), seq")
        var current: (key: String, year: Int?, film: ImportedFilm, seq: Int64)?
        while try statement.step() {
            let key = statement.string(at: 1)
            let row = Self.decode(statement)
            if var group = current, group.key == key, group.year == row.year {
                group.film.absorb(row)
                current = group
            } else {
                if let group = current { try body(group.key, group.film, group.seq) }
                current = (key, row.year, ImportedFilm(row), statement.int64(at: 0))
            }
        }
        if let group = current { try body(group.key, group.film, group.seq) }
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
            try body(statement.int64(at: 0), Self.decode(statement))
        }
    }

    /// `SELECT seq, <columns> FROM temp.<table>` with `rest` after it (a WHERE and ORDER BY).
    func selectSQL(_ rest: String) -> String {
        "SELECT seq, \(Self.columns.joined(separator: ", ")) FROM temp.\(table) \(rest)"
    }

    // MARK: - Rows

    private static func bind(_ row: ImportedMovie, key: String, to statement: Statement, offset: Int32) throws
    {
        let values: [any SQLBindable] = [
            key, row.year, row.line, row.id, row.title, row.ratingWord.rawValue, row.stars?.stars,
            row.watchedOn?.description, row.watchCount, row.ratedOn?.description, row.note, row.imdbID,
            row.letterboxdURI, row.createdAt.map(Timestamp.string(from:)),
            row.updatedAt.map(Timestamp.string(from:)), flags(row.meaning),
        ]
        for (index, value) in values.enumerated() {
            try statement.bind(value, at: offset + Int32(index) + 1)
        }
    }

    /// The row of the current statement row (`seq` first, then `columns`).
    private static func decode(_ statement: Statement) -> ImportedMovie {
        let word = RatingWord(rawValue: statement.string(at: 6)) ?? .notSeen
        let flags = statement.int(at: 16)
        var meaning = ImportedMovie.Meaning()
        meaning.ratingIsCurrent = flags & 1 != 0
        meaning.isViewing = flags & 2 != 0
        meaning.isRewatch = flags & 4 != 0
        meaning.linksFilm = flags & 8 != 0
        return ImportedMovie(
            line: statement.int(at: 3),
            id: statement.isNull(at: 4) ? nil : statement.int64(at: 4),
            title: statement.string(at: 5),
            year: statement.optionalInt(at: 2),
            rating: word.rating,
            watchState: word.watchState,
            stars: statement.optionalDouble(at: 7).flatMap(StarRating.init(stars:)),
            watchedOn: statement.optionalString(at: 8).flatMap(CalendarDate.init(parsing:)),
            watchCount: statement.optionalInt(at: 9),
            ratedOn: statement.optionalString(at: 10).flatMap(CalendarDate.init(parsing:)),
            note: statement.optionalString(at: 11),
            imdbID: statement.optionalString(at: 12),
            letterboxdURI: statement.optionalString(at: 13),
            createdAt: statement.optionalString(at: 14).flatMap(Timestamp.date(from:)),
            updatedAt: statement.optionalString(at: 15).flatMap(Timestamp.date(from:)),
            meaning: meaning)
    }

    private static func flags(_ meaning: ImportedMovie.Meaning) -> Int {
        (meaning.ratingIsCurrent ? 1 : 0) | (meaning.isViewing ? 2 : 0) | (meaning.isRewatch ? 4 : 0)
            | (meaning.linksFilm ? 8 : 0)
    }
}
