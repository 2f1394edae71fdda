import Storage

/// The ids (Letterboxd film addresses, IMDb ids) new films of an import took, each with the line of the
/// film that took it: a second new film with the same id is left out, naming the first.
///
/// Kept in a TEMP table, not in memory: held in a dictionary, two ids a film, they were the only part of
/// an import that followed the file's size, about 210 bytes a film (movies-bench, 2026-12-03: 268 MiB at
/// 1,000,000 rows against 113 MiB at 100,000; 95.0 MiB against 93.7 MiB with the table). SQLite keeps
/// the table in its temporary file beyond its small page cache
/// (https://www.sqlite.org/tempfiles.html#temp_databases).
///
/// Almost every id is claimed once, so the table is written in batches (`ColumnList.insert`) and only
/// read when a fixed-size filter in memory (`MembershipFilter`) cannot rule the id out: one statement
/// each time an id was claimed was 1.0 of a 13.0 s import of 200,000 films (2026-12-04).
final class ImportClaims {
    private enum Column: Int32, TableColumn {
        case id, line
        var name: String {
            switch self {
            case .id: "id"
            case .line: "line"
            }
        }
    }

    private static let columns = ColumnList<Column>(table: "temp.import_claims")
    private let connection: Connection
    private var filter = MembershipFilter()
    /// Claims not written to the table yet, in the order they were made.
    private var pending: [(id: String, line: Int)] = []

    /// Creates `temp.import_claims`, empty. It lives as long as the import's transaction.
    init(connection: Connection) throws {
        self.connection = connection
        try connection.executeScript(
            """
            DROP TABLE IF EXISTS temp.import_claims;
            CREATE TEMP TABLE import_claims (id TEXT PRIMARY KEY, line INTEGER NOT NULL) WITHOUT ROWID
            """)
        pending.reserveCapacity(ParameterList.maximumRows)
    }

    /// Claims `id` for the new film on `line`, and returns the line of the film holding it: `line` when
    /// the id was free, else the first claimant's.
    func claim(_ id: String, line: Int) throws -> Int {
        if filter.mayContain(id) {
            try flush()
            if let holder = try connection.scalarInt(
                "SELECT line FROM temp.import_claims WHERE id = ?", [id])
            {
                return holder
            }
        }
        filter.insert(id)
        pending.append((id, line))
        if pending.count == ParameterList.maximumRows { try flush() }
        return line
    }

    /// Gives back an id the film on a line claimed, when another of its ids was taken and it is left out.
    /// The claim is in the table by then: finding the other id taken flushed every pending claim. (The
    /// filter keeps its bits: a later claim of the id looks in the table, and finds it free.)
    func release(_ id: String) throws {
        try connection.execute("DELETE FROM temp.import_claims WHERE id = ?", arguments: [id])
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try Self.columns.insert(pending, in: connection) { claim, row in
            try row.bind(claim.id, to: .id)
            try row.bind(claim.line, to: .line)
        }
        pending.removeAll(keepingCapacity: true)
    }

    func drop() {
        try? connection.executeScript("DROP TABLE IF EXISTS temp.import_claims")
    }
}
