import Storage

/// Writes the title keys SQL could not: for rows whose title has characters outside printable ASCII,
/// written by hand with `sqlite3` or carried over by migration 0005 (see there), when `movies` next
/// opens the file. The title is stored in NFC on the way.
///
/// Finding such rows costs a seek in the unique index (`title_key IS NULL`), so an open with nothing to
/// do pays one small query. A row whose key duplicates a listed movie's stays, with `\t#<id>` after its
/// key, so the unique index holds and the list shows both.
package enum PendingTitleKeys {
    /// Rows keyed per statement batch, so a large migrated file is not read into memory at once.
    static let chunk = 1000
    /// What a row to key is read from: the first columns of a movie.
    private static let columns = ColumnList<MovieRow.Column>(table: "movies", through: .year)

    /// Keys every row that has none; false when there was nothing to do.
    @discardableResult
    package static func fill(_ database: Database) throws -> Bool {
        let pending = try database.read { connection in
            try connection.scalarInt("SELECT 1 FROM movies WHERE title_key IS NULL LIMIT 1")
        }
        guard pending != nil else { return false }
        try database.write { connection in
            while true {
                let rows = try connection.cachedStatement(
                    "SELECT \(columns.sql) FROM movies WHERE title_key IS NULL ORDER BY id LIMIT ?"
                ).fetchAll([chunk]) { row in
                    (
                        id: row.int64(MovieRow.Column.id), title: row.string(MovieRow.Column.title),
                        year: row.optionalInt(MovieRow.Column.year)
                    )
                }
                if rows.isEmpty { break }
                for row in rows {
                    try key(id: row.id, title: row.title, year: row.year, in: connection)
                }
            }
        }
        return true
    }

    /// Writes the keys (and the NFC title) of one row.
    private static func key(id: Int64, title: String, year: Int?, in connection: Connection) throws {
        var key = TitleKeys.identity(title)
        let sortKey = TitleKeys.sort(identity: key)
        if try MovieStore.sameMovie(key: key, year: year, excluding: id, in: connection) != nil {
            key += "\t#\(id)"
        }
        if key.isEmpty { key = "\t#\(id)" }
        let stored = TitleKeys.stored(title)
        // Compared as bytes: Swift's `==` holds NFC and NFD equal. A title of white space only (possible by
        // hand: the CHECK trims spaces only) keeps its text.
        if !stored.isEmpty && !stored.utf8.elementsEqual(title.utf8) {
            try connection.cachedStatement(
                "UPDATE movies SET title = ?, title_key = ?, title_sort = ? WHERE id = ?"
            ).execute(arguments: [stored, key, sortKey, id])
        } else {
            try connection.cachedStatement("UPDATE movies SET title_key = ?, title_sort = ? WHERE id = ?")
                .execute(arguments: [key, sortKey, id])
        }
    }
}
