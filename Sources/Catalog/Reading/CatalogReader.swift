import Basics
import MoviesCore
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A catalog file opened to read: `SQLITE_OPEN_READONLY`, so nothing a reader does can write it, and
/// with `trusted_schema` off (https://www.sqlite.org/pragma.html#pragma_trusted_schema): the catalog has
/// no trigger or view that would need a function, so a file edited to hold one gets no power from it.
package final class CatalogReader: Sendable {
    package let path: String
    private let database: Database

    /// Opens the catalog at `path`; `.noCatalog` when there is none, `.unusable` for a file that is not
    /// a catalog this binary can read (another SQLite file, a newer or older catalog schema).
    package init(path: String) throws {
        self.path = path
        var configuration = DatabaseConfiguration()
        configuration.access = .readOnly
        configuration.createIfMissing = false
        configuration.readsThroughWriter = true
        configuration.checkBeforeWriting = { connection in
            let pending: [Migration]
            do {
                pending = try CatalogSchema.migrator.checkCanMigrate(connection)
            } catch let error as StorageError {
                throw CatalogError.unusable(path: path, reason: error.description)
            }
            guard pending.isEmpty else {
                throw CatalogError.unusable(
                    path: path,
                    reason: "it was built by another version of movies; run 'movies catalog load' again")
            }
        }
        do {
            database = try Database(path: path, configuration: configuration)
        } catch StorageError.missing {
            throw CatalogError.noCatalog(path: path)
        }
        try database.writeWithoutTransaction { try $0.executeScript("PRAGMA trusted_schema = OFF") }
    }

    /// The catalog beside the diary at `diaryPath`, or nil when there is none: nothing at its path
    /// (whatever stands in the way of the path, the diary's own opening reports it, in its own words).
    package static func beside(diary diaryPath: String) throws -> CatalogReader? {
        let path = CatalogLocation.path(forDiary: diaryPath)
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        do {
            return try CatalogReader(path: path)
        } catch CatalogError.noCatalog {
            return nil
        }
    }

    // MARK: - Status

    package func status() throws -> CatalogStatus {
        try database.read { connection in
            let files = try connection.cachedStatement(
                """
                SELECT kind, file_name, byte_count, modified_at, rows_read, rows_kept, loaded_at
                FROM catalog_files ORDER BY rowid
                """
            ).fetchAll { row in
                CatalogStatus.File(
                    kind: row.string(at: 0), fileName: row.string(at: 1), byteCount: row.int(at: 2),
                    modifiedAt: row.string(at: 3), rowsRead: row.int(at: 4), rowsKept: row.int(at: 5),
                    loadedAt: row.string(at: 6))
            }
            let count = try connection.scalarInt("SELECT count(*) FROM titles") ?? 0
            return CatalogStatus(path: path, files: files, titleCount: count)
        }
    }

    // MARK: - Finding

    /// The films whose titles (in any of their forms) hold every word of `words`, best match first: by
    /// the words (bm25, so a title that is little more than the words comes first), then by votes.
    package func find(_ words: String, year: Int? = nil, limit: Int = 20) throws -> [CatalogTitle] {
        let expression = try Self.wordsExpression(words)
        return try database.read { connection in
            let ids = try connection.cachedStatement(Self.findSQL).fetchAll([expression, year, limit]) {
                $0.int(at: 0)
            }
            return try ids.compactMap { try title(number: $0, connection: connection) }
        }
    }

    /// The query `find` runs: also what the benchmark has `sqlite3` run, to compare the two.
    package static let findSQL = """
        SELECT t.id
        FROM (SELECT f.title_id AS id, min(s.rank) AS best
              FROM title_search AS s JOIN title_forms AS f ON f.rowid = s.rowid
              WHERE title_search MATCH ?1
              GROUP BY f.title_id) AS m
        JOIN titles AS t ON t.id = m.id
        LEFT JOIN ratings AS r ON r.title_id = t.id
        WHERE ?2 IS NULL OR t.year = ?2
        ORDER BY m.best, coalesce(r.votes, 0) DESC, t.id
        LIMIT ?3
        """

    /// Each word of `text` quoted, joined with AND: whole words (not prefixes, so "heat" does not find
    /// "Heather"), and never FTS5 syntax.
    package static func wordsExpression(_ text: String) throws(FullTextQuery.Problem) -> String {
        let words = FullTextQuery.words(in: text)
        guard !words.isEmpty else { throw .noWords(text) }
        return words.map { "\"" + $0 + "\"" }.joined(separator: " AND ")
    }

    /// The film whose IMDb id is `imdbID`, or nil when the catalog lacks it.
    package func title(imdbID: String) throws -> CatalogTitle? {
        guard let number = CatalogSchema.number(ofIMDbID: imdbID) else { return nil }
        return try database.read { try title(number: number, connection: $0) }
    }

    /// The films one of whose titles is `title` (the same letters, case and width aside: the diary's
    /// `TitleKeys.identity`), released in `year` when one is given; best known (most votes) first.
    package func films(titled title: String, year: Int?) throws -> [CatalogTitle] {
        guard let expression = try? Self.wordsExpression(title) else { return [] }
        let key = TitleKeys.identity(title)
        let length = title.unicodeScalars.count
        return try database.read { connection in
            let forms = try connection.cachedStatement(
                """
                SELECT f.title_id, f.title
                FROM title_search AS s JOIN title_forms AS f ON f.rowid = s.rowid
                JOIN titles AS t ON t.id = f.title_id
                WHERE title_search MATCH ?1 AND length(f.title) BETWEEN ?2 AND ?3 AND (?4 IS NULL OR t.year = ?4)
                """
            ).fetchAll([expression, length / 3, length * 3 + 4, year]) { ($0.int(at: 0), $0.string(at: 1)) }
            var ids: [Int] = []
            for (id, form) in forms where !ids.contains(id) && TitleKeys.identity(form) == key {
                ids.append(id)
            }
            return try ids.compactMap { try self.title(number: $0, connection: connection) }
                .sorted { ($0.votes ?? 0, $1.imdbID) > ($1.votes ?? 0, $0.imdbID) }
        }
    }

    /// One film with its directors and rating.
    private func title(number: Int, connection: Connection) throws -> CatalogTitle? {
        guard
            var title = try connection.cachedStatement(
                """
                SELECT t.title, t.original_title, t.kind, t.year, t.runtime_minutes, t.genres, r.average, r.votes
                FROM titles AS t LEFT JOIN ratings AS r ON r.title_id = t.id WHERE t.id = ?
                """
            ).fetchOne(
                [number],
                { row in
                    CatalogTitle(
                        imdbID: CatalogSchema.imdbID(number), title: row.string(at: 0),
                        originalTitle: row.string(at: 1),
                        kind: row.string(at: 2), year: row.optionalInt(at: 3),
                        runtimeMinutes: row.optionalInt(at: 4),
                        genres: row.optionalString(at: 5).map { $0.split(separator: ",").map(String.init) }
                            ?? [],
                        directors: [], rating: row.optionalDouble(at: 6), votes: row.optionalInt(at: 7))
                })
        else { return nil }
        title.directors = try connection.cachedStatement(
            """
            SELECT n.name FROM directors AS d JOIN names AS n ON n.id = d.name_id
            WHERE d.title_id = ? ORDER BY d.position
            """
        ).fetchAll([number]) { $0.string(at: 0) }
        return title
    }
}
