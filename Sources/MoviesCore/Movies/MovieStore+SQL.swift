import Basics
import Storage

extension MovieStore {
    static func movie(id: Int64, in connection: Connection) throws -> Movie? {
        try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies WHERE id = ?")
            .fetchOne([id], MovieRow.decode)
    }

    /// The movie with the same title (by `TitleKeys.identity`) and year as `draft`, other than
    /// `excluding`.
    package static func sameMovie(as draft: MovieDraft, excluding id: Int64?, in connection: Connection)
        throws -> Movie?
    {
        try sameMovie(key: TitleKeys.identity(draft.title), year: draft.year, excluding: id, in: connection)
    }

    /// The movie whose identity key is `key` and whose year is `year`, other than `excluding`: a seek in
    /// the unique index movies_unique_title_key (title_key, coalesce(year, 0)).
    package static func sameMovie(key: String, year: Int?, excluding id: Int64?, in connection: Connection)
        throws -> Movie?
    {
        try connection.cachedStatement(
            """
            SELECT \(MovieRow.columns.sql) FROM movies
            WHERE title_key = ? AND coalesce(year, 0) = coalesce(?, 0) AND id IS NOT ?
            """
        ).fetchOne([key, year, id], MovieRow.decode)
    }

    /// Writes every field of `draft` (validated) to the movie `id`, with its title keys, and stamps
    /// `updated_at`.
    package static func update(id: Int64, to draft: MovieDraft, in connection: Connection) throws -> Movie {
        let key = TitleKeys.identity(draft.title)
        let sortKey = TitleKeys.sort(identity: key)
        try connection.cachedStatement(
            """
            UPDATE movies
            SET title = ?, year = ?, rating = ?, watched_on = ?, note = ?, stars = ?, imdb_id = ?,
                letterboxd_uri = ?, watch_count = ?, rated_on = ?, title_key = ?, title_sort = ?,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?
            """
        ).execute(arguments: [
            draft.title, draft.year, draft.ratingWord.rawValue, draft.watchedOn?.description, draft.note,
            draft.stars?.stars, draft.imdbID, draft.letterboxdURI, draft.watchCount, draft.ratedOn?.description,
            key, sortKey, id,
        ])
        // A title changed in case or form only keeps its keys, and the trigger that keys titles written
        // by hand then computes them again, which SQL can only do for ASCII: the keys are written again.
        try connection.cachedStatement(
            "UPDATE movies SET title_key = ?, title_sort = ? WHERE id = ? AND title_key IS NULL"
        ).execute(arguments: [key, sortKey, id])
        guard let updated = try movie(id: id, in: connection) else { throw MovieError.notFound(id: id) }
        return updated
    }
    /// Runs `query` on `connection`: filter, key-based page, order, limit.
    static func list(_ query: MovieQuery, in connection: Connection) throws -> [Movie] {
        var movies: [Movie] = []
        if let limit = query.limit {
            movies.reserveCapacity(min(limit, 100_000))
        }
        try forEach(query, in: connection) { movies.append($0) }
        return movies
    }

    /// Steps through `query`'s rows on `connection`, decoding one movie at a time.
    static func forEach(_ query: MovieQuery, in connection: Connection, _ body: (Movie) throws -> Void) throws
    {
        var afterKey: (any SQLBindable)?
        if let after = query.after, query.sort != .added {
            guard
                let value = try connection.cachedStatement(
                    "SELECT \(query.sort.keyExpression) FROM movies WHERE id = ?"
                ).fetchOne([after], { row in Self.keyValue(row, sort: query.sort) })
            else { throw MovieError.notFound(id: after) }
            afterKey = value
        }
        let (sql, arguments) = try listSQL(query, afterKey: afterKey)
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            try body(MovieRow.decode(statement))
        }
    }

    /// The statement and arguments that read `query`: filter, key-based page, order, limit; each sort
    /// order on its own index (tests check the plan). `afterKey` is the sort key of the movie the page
    /// continues after (its id is `query.after`); none for `.added`, whose key is the id.
    package static func listSQL(_ query: MovieQuery, afterKey: (any SQLBindable)?) throws
        -> (sql: String, arguments: [any SQLBindable])
    {
        let key = query.sort.keyExpression
        let ascending = query.sort.isAscending != query.reversed
        var conditions: [String] = []
        var arguments: [any SQLBindable] = []
        if let words = query.allowedWords {
            conditions.append("rating IN (\(words.map { _ in "?" }.joined(separator: ", ")))")
            arguments += words.map(\.rawValue)
        }
        if let text = query.text, !text.trimmingWhitespace().isEmpty {
            conditions.append("id IN (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ?)")
            arguments.append(try FullTextQuery.expression(for: text))
        }
        if let after = query.after {
            // Written as `key >= k AND (key > k OR id > i)` rather than the row value `(key, id) > (k, i)`,
            // because SQLite 3.40 seeks an expression index only for the expanded form.
            let (strict, inclusive, idComparison) = ascending ? (">", ">=", ">") : ("<", "<=", "<")
            if let afterKey {
                conditions.append("\(key) \(inclusive) ? AND (\(key) \(strict) ? OR id \(idComparison) ?)")
                arguments += [afterKey, afterKey, after]
            } else {
                conditions.append("id \(idComparison) ?")
                arguments.append(after)
            }
        }
        let direction = ascending ? "ASC" : "DESC"
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let orderClause = query.sort == .added ? "id \(direction)" : "\(key) \(direction), id \(direction)"
        arguments.append(query.limit ?? -1)
        let sql = "SELECT \(MovieRow.columns.sql) FROM movies \(whereClause) ORDER BY \(orderClause) LIMIT ?"
        return (sql, arguments)
    }

    /// The sort key of the current row of `SELECT key FROM movies`, as a bindable value.
    private static func keyValue(_ row: Statement, sort: MovieSort) -> any SQLBindable {
        switch sort {
        // A title not keyed yet (written by hand, until the next open) has no sort key.
        case .title: row.optionalString(at: 0) ?? ""
        case .added, .rating, .year: row.int64(at: 0)
        }
    }
}
