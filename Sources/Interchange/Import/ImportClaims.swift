import Storage

/// The ids (Letterboxd film addresses, IMDb ids) new films of an import took, each with the line of the
/// film that took it: a second new film with the same id is left out, naming the first.
///
/// Kept in a TEMP table, not in memory: held in a dictionary, two ids a film, they were the only part of
/// an import that followed the file's size, about 210 bytes a film (movies-bench, 2026-12-03: 268 MiB at
/// 1,000,000 rows against 113 MiB at 100,000; 95.0 MiB against 93.7 MiB with the table). SQLite keeps the table in its temporary file beyond its
/// small page cache (https://www.sqlite.org/tempfiles.html#temp_databases).
final class ImportClaims {
    private let connection: Connection

    /// Creates `temp.import_claims`, empty. It lives as long as the import's transaction.
    init(connection: Connection) throws {
        self.connection = connection
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.import_claims;
            CREATE TEMP TABLE import_claims (id TEXT PRIMARY KEY, line INTEGER NOT NULL) WITHOUT ROWID
            """)
    }

    /// Claims `id` for the new film on `line`, and returns the line of the film holding it: `line` when
    /// the id was free, else the first claimant's. One statement: an upsert that changes nothing when
    /// the id is taken and returns the row either way (https://www.sqlite.org/lang_upsert.html,
    /// https://www.sqlite.org/lang_returning.html).
    func claim(_ id: String, line: Int) throws -> Int {
        try connection.scalarInt(
            """
            INSERT INTO temp.import_claims (id, line) VALUES (?, ?)
            ON CONFLICT (id) DO UPDATE SET line = line RETURNING line
            """, [id, line]) ?? line
    }

    /// Gives back an id the film on a line claimed, when another of its ids was taken and it is left out.
    func release(_ id: String) throws {
        try connection.execute("DELETE FROM temp.import_claims WHERE id = ?", arguments: [id])
    }

    func drop() {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.import_claims")
    }
}
