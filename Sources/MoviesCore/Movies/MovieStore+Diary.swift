import Basics
import Storage

extension MovieStore {
    /// The viewings `query` asks for, newest first (by day, then the order logged), the undated last,
    /// each with its film.
    public func diary(_ query: DiaryQuery = DiaryQuery()) throws -> [DiaryEntry] {
        try database.read { try Self.diary(query, in: $0) }
    }

    /// Observes the diary: `query`'s entries now, then again after every change to the viewings or the
    /// films it read (from this program or another), as `observe` does for the list.
    public func observeDiary(_ query: DiaryQuery = DiaryQuery()) -> AsyncThrowingStream<
        [DiaryEntry], any Error
    > {
        database.observe { try Self.diary(query, in: $0) }
    }

    /// The page of the diary `query` selects, read off the caller's thread and off Swift's cooperative
    /// pool (see `Database.read`): what the diary's view model awaits.
    public func diaryPage(_ query: DiaryQuery) async throws -> [DiaryEntry] {
        try await database.read { try Self.diary(query, in: $0) }
    }

    /// A signal after each commit, from anyone, to a table the diary `query` reads (the viewings and the
    /// films, learnt from the compiled query): the view model re-reads the pages it shows.
    public func diaryChanges(of query: DiaryQuery) -> AsyncStream<Void> {
        var empty = query
        empty.limit = 0
        let probe = empty
        return database.commits(touchingTablesReadBy: { connection in
            _ = try Self.diary(probe, in: connection)
            // An empty page reads no film, so the films' table is read apart: a film renamed elsewhere
            // changes the diary's lines.
            _ = try connection.cachedStatement("SELECT \(MovieRow.columns.sql) FROM movies LIMIT 0")
                .fetchAll([], MovieRow.decode)
        })
    }

    static func diary(_ query: DiaryQuery, in connection: Connection) throws -> [DiaryEntry] {
        let (sql, arguments) = diarySQL(query)
        let viewings = try connection.cachedStatement(sql).fetchAll(arguments, ViewingRow.decode)
        var films: [Int64: Movie] = [:]
        var entries: [DiaryEntry] = []
        entries.reserveCapacity(viewings.count)
        for viewing in viewings {
            if films[viewing.movieID] == nil {
                films[viewing.movieID] = try movie(id: viewing.movieID, in: connection)
            }
            // The viewings' film always exists (a foreign key, and a trigger for writers without one).
            guard let film = films[viewing.movieID] else { continue }
            entries.append(DiaryEntry(viewing: viewing, movie: film))
        }
        return entries
    }

    /// The query: a range of the index `viewings_by_day` read backwards, whose key is
    /// `coalesce(watched_on, '')` so the undated come last.
    package static func diarySQL(_ query: DiaryQuery) -> (sql: String, arguments: [any SQLBindable]) {
        let day = "coalesce(watched_on, '')"
        var conditions: [String] = []
        var arguments: [any SQLBindable] = []
        if let range = query.dayRange {
            conditions.append("\(day) BETWEEN ? AND ?")
            arguments += [range.first, range.last]
        }
        if let tag = query.tag {
            conditions.append(ViewingTags.containsSQL(column: "tags"))
            arguments.append(ViewingTags.containsArgument(tag))
        }
        if let movieID = query.movieID {
            conditions.append("movie_id = ?")
            arguments.append(movieID)
        }
        if let after = query.after {
            conditions.append("(\(day), id) < (?, ?)")
            arguments += [after.key, after.id]
        }
        var sql = "SELECT \(ViewingRow.columns.sql) FROM viewings"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(day) DESC, id DESC LIMIT ?"
        arguments.append(query.limit ?? -1)
        return (sql, arguments)
    }
}
