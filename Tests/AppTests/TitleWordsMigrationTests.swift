import App
import AppTestSupport
import MoviesCore
import Storage
import TestSupport
import Testing

/// Migration 0013: titles indexed also without their inner punctuation, and directors indexed by word,
/// for the rows a file already holds and for those written after, by the program or by hand; the
/// movies table itself keeps its columns.
@Suite("Migration 0013: title words and the directors' index")
struct TitleWordsMigrationTests {
    @Test("a version-11 file finds its rows by their words without punctuation and by a director's word")
    func rebuiltFromVersionEleven() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        // Up to 11 only: what 0012 (another change's) does is no concern of this migration.
        let earlier = Migrator(AppDatabase.migrator.migrations.filter { $0.version <= 11 })
        _ = try earlier.migrate(try Database(path: path))
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, directors) VALUES ('WALL-E', 'Andrew Stanton');
            INSERT INTO movies (title, directors) VALUES ('E.T. the Extra-Terrestrial', 'Steven Spielberg');
            INSERT INTO movies (title, directors) VALUES ('Heat', 'Michael Mann');
            INSERT INTO movies (title, directors) VALUES ('Amélie', 'Jean-Pierre Jeunet');
            """)
        let before = try DirectSQL.run(path, "SELECT rowid FROM movies_fts WHERE movies_fts MATCH 'walle'")
        #expect(before.isEmpty, "0003's index splits WALL-E into two words")

        let columns = try DirectSQL.run(path, "SELECT count(*) FROM pragma_table_xinfo('movies')")
        let app = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM pragma_table_xinfo('movies')") == columns)
        #expect(try app.movies.search("walle").map(\.title) == ["WALL-E"])
        #expect(try app.movies.search("et").map(\.title) == ["E.T. the Extra-Terrestrial"])
        #expect(try app.movies.search("amelie").map(\.title) == ["Amélie"])
        #expect(try app.movies.list(MovieQuery(director: "mann")).map(\.title) == ["Heat"])
        #expect(try app.movies.list(MovieQuery(director: "JEANPIERRE")).isEmpty)
        #expect(try app.movies.list(MovieQuery(director: "pierre")).map(\.title) == ["Amélie"])

        // Written by hand after: indexed by the triggers.
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, directors) VALUES ('Schindler''s List', 'Steven Spielberg');
            UPDATE movies SET directors = 'Michael Mann, Nobody' WHERE title = 'Heat';
            UPDATE movies SET title = 'WALL·E' WHERE title = 'WALL-E';
            DELETE FROM movies WHERE title = 'Amélie';
            """)
        #expect(try app.movies.search("schindlers").map(\.title) == ["Schindler's List"])
        #expect(try app.movies.search("walle").map(\.title) == ["WALL·E"])
        #expect(try app.movies.list(MovieQuery(director: "nobody")).map(\.title) == ["Heat"])
        #expect(try app.movies.list(MovieQuery(director: "spielberg")).count == 2)
        #expect(try app.movies.list(MovieQuery(director: "jeunet")).isEmpty)
        #expect(try app.movies.list(MovieQuery(text: "walle")).map(\.title) == ["WALL·E"])
        // FTS5's own check that each index holds exactly its content's text (the view's, for the title
        // words: every row the triggers deleted was indexed with the words they gave).
        try DirectSQL.run(
            path, "INSERT INTO movies_title_words (movies_title_words, rank) VALUES ('integrity-check', 1)")
        try DirectSQL.run(
            path,
            "INSERT INTO movies_directors_fts (movies_directors_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try SearchTablesMigrationTests.detectedSearchTable(for: "movies", in: path) == "movies_fts")
    }
}
