import App
import AppTestSupport
import MoviesCore
import Storage
import TestSupport
import Testing

/// Migration 0008: the full-text tables declared the way datasette and sqlite-utils look for them, the
/// index rebuilt from what a file already holds, the triggers still keeping it in step.
@Suite("Migration 0008: search tables other tools find")
struct SearchTablesMigrationTests {
    /// The query datasette (`detect_fts`) and sqlite-utils (`Table.detect_fts`) run to find a table's
    /// full-text index, with their LIKE patterns.
    static func detectedSearchTable(for table: String, in path: String) throws -> String {
        try DirectSQL.run(
            path,
            """
            SELECT name FROM sqlite_master WHERE rootpage = 0
            AND (sql LIKE '%VIRTUAL TABLE%USING FTS%content="\(table)"%'
                 OR sql LIKE '%VIRTUAL TABLE%USING FTS%content=[\(table)]%')
            """)
    }

    @Test("a fresh file's search tables are found by the tools' own query, and their triggers are there")
    func detected() throws {
        let database = try TestDatabase()
        #expect(try Self.detectedSearchTable(for: "movies", in: database.path) == "movies_fts")
        #expect(try Self.detectedSearchTable(for: "news_items", in: database.path) == "news_items_fts")
        #expect(try Self.detectedSearchTable(for: "viewings", in: database.path) == "viewings_fts")
        let triggers = try DirectSQL.run(
            database.path,
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%' ORDER BY name")
        #expect(
            triggers.split(separator: "\n") == [
                "movies_directors_fts_after_delete", "movies_directors_fts_after_insert",
                "movies_directors_fts_after_update",
                "movies_fts_after_delete", "movies_fts_after_insert", "movies_fts_after_update",
                "news_items_fts_after_delete", "news_items_fts_after_insert", "news_items_fts_after_update",
                "viewings_fts_after_delete", "viewings_fts_after_insert", "viewings_fts_after_update",
            ])
    }

    @Test("a version-6 file keeps finding what it held, and finds what is written after")
    func rebuiltFromVersionSix() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        let earlier = Migrator(AppDatabase.migrator.migrations.filter { $0.version <= 6 })
        _ = try earlier.migrate(try Database(path: path))
        #expect(try Self.detectedSearchTable(for: "movies", in: path).isEmpty, "0003's spelling is not found")
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, note) VALUES ('Heat', 'with Sam');
            INSERT INTO news_items (guid, title, summary, published_at)
                VALUES ('n1', 'Festival news', 'Cannes lineup', '2026-11-30T10:00:00.000Z');
            """)

        let app = try AppDatabase(path: path)
        #expect(try Self.detectedSearchTable(for: "movies", in: path) == "movies_fts")
        #expect(try app.movies.search("sam").map(\.title) == ["Heat"])
        #expect(try app.news.search("cannes").map(\.title) == ["Festival news"])
        try DirectSQL.run(path, "INSERT INTO movies (title) VALUES ('Alien')")
        try DirectSQL.run(path, "UPDATE movies SET note = 'at the Rex' WHERE title = 'Heat'")
        #expect(try app.movies.search("alien").map(\.title) == ["Alien"])
        #expect(try app.movies.search("rex").map(\.title) == ["Heat"] && app.movies.search("sam").isEmpty)
        // FTS5's own check that the index holds exactly the table's text.
        try DirectSQL.run(path, "INSERT INTO movies_fts (movies_fts, rank) VALUES ('integrity-check', 1)")
        try DirectSQL.run(
            path, "INSERT INTO news_items_fts (news_items_fts, rank) VALUES ('integrity-check', 1)")
    }
}
