import App
import AppTestSupport
import Basics
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

/// Migration 0005 rebuilds the movies table: a file made by an older `movies` keeps every field.
@Suite("Migration 0005: a version-4 file keeps every field")
struct MigrationFiveTests {
    /// The folder of the migration files, beside Tests/.
    static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Migrations")

    /// A file at schema version 4, built (as sqlite3 would, `DirectSQL`) from the real migration files and the
    /// `schema_migrations` rows `movies` itself writes, then `rows` (SQL) run on it.
    static func versionFour(at path: String, rows: String) throws {
        var script = "PRAGMA journal_mode = WAL;\nBEGIN;\n"
        let names = ["create_movies", "create_news", "full_text_search", "movie_links_and_stars"]
        for (index, name) in names.enumerated() {
            let version = index + 1
            let identifier = "000\(version)_\(name)"
            let sql = try String(
                contentsOf: migrations.appendingPathComponent(identifier + ".sql"), encoding: .utf8)
            let migration = Migration(version: version, name: name, sql: sql)
            // The file in Migrations/ is what the binary carries.
            #expect(AppDatabase.migrator.migrations[index].checksum == migration.checksum)
            script += sql + "\n"
            script += """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) STRICT;
                INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(version), '\(name)', '\(migration.checksum)');

                """
        }
        script += "PRAGMA user_version = 4;\n" + rows + "\nCOMMIT;\n"
        try DirectSQL.run(path, script)
    }

    /// Every kind of row a version-4 file can hold, one per line after the header.
    static let rows = """
        INSERT INTO movies (id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri)
        VALUES
          (1, 'Heat', 1995, 'excellent', '2024-03-09', 'Pacino, "De Niro"' || char(10) || 'line two',
           '2020-01-02T03:04:05.678Z', '2021-02-03T04:05:06.789Z', 4.5, 'tt0113277', 'https://boxd.it/2aMM'),
          (2, 'Dune: Part Two', 2024, 'not-seen', NULL, NULL,
           '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', NULL, NULL, NULL),
          (3, 'Past Lives', 2023, 'not-seen', '2024-05-06', 'with Sam',
           '2024-05-06T20:00:00.000Z', '2024-05-06T20:00:00.000Z', NULL, NULL, NULL),
          (4, 'Alien', 1979, 'good', NULL, NULL,
           '2019-07-08T09:10:11.121Z', '2019-07-08T09:10:11.121Z', NULL, NULL, NULL),
          (5, 'Ame' || char(769) || 'lie', 2001, 'decent', NULL, NULL,
           '2018-01-01T00:00:00.000Z', '2018-01-02T00:00:00.000Z', 3, NULL, NULL),
          (6, 'AMÉLIE', 2001, 'poor', NULL, NULL,
           '2018-01-03T00:00:00.000Z', '2018-01-03T00:00:00.000Z', NULL, NULL, NULL),
          (7, ' heat', 1995, 'terrible', NULL, NULL,
           '2018-01-04T00:00:00.000Z', '2018-01-04T00:00:00.000Z', 0.5, NULL, NULL),
          (8, 'Heat', NULL, 'not-seen', NULL, NULL,
           '2018-01-05T00:00:00.000Z', '2018-01-05T00:00:00.000Z', NULL, NULL, NULL),
          (9, '千と千尋の神隠し', 2001, 'excellent', '2023-12-24', '宮崎駿',
           '2018-01-06T00:00:00.000Z', '2018-01-06T00:00:00.000Z', 5, NULL, NULL),
          (10, 'Война и мир', 1966, 'good', NULL, NULL,
           '2018-01-07T00:00:00.000Z', '2018-01-07T00:00:00.000Z', NULL, NULL, NULL),
          (11, 'Ζορμπάς', 1964, 'decent', NULL, NULL,
           '2018-01-08T00:00:00.000Z', '2018-01-08T00:00:00.000Z', NULL, NULL, NULL),
          (12, 'الرسالة', 1976, 'good', NULL, NULL,
           '2018-01-09T00:00:00.000Z', '2018-01-09T00:00:00.000Z', NULL, NULL, NULL),
          (13, 'The Abyss', 1989, 'good', NULL, NULL,
           '2018-01-10T00:00:00.000Z', '2018-01-10T00:00:00.000Z', NULL, NULL, NULL),
          (14, 'Removed later', NULL, 'poor', NULL, NULL,
           '2018-01-11T00:00:00.000Z', '2018-01-11T00:00:00.000Z', NULL, NULL, NULL),
          (20, 'Highest, then removed', NULL, 'poor', NULL, NULL,
           '2018-01-12T00:00:00.000Z', '2018-01-12T00:00:00.000Z', NULL, NULL, NULL);
        DELETE FROM movies WHERE id IN (14, 20);
        INSERT INTO news_items (guid, title, summary, published_at, starred)
        VALUES ('one', 'A news item', 'Its summary', '2026-11-30T10:00:00.000Z', 1);
        """

    /// Every column of every movie, as sqlite3 prints them, before the migration (by id).
    static func columns(_ path: String) throws -> [String] {
        try DirectSQL.run(
            path,
            """
            SELECT id || '|' || quote(title) || '|' || quote(year) || '|' || quote(watched_on) || '|' ||
                   quote(replace(note, char(10), '\\n')) || '|' || created_at || '|' || updated_at || '|' || quote(stars) || '|' ||
                   quote(imdb_id) || '|' || quote(letterboxd_uri)
            FROM movies ORDER BY id
            """
        ).split(separator: "\n").map(String.init)
    }

    @Test("every row keeps its id, timestamps, note, stars and links; titles in NFC, keys for all")
    func keepsEveryField() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        try Self.versionFour(at: path, rows: Self.rows)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == "4")
        let before = try Self.columns(path)
        let ratingsBefore = try DirectSQL.run(
            path, "SELECT group_concat(rating, ',') FROM movies ORDER BY id")
        // Later migrations add columns to news_items; the version-4 ones keep their values.
        let newsColumns = try DirectSQL.run(
            path, "SELECT group_concat(name, ', ') FROM pragma_table_info('news_items')")
        let newsBefore = try DirectSQL.run(path, "SELECT \(newsColumns) FROM news_items")

        let app = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == String(AppDatabase.latestSchemaVersion))
        #expect(try DirectSQL.integrityCheck(path) == "ok")

        // Every field as it was, but the decomposed title, now composed (the same text to a reader).
        var after = try Self.columns(path)
        #expect(after[4].contains("'Amélie'"), "\(after[4])")
        after[4] = after[4].replacingOccurrences(of: "'Amélie'", with: "'Ame\u{301}lie'")
        #expect(after == before)
        #expect(
            Array(try #require(try app.movies.movie(id: 5)).title.unicodeScalars)
                == Array("Am\u{E9}lie".unicodeScalars))
        // The ratings, with the not-seen movie that had a watched date now seen.
        #expect(
            ratingsBefore
                == "excellent,not-seen,not-seen,good,decent,poor,terrible,not-seen,excellent,good,decent,good,good"
        )
        let words = try app.movies.list().map(\.ratingWord.rawValue).joined(separator: ",")
        #expect(
            words
                == "excellent,not-seen,seen,good,decent,poor,terrible,not-seen,excellent,good,decent,good,good"
        )
        let pastLives = try #require(try app.movies.movie(id: 3))
        #expect(
            pastLives.isSeen && pastLives.rating == .notSeen
                && pastLives.watchedOn == CalendarDate(parsing: "2024-05-06"))
        #expect(try DirectSQL.run(path, "SELECT \(newsColumns) FROM news_items") == newsBefore)

        // Keys for every row; titles that now fold alike keep their rows, the later one's key marked.
        #expect(
            try DirectSQL.run(
                path, "SELECT count(*) FROM movies WHERE title_key IS NULL OR title_sort IS NULL") == "0")
        #expect(try DirectSQL.run(path, "SELECT title_key FROM movies WHERE id = 6") == "amélie\t#6")
        #expect(try DirectSQL.run(path, "SELECT title_key FROM movies WHERE id = 7") == "heat\t#7")
        #expect(try DirectSQL.run(path, "SELECT title_key FROM movies WHERE id = 10") == "война и мир")
        #expect(try DirectSQL.run(path, "SELECT title_sort FROM movies WHERE id = 13") == "abyss\tthe")

        // The sequence: #20 was used and removed, so the next movie is #21.
        #expect(try app.movies.add(MovieDraft(title: "Next")).id == 21)
        // The search index still matches the table, in every script.
        #expect(try app.movies.search("Pacino").map(\.id) == [1])
        #expect(try app.movies.search("мир").map(\.id) == [10])
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM movies_fts") == "14")
        // A second open finds nothing to do and changes nothing.
        let settled = try DirectSQL.run(path, "SELECT * FROM movies ORDER BY id")
        _ = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "SELECT * FROM movies ORDER BY id") == settled)
    }

    @Test("a row written by hand gets its keys: ASCII at once, other scripts on the next open")
    func handWrittenRows() throws {
        let database = try TestDatabase()
        let path = database.path
        try DirectSQL.run(path, "INSERT INTO movies (title, rating) VALUES ('The Thing', 'good')")
        #expect(
            try DirectSQL.run(path, "SELECT title_key || '|' || title_sort FROM movies")
                == "the thing|thing\tthe")
        // A duplicate by the key is refused by SQLite itself.
        #expect(throws: DirectSQLError.self) {
            try DirectSQL.run(path, "INSERT INTO movies (title) VALUES ('THE THING')")
        }
        try DirectSQL.run(
            path,
            "INSERT INTO movies (title, rating) VALUES ('E' || char(769) || 'clair', 'seen'), ('Ｔｈｅ Ｔｈｉｎｇ', 'good')"
        )
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM movies WHERE title_key IS NULL") == "2")
        let reopened = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM movies WHERE title_key IS NULL") == "0")
        let eclair = try #require(try reopened.movies.list().first { $0.id == 2 })
        #expect(Array(eclair.title.unicodeScalars) == Array("\u{C9}clair".unicodeScalars))
        // The fullwidth title folds to a listed one: both stay, the later one marked.
        #expect(try DirectSQL.run(path, "SELECT title_key FROM movies WHERE id = 3") == "the thing\t#3")
        #expect(try reopened.movies.list(MovieQuery(sort: .title)).map(\.id) == [2, 1, 3])
        // A hand rename is keyed again; a title SQL cannot fold waits for the next open.
        try DirectSQL.run(path, "UPDATE movies SET title = 'Alien' WHERE id = 1")
        #expect(try DirectSQL.run(path, "SELECT title_key FROM movies WHERE id = 1") == "alien")
        try DirectSQL.run(path, "UPDATE movies SET title = 'Ålien' WHERE id = 1")
        #expect(try DirectSQL.run(path, "SELECT quote(title_key) FROM movies WHERE id = 1") == "NULL")
        _ = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "SELECT title_sort FROM movies WHERE id = 1") == "alien")
    }
}
