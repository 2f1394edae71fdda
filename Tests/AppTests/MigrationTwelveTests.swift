import App
import Foundation
import Storage
import TestSupport
import Testing

/// Migration 0012 on a file written before it: ids and addresses that break the one rule per kind of id
/// are taken off into the film's note (capitals in an address's host only lowered), viewings dated
/// outside 1870–2100 become undated, ids and sequences stay, and hand writes meet the new CHECKs.
@Suite("Migration 0012: one rule per id, viewing days bounded")
struct MigrationTwelveTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("movies.sqlite") }

    /// A database at schema version 11 (see `OlderSchemaFile`), holding `data`.
    private func databaseBeforeTwelve(with data: String) throws {
        try OlderSchemaFile.write(at: path, version: 11, data: data)
    }

    @Test("ids, addresses and days the new CHECKs refuse are converted, and said in the note")
    func conversion() throws {
        let long = "https://boxd.it/" + String(repeating: "x", count: 5000)
        try databaseBeforeTwelve(
            with: """
                INSERT INTO movies (title, rating, imdb_id, letterboxd_uri, note) VALUES
                    ('Big', 'not-seen', 'tt99999999999999999999999999999', 'https://evil.example/film/x/', 'mine'),
                    ('Caps', 'not-seen', 'tt0113277', 'https://BOXD.IT/abc', NULL),
                    ('Twin', 'not-seen', NULL, 'https://boxd.it/abc', NULL),
                    ('Long', 'not-seen', 'tt00000000000000000000000000001', '\(long)', NULL),
                    ('Removed', 'not-seen', NULL, NULL, NULL);
                DELETE FROM movies WHERE title = 'Removed';
                INSERT INTO viewings (movie_id, watched_on, letterboxd_uri) VALUES
                    (2, '0000-01-01', 'https://example.com/x'), (2, '2020-05-01', NULL), (3, '2999-01-01', NULL);
                """)
        _ = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == String(AppDatabase.migrator.latestVersion))
        let films = try DirectSQL.run(
            path,
            "SELECT id, coalesce(imdb_id, '-'), coalesce(letterboxd_uri, '-'), coalesce(watched_on, '-') FROM movies ORDER BY id"
        )
        #expect(films == "1|-|-|-\n2|tt0113277|https://boxd.it/abc|2020-05-01\n3|-|-|-\n4|-|-|-")
        let notes = try DirectSQL.run(path, "SELECT note FROM movies ORDER BY id")
        #expect(
            notes.contains("mine\nLetterboxd address https://evil.example/film/x/ (taken off by migration 12")
        )
        #expect(notes.contains("IMDb id tt99999999999999999999999999999 (taken off"))
        #expect(notes.contains("Diary entry address (viewing 1) https://example.com/x (taken off"))
        #expect(notes.contains("Viewing 1 was dated 0000-01-01 (made undated by migration 12"))
        #expect(
            notes.contains(
                "Letterboxd address https://boxd.it/abc (taken off by migration 12: also the address of movie 2)"
            ))
        #expect(notes.contains("Viewing 3 was dated 2999-01-01"))
        #expect(notes.contains("IMDb id tt00000000000000000000000000001"))
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM viewings WHERE watched_on IS NULL") == "2")
        // Ids and sequences as they were: the removed film's id is still used.
        #expect(try DirectSQL.run(path, "SELECT seq FROM sqlite_sequence WHERE name = 'movies'") == "5")
        #expect(try DirectSQL.run(path, "SELECT seq FROM sqlite_sequence WHERE name = 'viewings'") == "3")
        // The notes are searchable as they are now.
        #expect(try DirectSQL.run(path, "SELECT rowid FROM movies_fts WHERE movies_fts MATCH 'evil' ") == "1")
        try DirectSQL.run(path, "INSERT INTO movies_fts (movies_fts, rank) VALUES ('integrity-check', 1)")
        #expect(try DirectSQL.integrityCheck(path) == "ok")
        #expect(try DirectSQL.run(path, "PRAGMA foreign_key_check") == "")
    }

    @Test("hand writes meet the new CHECKs: ids, addresses and days as the program stores them")
    func checks() throws {
        _ = try AppDatabase(path: path)
        let refused = [
            "INSERT INTO movies (title, imdb_id) VALUES ('A', 'tt99999999999999999999999999999')",
            "INSERT INTO movies (title, imdb_id) VALUES ('A', 'tt123456')",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://evil.example/film/x/')",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://boxd.it/')",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://boxd.it/a b')",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://boxd.it/' || char(133))",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://letterboxd.com/film/amélie/')",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://boxd.it/a' || char(9))",
            "INSERT INTO movies (title, letterboxd_uri) VALUES ('A', 'https://boxd.it/' || printf('%.500c', 'x'))",
            "INSERT INTO movies (title, rating, watched_on) VALUES ('A', 'seen', '0000-01-01')",
        ]
        for sql in refused {
            #expect(throws: (any Error).self, "\(sql)") { try DirectSQL.run(path, sql) }
        }
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (id, title, rating, imdb_id, letterboxd_uri) VALUES
                (1, 'Heat', 'good', 'tt0113277', 'https://letterboxd.com/film/heat-1995/'),
                (2, 'Ran', 'good', 'tt1234567890', 'https://www.letterboxd.com/film/ran/');
            """)
        #expect(throws: (any Error).self) {
            try DirectSQL.run(path, "INSERT INTO viewings (movie_id, watched_on) VALUES (1, '0000-01-01')")
        }
        #expect(throws: (any Error).self) {
            try DirectSQL.run(path, "INSERT INTO viewings (movie_id, watched_on) VALUES (1, '2101-01-01')")
        }
        try DirectSQL.run(
            path,
            "INSERT INTO viewings (movie_id, watched_on, letterboxd_uri) VALUES (1, '1870-01-01', 'https://boxd.it/e1')"
        )
        #expect(
            try DirectSQL.run(path, "SELECT watched_on, watch_count FROM movies WHERE id = 1")
                == "1870-01-01|2")
    }
}
