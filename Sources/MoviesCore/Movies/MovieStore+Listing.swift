import Basics
import Storage

/// Reading lists of movies: a filter, an order and a page (`MovieQuery`), read whole, streamed, or
/// observed.
extension MovieStore {
    /// The movies `query` selects, in its order.
    public func list(_ query: MovieQuery = MovieQuery()) throws -> [Movie] {
        try database.read { try Self.list(query, in: $0) }
    }

    /// Calls `body` with each movie `query` selects, in order, reading one row at a time from a single
    /// snapshot: exports stream a million movies in the memory of one.
    public func forEachMovie(_ query: MovieQuery = MovieQuery(), _ body: (Movie) throws -> Void) throws {
        try database.read { connection in
            try Self.forEach(query, in: connection, body)
        }
    }

    /// Reads `query` twice from one snapshot, a row at a time: `first` sees every movie, then `second`
    /// sees the same movies again.
    ///
    /// For output that must know something of every row before it writes its first line (a table's
    /// column widths), without holding the rows: both readings see the same movies, since nothing
    /// committed in between is visible to the read transaction.
    public func forEachMovieTwice(
        _ query: MovieQuery, first: (Movie) throws -> Void, second: (Movie) throws -> Void
    ) throws {
        try database.read { connection in
            try Self.forEach(query, in: connection, first)
            try Self.forEach(query, in: connection, second)
        }
    }

    /// The list `query` selects, now and after every change, by anyone, to the tables its query reads
    /// (`movies`, and the full-text index when it filters by text).
    ///
    /// Yields the current list first. See `Database.observe(_:)` for the guarantees.
    public func observe(_ query: MovieQuery = MovieQuery()) -> AsyncThrowingStream<[Movie], any Error> {
        database.observe { try Self.list(query, in: $0) }
    }

    /// The list `query` selects with the highest id in the database, both read from one snapshot, now
    /// and after every change (as `observe`): a change feed tells a film added since the last reading
    /// (its id is higher) from one already there that entered the filter.
    public func observeWithHighestID(_ query: MovieQuery = MovieQuery())
        -> AsyncThrowingStream<MovieListReading, any Error>
    {
        database.observe { try Self.reading(query, in: $0) }
    }

    /// The list `query` selects with the highest id in the database, read once from one snapshot.
    public func listWithHighestID(_ query: MovieQuery = MovieQuery()) throws -> MovieListReading {
        try database.read { try Self.reading(query, in: $0) }
    }

    static func reading(_ query: MovieQuery, in connection: Connection) throws -> MovieListReading {
        MovieListReading(
            movies: try list(query, in: connection),
            highestID: Int64(try connection.scalarInt("SELECT coalesce(max(id), 0) FROM movies") ?? 0))
    }

    // MARK: - SQL

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
        let (sql, arguments) = try listSQL(query)
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            try body(MovieRow.decode(statement))
        }
    }

    /// The statement and arguments that read `query`: filter, key-based page, order, limit; each sort
    /// order on its own index (tests check the plan). Throws when the query's cursor belongs to another
    /// order, whose key would compare with the wrong column.
    package static func listSQL(_ query: MovieQuery) throws -> (sql: String, arguments: [any SQLBindable]) {
        let key = query.sort.keyExpression(reversed: query.reversed)
        let ascending = query.sort.isAscending != query.reversed
        var conditions: [String] = []
        var arguments: [any SQLBindable] = []
        if let words = query.allowedWords {
            let list = ParameterList.inList(words.map(\.rawValue))
            conditions.append("rating IN \(list.sql)")
            arguments += list.arguments
        }
        if let listID = query.listID {
            // A seek in list_entries' primary key (list_id, movie_id).
            conditions.append("id IN (SELECT movie_id FROM list_entries WHERE list_id = ?)")
            arguments.append(listID)
        }
        if let tag = query.tag {
            // A film whose viewings hold the tag, as `diary --tag` finds them (whole tags only).
            conditions.append(
                "id IN (SELECT movie_id FROM viewings WHERE \(ViewingTags.containsSQL(column: "tags")))")
            arguments.append(ViewingTags.containsArgument(tag))
        }
        // A word of a director's name, or several in order, in any case and with or without accents
        // (`Michael Mann` by `mann`), through the word index over `Joel Coen, Ethan Coen` (migration 13).
        if let director = query.director {
            conditions.append(
                "id IN (SELECT rowid FROM movies_directors_fts WHERE movies_directors_fts MATCH ?)")
            arguments.append(try FullTextQuery.phrase(for: director))
        }
        // One of the names of a list stored as `Drama, Crime` (see MovieRow.storedNames).
        if let genre = query.genre {
            conditions.append("instr(', ' || lower(genres) || ', ', ', ' || lower(?) || ', ') > 0")
            arguments.append(genre.trimmingWhitespace())
        }
        if let text = query.text, !text.trimmingWhitespace().isEmpty {
            // As `search` matches: the title and note, or the title's words without their inner
            // punctuation (`walle`, WALL·E).
            conditions.append(
                "(id IN (SELECT rowid FROM movies_fts WHERE movies_fts MATCH ?) "
                    + "OR id IN (SELECT rowid FROM movies_title_words WHERE movies_title_words MATCH ?))")
            let expression = try FullTextQuery.expression(for: text)
            arguments += [expression, expression]
        }
        if let after = query.after {
            guard after.sort == query.sort else {
                throw MovieError.cursorOfAnotherOrder(after, listSort: query.sort)
            }
            let (strict, inclusive) = ascending ? (">", ">=") : ("<", "<=")
            if let afterKey = after.keyValue(reversed: query.reversed) {
                // Written as `key >= k AND (key > k OR id > i)` rather than the row value
                // `(key, id) > (k, i)`, because SQLite 3.40 seeks an expression index only for the
                // expanded form.
                conditions.append("\(key) \(inclusive) ? AND (\(key) \(strict) ? OR id \(strict) ?)")
                arguments += [afterKey, afterKey, after.id]
            } else {
                conditions.append("id \(strict) ?")
                arguments.append(after.id)
            }
        }
        let direction = ascending ? "ASC" : "DESC"
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let orderClause = query.sort == .added ? "id \(direction)" : "\(key) \(direction), id \(direction)"
        arguments.append(query.limit ?? -1)
        let sql = "SELECT \(MovieRow.columns.sql) FROM movies \(whereClause) ORDER BY \(orderClause) LIMIT ?"
        return (sql, arguments)
    }
}

extension MovieCursor {
    /// The value the cursor's order sorts on (`MovieSort.keyExpression`), as the statement binds it;
    /// nil in the order added, whose key is the id.
    func keyValue(reversed: Bool) -> (any SQLBindable)? {
        switch key {
        case .added: nil
        case .title(let sortKey): sortKey
        case .rating(let rank): rank
        // Movies without a year sort last, in either direction (`MovieSort.keyExpression(reversed:)`).
        case .year(let year): year ?? (reversed ? 0 : 9999)
        }
    }
}

/// One reading of an observed list: its movies, and the highest id the database held then.
public struct MovieListReading: Sendable, Equatable {
    public var movies: [Movie]
    public var highestID: Int64
}
