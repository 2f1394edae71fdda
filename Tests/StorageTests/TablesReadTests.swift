import Foundation
import Storage
import TestSupport
import Testing

@Suite("The tables a piece of work reads (what an observation watches)")
struct TablesReadTests {
    let folder = TemporaryDirectory()
    let database: Database

    init() throws {
        database = try Database(path: folder.file("r.sqlite"))
        try database.write { connection in
            try connection.executeScript(
                """
                CREATE TABLE items (name TEXT) STRICT;
                CREATE TABLE tags (item TEXT, tag TEXT) STRICT;
                CREATE TABLE other (x INTEGER) STRICT;
                CREATE VIEW tagged AS SELECT items.name, tags.tag FROM items JOIN tags ON tags.item = items.name;
                CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT) STRICT;
                CREATE VIRTUAL TABLE docs_fts USING fts5(body, content='docs', content_rowid='id');
                """)
        }
    }

    /// The tables `sql` reads when run once on the reader connection.
    private func tablesRead(by sql: String) throws -> Set<String> {
        try database.read { connection in
            try connection.recordingTablesRead {
                _ = try connection.cachedStatement(sql).fetchAll { _ in () }
            }.tables
        }
    }

    @Test("names are told apart as SQLite tells them apart: by ASCII letters only")
    func namesFoldASCIIOnly() throws {
        try database.write { connection in
            try connection.executeScript(#"CREATE TABLE "ÄRGER" (x); CREATE TABLE "ärger" (x);"#)
        }
        #expect(
            try tablesRead(by: #"SELECT 1 FROM "ÄRGER", "ärger""#) == ["Ärger", "ärger"])
        #expect(try tablesRead(by: #"SELECT 1 FROM "Ärger""#) == ["Ärger"])
    }

    @Test("a join reads both tables, and only them")
    func join() throws {
        #expect(
            try tablesRead(by: "SELECT items.name FROM items JOIN tags ON tags.item = items.name") == [
                "items", "tags",
            ])
    }

    @Test("count(*), which reads no column, still reads its table; names are lowercased")
    func countAndCase() throws {
        #expect(try tablesRead(by: "SELECT count(*) FROM ITEMS") == ["items"])
    }

    @Test("a view reads the tables under it")
    func view() throws {
        #expect(try tablesRead(by: "SELECT * FROM tagged").isSuperset(of: ["items", "tags"]))
    }

    @Test(
        "an FTS5 table brings its shadow tables, which are what its writes touch; sqlite_* tables never count"
    )
    func fullTextAndSQLiteTables() throws {
        let tables = try tablesRead(by: "SELECT rowid FROM docs_fts WHERE docs_fts MATCH 'x'")
        #expect(tables.isSuperset(of: ["docs_fts", "docs_fts_data", "docs_fts_idx", "docs_fts_docsize"]))
        #expect(try tablesRead(by: "SELECT name FROM sqlite_schema").isEmpty)
    }

    @Test("a statement counts when it runs, even from the cache, and once compiled it counts without a row")
    func cachedAndEmpty() throws {
        // Compiled (and cached) outside any recording, then run inside one with LIMIT 0: no row, same tables.
        _ = try tablesRead(by: "SELECT name FROM items")
        #expect(try tablesRead(by: "SELECT name FROM items") == ["items"])
        #expect(try tablesRead(by: "SELECT x FROM other LIMIT 0") == ["other"])
        // A statement compiled but not run inside the recording does not count.
        let tables = try database.read { connection in
            try connection.recordingTablesRead {
                _ = try connection.cachedStatement("SELECT tag FROM tags")
                return try connection.scalarInt("SELECT count(*) FROM items")
            }.tables
        }
        #expect(tables == ["items"])
    }

    @Test("recordings nest: the outer one sees what the inner one read")
    func nesting() throws {
        let (inner, outer) = try database.read { connection in
            let recorded = try connection.recordingTablesRead {
                _ = try connection.scalarInt("SELECT count(*) FROM other")
                return try connection.recordingTablesRead {
                    try connection.scalarInt("SELECT count(*) FROM items")
                }
                .tables
            }
            return (recorded.value, recorded.tables)
        }
        #expect(inner == ["items"])
        #expect(outer == ["items", "other"])
    }
}
