import Basics
import Foundation
import Storage

/// The movie list: add, read, list, rate, edit and remove movies, and observe a list as it changes.
///
/// Every write is one transaction; every refusal (a `MovieError`) happens before anything is written,
/// so a refused request leaves the file unchanged.
public final class MovieStore: Sendable {
    /// The database the movies live in.
    package let database: Database

    /// A store over `database`, which must already be migrated (see `AppDatabase`).
    package init(database: Database) {
        self.database = database
    }

    // MARK: - Reading

    /// The movie with `id`, or nil.
    public func movie(id: Int64) throws -> Movie? {
        try database.read { try Self.movie(id: id, in: $0) }
    }

    /// The movies matching `text` in their title or note, best match first (FTS5's bm25 rank), among
    /// those with one of `ratings` (all when empty). Throws `FullTextQuery.Problem` for text with no words.
    public func search(_ text: String, ratings: Set<Rating> = [], limit: Int? = nil) throws -> [Movie] {
        let expression = try FullTextQuery.expression(for: text)
        return try database.read { connection in
            var sql = """
                SELECT \(MovieRow.columns.qualified)
                FROM movies_fts JOIN movies ON movies.id = movies_fts.rowid
                WHERE movies_fts MATCH ?
                """
            var arguments: [any SQLBindable] = [expression]
            if !ratings.isEmpty {
                sql += " AND movies.rating IN (\(ratings.map { _ in "?" }.joined(separator: ", ")))"
                arguments += ratings.sorted().map(\.rawValue)
            }
            sql += " ORDER BY rank, movies.id LIMIT ?"
            arguments.append(limit ?? -1)
            return try connection.cachedStatement(sql).fetchAll(arguments, MovieRow.decode)
        }
    }

    /// How many movies are on the list.
    public func count() throws -> Int {
        try database.read { try $0.scalarInt("SELECT count(*) FROM movies") ?? 0 }
    }

    // MARK: - Writing

    /// Adds a movie and returns it as stored. Refuses an invalid draft or a title+year already listed.
    @discardableResult
    public func add(_ draft: MovieDraft) throws -> Movie {
        let draft = try MovieValidation.validated(draft)
        return try database.write { connection in
            if let existing = try Self.sameMovie(as: draft, excluding: nil, in: connection) {
                throw MovieError.duplicate(existing: existing)
            }
            let statement = try connection.cachedStatement(
                MovieRow.insertSQL(rows: 1, clause: "RETURNING \(MovieRow.columns.sql)"))
            try MovieRow.bind(
                MovieRecord(draft: draft), id: nil, to: statement, offset: 0,
                now: Timestamp.string(from: Date()))
            defer { statement.reset() }
            let inserted = try statement.step() ? MovieRow.decode(statement) : nil
            guard let inserted else { throw MovieError.notFound(id: connection.lastInsertedRowID) }
            return inserted
        }
    }

    /// Adds many movies in one transaction, `MovieRow.batchSize` rows per statement (see there for why);
    /// all or nothing. Returns how many were added. A draft that breaks a rule, or duplicates a listed
    /// movie, stops everything.
    @discardableResult
    public func addAll(_ drafts: some Sequence<MovieDraft>) throws -> Int {
        try database.write { connection in
            let now = Timestamp.string(from: Date())
            var batch: [MovieRecord] = []
            batch.reserveCapacity(MovieRow.batchSize)
            var added = 0
            func insertBatch() throws {
                guard !batch.isEmpty else { return }
                let statement = try connection.cachedStatement(MovieRow.insertSQL(rows: batch.count))
                for (row, record) in batch.enumerated() {
                    try MovieRow.bind(
                        record, id: nil, to: statement, offset: Int32(row) * MovieRow.columns.count, now: now)
                }
                do {
                    try statement.run()
                } catch let error as StorageError where error.isConstraintViolation {
                    // The statement changed nothing (statement journal). Replayed row by row, the row that
                    // fails names the movie already listed, on the list or earlier in this batch.
                    let single = try connection.cachedStatement(MovieRow.insertSQL(rows: 1))
                    for record in batch {
                        try MovieRow.bind(record, id: nil, to: single, offset: 0, now: now)
                        do {
                            try single.run()
                        } catch let rowError as StorageError where rowError.isConstraintViolation {
                            guard
                                let existing = try Self.sameMovie(
                                    as: record.draft, excluding: nil, in: connection)
                            else { throw rowError }
                            throw MovieError.duplicate(existing: existing)
                        }
                    }
                }
                added += batch.count
                batch.removeAll(keepingCapacity: true)
            }
            for draft in drafts {
                batch.append(MovieRecord(draft: try MovieValidation.validated(draft)))
                if batch.count == MovieRow.batchSize { try insertBatch() }
            }
            try insertBatch()
            return added
        }
    }

    /// Changes a movie's rating; returns the movie before and after. Nothing is written when the rating
    /// is already `rating`.
    @discardableResult
    public func rate(id: Int64, _ rating: Rating) throws -> (before: Movie, after: Movie) {
        try database.write { connection in
            guard let before = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            guard before.rating != rating else { return (before, before) }
            let after = try Self.update(
                id: id, to: MovieChanges(rating: rating).applied(to: before), in: connection)
            return (before, after)
        }
    }

    /// Applies `changes` to a movie and returns it as stored. Refuses invalid values and a title+year
    /// that another movie has.
    @discardableResult
    public func edit(id: Int64, _ changes: MovieChanges) throws -> Movie {
        try database.write { connection in
            guard let movie = try Self.movie(id: id, in: connection) else {
                throw MovieError.notFound(id: id)
            }
            let draft = try MovieValidation.validated(changes.applied(to: movie))
            if let existing = try Self.sameMovie(as: draft, excluding: id, in: connection) {
                throw MovieError.duplicate(existing: existing)
            }
            return try Self.update(id: id, to: draft, in: connection)
        }
    }

    /// Removes movies; all or nothing: if one id is unknown, nothing is removed. Returns the removed movies.
    @discardableResult
    public func remove(ids: [Int64]) throws -> [Movie] {
        try database.write { connection in
            var removed: [Movie] = []
            for id in ids where !removed.contains(where: { $0.id == id }) {
                guard let movie = try Self.movie(id: id, in: connection) else {
                    throw MovieError.notFound(id: id)
                }
                try connection.execute("DELETE FROM movies WHERE id = ?", arguments: [id])
                removed.append(movie)
            }
            return removed
        }
    }

    // MARK: - SQL

    static func movie(id: Int64, in connection: Connection) throws -> Movie? {
        try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies WHERE id = ?")
            .fetchOne([id], MovieRow.decode)
    }

    /// The movie with the same title (ASCII case ignored) and year as `draft`, other than `excluding`.
    package static func sameMovie(as draft: MovieDraft, excluding id: Int64?, in connection: Connection)
        throws
        -> Movie?
    {
        // Matches the unique index movies_unique_title_year (title NOCASE, coalesce(year, 0)).
        try connection.cachedStatement(
            """
            SELECT \(MovieRow.columns.sql) FROM movies
            WHERE title = ? AND coalesce(year, 0) = coalesce(?, 0) AND id IS NOT ?
            """
        ).fetchOne([draft.title, draft.year, id], MovieRow.decode)
    }

    private static func update(id: Int64, to draft: MovieDraft, in connection: Connection) throws -> Movie {
        let updated = try connection.cachedStatement(
            """
            UPDATE movies
            SET title = ?, year = ?, rating = ?, watched_on = ?, note = ?, stars = ?, imdb_id = ?,
                letterboxd_uri = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?
            RETURNING \(MovieRow.columns.sql)
            """
        ).fetchOne(
            [
                draft.title, draft.year, draft.rating.rawValue, draft.watchedOn?.description, draft.note,
                draft.stars?.stars, draft.imdbID, draft.letterboxdURI, id,
            ], MovieRow.decode)
        guard let updated else { throw MovieError.notFound(id: id) }
        return updated
    }
}
