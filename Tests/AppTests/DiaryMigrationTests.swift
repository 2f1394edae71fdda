import App
import AppTestSupport
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

/// Migration 0009: a file made by the previous version converts without losing a field; its seen films
/// become viewings, as honestly as the file allows; rows written by hand afterwards keep working.
@Suite("Migration 0009: a list becomes a diary")
struct DiaryMigrationTests {
    /// The columns version 8 had, in a fixed order, each quoted so NULL and '' differ.
    static let versionEightColumns = [
        "id", "title", "year", "rating", "stars", "rated_on", "watched_on", "watch_count", "note", "imdb_id",
        "letterboxd_uri", "created_at", "updated_at", "title_key", "title_sort",
    ]

    static func films(in path: String) throws -> String {
        let quoted = versionEightColumns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
        return try DirectSQL.run(path, "SELECT \(quoted) FROM movies ORDER BY id")
    }

    /// A version-8 file holding every kind of film the previous version could write.
    static func versionEightFile(in folder: TemporaryDirectory) throws -> String {
        let path = folder.file("movies.sqlite")
        let earlier = Migrator(AppDatabase.migrator.migrations.filter { $0.version <= 8 })
        _ = try earlier.migrate(try Database(path: path))
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, year, rating, stars, rated_on, watched_on, watch_count, note, imdb_id,
                                letterboxd_uri, created_at, updated_at)
            VALUES
                -- Seen three times, rated on the last day: one dated viewing with the rating, two undated.
                ('Heat', 1995, 'good', 4.0, '2024-03-09', '2024-03-09', 3, 'with Sam', 'tt0113277',
                 'https://letterboxd.com/film/heat-1995/', '2024-01-01T10:00:00.000Z', '2024-03-09T21:00:00.000Z'),
                -- On the watchlist: no viewing.
                ('Alien', 1979, 'not-seen', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                 '2024-01-02T10:00:00.000Z', '2024-01-02T10:00:00.000Z'),
                -- Seen, no day, no count: seen once at least, one undated viewing.
                ('Brazil', 1985, 'seen', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                 '2024-01-03T10:00:00.000Z', '2024-01-03T10:00:00.000Z'),
                -- Rated on another day than it was watched: the rating is the film's, not the viewing's.
                ('Dune', 2021, 'excellent', NULL, '2020-01-01', '2021-05-05', 1, NULL, NULL, NULL,
                 '2024-01-04T10:00:00.000Z', '2024-01-04T10:00:00.000Z'),
                -- Removed: its number must not come back.
                ('Gone', NULL, 'not-seen', NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                 '2024-01-05T10:00:00.000Z', '2024-01-05T10:00:00.000Z');
            DELETE FROM movies WHERE title = 'Gone';
            """)
        return path
    }

    @Test("every field of every film is as it was, and the seen films have the viewings they stood for")
    func convertsWithoutLosingAField() throws {
        let folder = TemporaryDirectory()
        let path = try Self.versionEightFile(in: folder)
        let before = try Self.films(in: path)

        let app = try AppDatabase(path: path)
        // One value changes, as documented: a film seen without a count was seen once, and counts so.
        let expected = before.replacingOccurrences(
            of: "'seen'|NULL|NULL|NULL|NULL|NULL|NULL|NULL", with: "'seen'|NULL|NULL|NULL|1|NULL|NULL|NULL")
        #expect(expected != before)
        #expect(try Self.films(in: path) == expected)
        let viewings = try DirectSQL.run(
            path,
            """
            SELECT movies.title, quote(viewings.watched_on), quote(viewings.rating), quote(viewings.stars), rewatch
            FROM viewings JOIN movies ON movies.id = movie_id ORDER BY viewings.id
            """)
        #expect(
            viewings.split(separator: "\n") == [
                "Heat|'2024-03-09'|'good'|4.0|0",
                "Brazil|NULL|NULL|NULL|0",
                "Dune|'2021-05-05'|NULL|NULL|0",
                "Heat|NULL|NULL|NULL|1",
                "Heat|NULL|NULL|NULL|1",
            ])
        #expect(try DirectSQL.integrityCheck(path) == "ok")
        #expect(try DirectSQL.run(path, "PRAGMA foreign_key_check").isEmpty)

        // The sequence is kept: the removed film's number is not handed out again.
        let added = try app.movies.add(MovieDraft(title: "Solaris"))
        #expect(added.id == 6)
        // The full-text index still finds what it held.
        #expect(try app.movies.search("sam").map(\.title) == ["Heat"])
    }

    @Test(
        "stars that contradicted their word, which every version read as no stars, are dropped; the rest stays"
    )
    func contradictingStarsAreDropped() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        let earlier = Migrator(AppDatabase.migrator.migrations.filter { $0.version <= 8 })
        _ = try earlier.migrate(try Database(path: path))
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, rating, stars, watched_on) VALUES ('Heat', 'good', 4.5, '2024-03-09');
            UPDATE movies SET stars = 1.0 WHERE title = 'Heat';
            """)
        #expect(try DirectSQL.run(path, "SELECT rating, stars FROM movies") == "good|1.0")
        _ = try AppDatabase(path: path)
        #expect(
            try DirectSQL.run(path, "SELECT rating, quote(stars), watched_on FROM movies")
                == "good|NULL|2024-03-09")
    }

    @Test("an id two films shared stays on the first and goes into the other's note; a run of spaces is one")
    func sharedIDsAndSpaces() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("movies.sqlite")
        let earlier = Migrator(AppDatabase.migrator.migrations.filter { $0.version <= 8 })
        _ = try earlier.migrate(try Database(path: path))
        try DirectSQL.run(
            path,
            """
            INSERT INTO movies (title, year, imdb_id, letterboxd_uri, note) VALUES
                ('Heat', 1995, 'tt0113277', 'https://boxd.it/2b5I', NULL),
                ('Heat (director''s cut)', 1995, 'tt0113277', 'https://boxd.it/2b5I', 'the long one'),
                ('Blade  Runner', 1982, NULL, NULL, NULL);
            """)
        let app = try AppDatabase(path: path)
        let rows = try DirectSQL.run(
            path,
            "SELECT id, quote(imdb_id), quote(letterboxd_uri), replace(quote(note), char(10), '/') FROM movies ORDER BY id"
        )
        #expect(
            rows.split(separator: "\n") == [
                "1|'tt0113277'|'https://boxd.it/2b5I'|NULL",
                "2|NULL|NULL|'the long one/IMDb id tt0113277 (also on movie 1)/Letterboxd https://boxd.it/2b5I (also on movie 1)'",
                "3|NULL|NULL|NULL",
            ])
        #expect(
            try DirectSQL.run(path, "SELECT title, title_key FROM movies WHERE id = 3")
                == "Blade Runner|blade runner")
        #expect(try app.movies.film(titled: "blade runner", year: 1982).id == 3)
        #expect(throws: MovieError.self) { try app.movies.add(MovieDraft(title: "Blade Runner", year: 1982)) }
    }

    @Test("a row written by hand whose stars contradict its word is refused, in a film and in a viewing")
    func contradictingStarsAreRefused() throws {
        let database = try TestDatabase()
        #expect(throws: DirectSQLError.self) {
            try DirectSQL.run(
                database.path, "INSERT INTO movies (title, rating, stars) VALUES ('Heat', 'good', 1.0)")
        }
        try DirectSQL.run(database.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'seen')")
        #expect(throws: DirectSQLError.self) {
            try DirectSQL.run(
                database.path, "INSERT INTO viewings (movie_id, rating, stars) VALUES (1, 'excellent', 2.0)")
        }
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM movies") == "1")
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM viewings") == "1")
    }

    @Test("a seen film inserted by hand gets its viewings, and the program reads it as a diary")
    func handInsertedFilmHasViewings() throws {
        let database = try TestDatabase()
        try DirectSQL.run(
            database.path,
            """
            INSERT INTO movies (title, year, rating, stars, rated_on, watched_on, watch_count)
            VALUES ('Heat', 1995, 'good', 4.0, '2024-03-09', '2024-03-09', 2);
            INSERT INTO movies (title, rating) VALUES ('Alien', 'not-seen');
            """)
        let heat = try database.store.film(titled: "Heat", year: 1995)
        let viewings = try database.store.viewings(ofMovie: heat.id)
        #expect(viewings.map(\.watchedOn?.description) == ["2024-03-09", nil])
        #expect(viewings.first?.rating == .good)
        #expect(viewings.map(\.isRewatch) == [false, true])
        #expect(
            try DirectSQL.run(database.path, "SELECT watch_count, watched_on FROM movies WHERE id = 1")
                == "2|2024-03-09")
        // A viewing inserted by hand keeps the film's day and count true.
        try DirectSQL.run(
            database.path, "INSERT INTO viewings (movie_id, watched_on, rewatch) VALUES (1, '2025-01-02', 1)")
        #expect(
            try DirectSQL.run(database.path, "SELECT watch_count, watched_on FROM movies WHERE id = 1")
                == "3|2025-01-02")
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM viewings WHERE movie_id = 2") == "0")

        // Back on the watchlist by hand: the viewings go with it, unless one holds a review.
        let unwatch =
            "UPDATE movies SET rating = 'not-seen', stars = NULL, watched_on = NULL, watch_count = NULL WHERE id = 1"
        try DirectSQL.run(database.path, "UPDATE viewings SET review = 'kept' WHERE id = 3")
        #expect(throws: DirectSQLError.self) { try DirectSQL.run(database.path, unwatch) }
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM viewings WHERE movie_id = 1") == "3")
        try DirectSQL.run(database.path, "UPDATE viewings SET review = NULL WHERE id = 3")
        try DirectSQL.run(database.path, unwatch)
        #expect(try DirectSQL.run(database.path, "SELECT count(*) FROM viewings WHERE movie_id = 1") == "0")
        #expect(try database.store.diary().isEmpty)
    }
}
