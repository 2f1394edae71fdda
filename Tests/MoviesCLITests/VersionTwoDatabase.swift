import App
import FoundationEssentials
import MoviesCore
import Storage
import TestSupport
import Testing

/// A database at schema version 2 (an older movies') holding `rows` movies, built with sqlite3 from the real migration
/// files and the `schema_migrations` rows `movies` itself would have written.
enum VersionTwoDatabase {
    static func write(rows: Int, to path: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Migrations")
        var script = "PRAGMA journal_mode = WAL;\nBEGIN;\n"
        for (version, name) in [(1, "create_movies"), (2, "create_news")] {
            let identifier = "000\(version)_\(name)"
            let sql = try String(
                contentsOf: folder.appendingPathComponent(identifier + ".sql"), encoding: .utf8)
            let migration = Migration(version: version, name: name, sql: sql)
            // The file in Migrations/ is what the binary carries.
            #expect(AppDatabase.migrator.migrations[version - 1].checksum == migration.checksum)
            // The bookkeeping table in the very words movies has always created it with, before each
            // migration: a restore compares the schema statement for statement.
            script += """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version    INTEGER PRIMARY KEY,  -- the NNNN of Migrations/NNNN_name.sql
                    name       TEXT    NOT NULL,
                    checksum   TEXT    NOT NULL,     -- SHA-256 of the SQL as applied; edits are refused
                    applied_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                ) STRICT;

                """
            script += sql + "\n"
            script += """
                INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(version), '\(name)', '\(migration.checksum)');

                """
        }
        script += """
            PRAGMA user_version = 2;
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(rows))
            INSERT INTO movies (title, year, rating, note)
            SELECT 'Movie number ' || x, 1870 + x % 200, 'good', 'A note about movie ' || x FROM n;
            INSERT INTO news_items (guid, title, summary, published_at)
            VALUES ('one', 'A news item', 'Its summary', '2026-11-30T10:00:00.000Z');
            COMMIT;
            """
        try DirectSQL.run(path, script)
    }
}
