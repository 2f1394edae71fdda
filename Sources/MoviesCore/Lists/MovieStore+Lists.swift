import Basics
import FoundationEssentials
import Storage

/// Named, ordered lists (`lists`, `list_entries` of 0009): read, made, filled, reordered, removed, and
/// written whole by an import. Positions are kept 1, 2, 3… with no gaps by every write here.
extension MovieStore {
    /// How an import changed a list.
    package enum ListOutcome: Sendable, Hashable {
        case added, updated, unchanged
    }

    // MARK: - Reading

    /// Every list, by name, with its count.
    public func lists() throws -> [MovieList] {
        try database.read { try Self.lists(in: $0) }
    }

    /// The list named `name` (whatever its case).
    public func list(named name: String) throws -> MovieList? {
        try database.read { try Self.list(named: name, in: $0) }
    }

    /// The films of the list `id`, in order.
    public func entries(ofList id: Int64) throws -> [MovieListEntry] {
        try database.read { try Self.entries(ofList: id, in: $0) }
    }

    // MARK: - Writing

    /// Adds films to the end of the list `name`, in the order given, making the list when there is none;
    /// a film already on it stays where it is. Returns the list and the films that were added.
    @discardableResult
    public func addToList(_ name: String, movieIDs: [Int64]) throws -> (list: MovieList, added: [Movie]) {
        let name = try Self.checkedName(name)
        return try database.write { connection in
            var listID = try Self.list(named: name, in: connection)?.id
            if listID == nil {
                listID = try Self.insertList(MovieList.Draft(name: name), in: connection)
            }
            guard let listID else { throw MovieListError.noList(name, known: []) }
            var added: [Movie] = []
            for movieID in movieIDs {
                guard let movie = try Self.movie(id: movieID, in: connection) else {
                    throw MovieError.notFound(id: movieID)
                }
                guard try !Self.isOnList(listID, movieID: movieID, in: connection) else { continue }
                let next = try Self.count(ofList: listID, in: connection) + 1
                try connection.cachedStatement(
                    "INSERT INTO list_entries (list_id, movie_id, position) VALUES (?, ?, ?)"
                ).execute(arguments: [listID, movieID, next])
                added.append(movie)
            }
            if !added.isEmpty { try Self.touch(listID, in: connection) }
            guard let list = try Self.list(named: name, in: connection) else {
                throw MovieListError.noList(name, known: [])
            }
            return (list, added)
        }
    }

    /// Takes films off the list `name`; all or nothing: a film not on it refuses the whole change.
    @discardableResult
    public func removeFromList(_ name: String, movieIDs: [Int64]) throws -> [Movie] {
        try database.write { connection in
            let list = try Self.existingList(name, in: connection)
            var removed: [Movie] = []
            for movieID in movieIDs where !removed.contains(where: { $0.id == movieID }) {
                guard let movie = try Self.movie(id: movieID, in: connection) else {
                    throw MovieError.notFound(id: movieID)
                }
                guard try Self.isOnList(list.id, movieID: movieID, in: connection) else {
                    throw MovieListError.notOnList(movie, list: list.name)
                }
                try connection.cachedStatement("DELETE FROM list_entries WHERE list_id = ? AND movie_id = ?")
                    .execute(arguments: [list.id, movieID])
                removed.append(movie)
            }
            try Self.renumber(list.id, in: connection)
            try Self.touch(list.id, in: connection)
            return removed
        }
    }

    /// Removes the list `name` (its films stay on the list of movies).
    @discardableResult
    public func removeList(_ name: String) throws -> MovieList {
        try database.write { connection in
            let list = try Self.existingList(name, in: connection)
            try connection.cachedStatement("DELETE FROM lists WHERE id = ?").execute(arguments: [list.id])
            return list
        }
    }

    /// Moves a film of the list `name` to `position` (1 is the first; past the end is the last); the
    /// films between shift by one. Returns the position it has now.
    @discardableResult
    public func moveInList(_ name: String, movieID: Int64, to position: Int) throws -> Int {
        try database.write { connection in
            let list = try Self.existingList(name, in: connection)
            guard let movie = try Self.movie(id: movieID, in: connection) else {
                throw MovieError.notFound(id: movieID)
            }
            var order = try Self.entries(ofList: list.id, in: connection).map(\.movie.id)
            guard let from = order.firstIndex(of: movieID) else {
                throw MovieListError.notOnList(movie, list: list.name)
            }
            order.remove(at: from)
            let to = min(max(position, 1), order.count + 1) - 1
            order.insert(movieID, at: to)
            guard to != from else { return to + 1 }
            try Self.writeOrder(list.id, order, in: connection)
            try Self.touch(list.id, in: connection)
            return to + 1
        }
    }

    /// Writes an imported list: found by its Letterboxd address, else its name; its description, tags,
    /// address and day (`createdOn`, kept as `created_at`; a stored time on that day stays) taken from
    /// the file, its films in the file's order, then any the list had that the file does not (a film
    /// added here since stays). Nothing is written when nothing changes.
    package static func importList(
        _ draft: MovieList.Draft, entries: [(movieID: Int64, note: String?)], in connection: Connection
    ) throws -> ListOutcome {
        var existing = try draft.letterboxdURI.flatMap { uri in
            try connection.cachedStatement("SELECT \(listColumns) FROM lists WHERE letterboxd_uri = ?")
                .fetchOne([uri], decodeList)
        }
        if existing == nil { existing = try list(named: draft.name, in: connection) }
        guard let list = existing else {
            let id = try insertList(draft, in: connection)
            var seen: Set<Int64> = []
            let unique = entries.filter { seen.insert($0.movieID).inserted }
            try writeEntries(id, unique, in: connection)
            return .added
        }
        let stored = try self.entries(ofList: list.id, in: connection)
        var seen: Set<Int64> = []
        var wanted = entries.filter { seen.insert($0.movieID).inserted }
        for entry in stored where !seen.contains(entry.movie.id) {
            wanted.append((entry.movie.id, entry.note))
        }
        let sameEntries =
            wanted.count == stored.count
            && zip(wanted, stored).allSatisfy { $0.movieID == $1.movie.id && $0.note == $1.note }
        // The file's day replaces the stored one only when it is another day.
        let created = draft.createdOn.flatMap { day in
            Timestamp.string(from: list.createdAt).hasPrefix(day.description) ? nil : startTimestamp(of: day)
        }
        let sameList =
            list.description == draft.description && list.tags == draft.tags
            && list.letterboxdURI == draft.letterboxdURI && list.name == draft.name && created == nil
        if sameEntries && sameList { return .unchanged }
        if !sameList {
            try connection.cachedStatement(
                """
                UPDATE lists SET name = ?, description = ?, tags = ?, letterboxd_uri = ?,
                    created_at = coalesce(?, created_at), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                WHERE id = ?
                """
            ).execute(arguments: [
                draft.name, draft.description, draft.tags.stored, draft.letterboxdURI, created, list.id,
            ])
        }
        if !sameEntries {
            try connection.cachedStatement("DELETE FROM list_entries WHERE list_id = ?").execute(arguments: [
                list.id
            ])
            try writeEntries(list.id, wanted, in: connection)
            try touch(list.id, in: connection)
        }
        return .updated
    }

    // MARK: - In a transaction

    private static let listColumns =
        "id, name, description, tags, letterboxd_uri, created_at, updated_at, "
        + "(SELECT count(*) FROM list_entries WHERE list_id = lists.id)"

    private static func decodeList(_ row: Statement) -> MovieList {
        MovieList(
            id: row.int64(at: 0), name: row.string(at: 1), description: row.optionalString(at: 2),
            tags: ViewingTags(stored: row.optionalString(at: 3)), letterboxdURI: row.optionalString(at: 4),
            createdAt: Timestamp.date(from: row.string(at: 5)) ?? Date(timeIntervalSince1970: 0),
            updatedAt: Timestamp.date(from: row.string(at: 6)) ?? Date(timeIntervalSince1970: 0),
            count: row.int(at: 7))
    }

    static func lists(in connection: Connection) throws -> [MovieList] {
        try connection.cachedStatement("SELECT \(listColumns) FROM lists ORDER BY name COLLATE NOCASE, id")
            .fetchAll([], decodeList)
    }

    static func list(named name: String, in connection: Connection) throws -> MovieList? {
        try connection.cachedStatement("SELECT \(listColumns) FROM lists WHERE name = ? COLLATE NOCASE")
            .fetchOne([name.trimmingWhitespace()], decodeList)
    }

    private static func existingList(_ name: String, in connection: Connection) throws -> MovieList {
        guard let list = try list(named: name, in: connection) else {
            throw MovieListError.noList(name, known: try lists(in: connection).map(\.name))
        }
        return list
    }

    static func entries(ofList id: Int64, in connection: Connection) throws -> [MovieListEntry] {
        var entries: [MovieListEntry] = []
        let statement = try connection.cachedStatement(
            """
            SELECT \(MovieRow.columns.qualified), list_entries.position, list_entries.note FROM list_entries
            JOIN movies ON movies.id = list_entries.movie_id
            WHERE list_entries.list_id = ? ORDER BY list_entries.position, movies.id
            """)
        try statement.bind([id])
        defer { statement.reset() }
        let count = MovieRow.columns.count
        while try statement.step() {
            entries.append(
                MovieListEntry(
                    position: statement.int(at: count), movie: MovieRow.decode(statement),
                    note: statement.optionalString(at: count + 1)))
        }
        return entries
    }

    private static func checkedName(_ name: String) throws(MovieListError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= 500,
            !trimmed.unicodeScalars.contains(where: \.isControlCharacter)
        else { throw .invalidName(name) }
        return trimmed
    }

    private static func insertList(_ draft: MovieList.Draft, in connection: Connection) throws -> Int64 {
        try connection.cachedStatement(
            """
            INSERT INTO lists (name, description, tags, letterboxd_uri, created_at)
            VALUES (?, ?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
            """
        ).execute(arguments: [
            draft.name, draft.description, draft.tags.stored, draft.letterboxdURI,
            draft.createdOn.map(startTimestamp),
        ])
        return connection.lastInsertedRowID
    }

    /// 00:00 UTC on `day`, as `created_at` stores a time (`2024-01-02T00:00:00.000Z`): the day a list
    /// export gives is written back as it was (`LetterboxdListWriter` writes the day of `created_at`).
    private static func startTimestamp(of day: CalendarDate) -> String {
        day.description + "T00:00:00.000Z"
    }

    private static func isOnList(_ listID: Int64, movieID: Int64, in connection: Connection) throws -> Bool {
        try connection.scalarInt(
            "SELECT count(*) FROM list_entries WHERE list_id = ? AND movie_id = ?", [listID, movieID]) ?? 0
            > 0
    }

    private static func count(ofList id: Int64, in connection: Connection) throws -> Int {
        try connection.scalarInt("SELECT count(*) FROM list_entries WHERE list_id = ?", [id]) ?? 0
    }

    private static func writeEntries(
        _ listID: Int64, _ entries: [(movieID: Int64, note: String?)], in connection: Connection
    ) throws {
        for (index, entry) in entries.enumerated() {
            try connection.cachedStatement(
                "INSERT INTO list_entries (list_id, movie_id, position, note) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [listID, entry.movieID, index + 1, entry.note])
        }
    }

    private static func writeOrder(_ listID: Int64, _ order: [Int64], in connection: Connection) throws {
        for (index, movieID) in order.enumerated() {
            try connection.cachedStatement(
                "UPDATE list_entries SET position = ? WHERE list_id = ? AND movie_id = ? AND position IS NOT ?"
            ).execute(arguments: [index + 1, listID, movieID, index + 1])
        }
    }

    private static func renumber(_ listID: Int64, in connection: Connection) throws {
        try writeOrder(listID, try entries(ofList: listID, in: connection).map(\.movie.id), in: connection)
    }

    private static func touch(_ listID: Int64, in connection: Connection) throws {
        try connection.cachedStatement(
            "UPDATE lists SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?"
        ).execute(arguments: [listID])
    }
}
