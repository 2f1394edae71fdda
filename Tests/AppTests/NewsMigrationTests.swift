import App
import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import Storage
import TestSupport
import Testing

/// Migration 0006 on a file written before it: every row kept, feed addresses normalised (two spellings
/// of one feed both kept), kept starred items unique by feed address and guid, hand inserts still fine.
@Suite("Migration 0006: kept items and feed addresses")
struct NewsMigrationTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("movies.sqlite") }

    /// A database at schema version 4 (see `OlderSchemaFile`), holding `data`.
    private func versionFourDatabase(with data: String) throws {
        try OlderSchemaFile.write(at: path, version: 4, data: data)
    }

    @Test("a version-4 file keeps every row; addresses are normalised unless two spellings clash")
    func convertsWithoutLoss() throws {
        try versionFourDatabase(
            with: """
                INSERT INTO feeds (id, url, title) VALUES
                    (1, 'http://Example.ORG:80/Feed.xml', 'Shouted'),
                    (2, 'https://news.example:443/rss?Lang=EN', 'Default port'),
                    (3, 'http://User@Host.Example:8080/x', 'Port and user'),
                    (4, 'http://example.org/Feed.xml', 'Already normal');
                INSERT INTO news_items (feed_id, guid, title, published_at, starred) VALUES
                    (1, 'g-1', 'From feed 1', '2026-01-01T00:00:00.000Z', 1),
                    (2, 'link:https://news.example/a', 'Earlier key', '2026-01-02T00:00:00.000Z', 0),
                    (NULL, 'g-1', 'Kept before', '2026-01-03T00:00:00.000Z', 1),
                    (NULL, 'import:link:https://x.example/', 'Imported', '2026-01-04T00:00:00.000Z', 0);
                """)
        let itemsBefore = try DirectSQL.run(
            path, "SELECT id, feed_id, guid, title, starred FROM news_items ORDER BY id")
        let database = try AppDatabase(path: path)
        #expect(
            try DirectSQL.run(path, "PRAGMA user_version") == String(AppDatabase.migrator.latestVersion))
        #expect(
            try DirectSQL.run(path, "SELECT id, url FROM feeds ORDER BY id") == """
                1|http://Example.ORG:80/Feed.xml
                2|https://news.example/rss?Lang=EN
                3|http://User@host.example:8080/x
                4|http://example.org/Feed.xml
                """)
        #expect(
            try DirectSQL.run(path, "SELECT id, feed_id, guid, title, starred FROM news_items ORDER BY id")
                == itemsBefore)
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM news_items WHERE kept_from != ''") == "0")
        #expect(try DirectSQL.integrityCheck(path) == "ok")

        // The program finds the feeds by any spelling, and keeps feed 1's starred item beside the one
        // kept before, though they share a guid.
        let news = database.news
        #expect(try news.feed(reference: "HTTPS://NEWS.example/rss?Lang=EN")?.id == 2)
        try news.unsubscribe("1")
        #expect(
            try DirectSQL.run(
                path, "SELECT title, kept_from FROM news_items WHERE guid = 'g-1' ORDER BY id") == """
                    From feed 1|http://Example.ORG:80/Feed.xml
                    Kept before|
                    """)
        // A hand insert as the schema's comments show it still works.
        try DirectSQL.run(
            path,
            "INSERT INTO news_items (guid, title, published_at) VALUES ('note-1', 'Read later', '2026-11-30T10:00:00.000Z')"
        )
        #expect(try news.page(NewsQuery()).count == 5)
    }
}
