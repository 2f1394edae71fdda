import App
import Foundation
import Storage
import TestSupport
import Testing

/// A list file at an older schema version, as `movies` left it, for the tests of a migration on a file
/// written before it: built as `sqlite3` would build it (`DirectSQL`) from the real migration files up to
/// `version` and the `schema_migrations` rows `movies` itself writes, in WAL mode, holding `data`.
enum OlderSchemaFile {
    static func write(
        at path: String, version: Int, data: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        // Tests/AppTests/<this file> → the package's Migrations/.
        let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Migrations")
        var script = "PRAGMA journal_mode = WAL;\nBEGIN;\n"
        for migration in AppDatabase.migrator.migrations where migration.version <= version {
            let sql = try String(
                contentsOf: migrations.appendingPathComponent(migration.identifier + ".sql"), encoding: .utf8)
            // The file read is the one compiled into the binary.
            #expect(
                Migration(version: migration.version, name: migration.name, sql: sql).checksum
                    == migration.checksum, sourceLocation: sourceLocation)
            script += sql + "\n"
            script += """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) STRICT;
                INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(migration.version), '\(migration.name)', '\(migration.checksum)');

                """
        }
        script += "PRAGMA user_version = \(version);\n\(data)\nCOMMIT;\n"
        try DirectSQL.run(path, script)
    }
}
