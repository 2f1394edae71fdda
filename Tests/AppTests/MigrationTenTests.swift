import App
import Foundation
import Storage
import TestSupport
import Testing

/// Migration 0010 on a file written before it: an item's source that is only its feed's title is
/// cleared (the title stays the feed's), real authors are kept, the new columns and tables are there,
/// and hand inserts into them follow their CHECKs.
@Suite("Migration 0010: news filters and feed health")
struct MigrationTenTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("movies.sqlite") }

    /// A database at schema version 9 (see `OlderSchemaFile`), holding `data`.
    private func databaseBeforeTen(with data: String) throws {
        try OlderSchemaFile.write(at: path, version: 9, data: data)
    }

    @Test("a source that is its feed's title is cleared; authors and loose items keep theirs")
    func sourcesBecomeAuthors() throws {
        try databaseBeforeTen(
            with: """
                INSERT INTO feeds (id, url, title) VALUES (1, 'https://example.org/feed', 'Film Comment Weekly');
                INSERT INTO news_items (feed_id, guid, title, source, published_at) VALUES
                    (1, 'a', 'Only the feed title', 'Film Comment Weekly', '2026-01-01T00:00:00.000Z'),
                    (1, 'b', 'By its author', 'Jane Critic', '2026-01-02T00:00:00.000Z'),
                    (NULL, 'c', 'Written by hand', 'Film Comment Weekly', '2026-01-03T00:00:00.000Z');
                """)
        _ = try AppDatabase(path: path)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == String(AppDatabase.migrator.latestVersion))
        #expect(
            try DirectSQL.run(path, "SELECT guid || ':' || coalesce(source, '-') FROM news_items ORDER BY id")
                == "a:-\nb:Jane Critic\nc:Film Comment Weekly")
        #expect(try DirectSQL.run(path, "SELECT recovered_from IS NULL, undated_items FROM feeds") == "1|0")
        try DirectSQL.run(
            path,
            """
            INSERT INTO news_ignore_rules (title_contains) VALUES ('sponsored');
            INSERT INTO news_saved_searches (name, words) VALUES ('festivals', 'cannes');
            """)
        #expect(throws: (any Error).self) {
            try DirectSQL.run(
                path, "INSERT INTO news_ignore_rules (created_at) VALUES ('2026-01-01T00:00:00.000Z')")
        }
        #expect(throws: (any Error).self) {
            try DirectSQL.run(path, "INSERT INTO news_ignore_rules (older_than_days) VALUES (0)")
        }
        #expect(try DirectSQL.integrityCheck(path) == "ok")
    }
}
