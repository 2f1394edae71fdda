import AppTestSupport
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@Suite("AppDatabase and the embedded migrations")
struct AppDatabaseTests {
    @Test("a fresh file is migrated to the latest version and readable with sqlite3")
    func migratesFreshFile() throws {
        let database = try TestDatabase()
        let latest = AppDatabase.migrator.latestVersion
        #expect(latest >= 1)
        #expect(try SQLiteShell.run(database.path, "PRAGMA user_version") == String(latest))
        let schema = try SQLiteShell.run(database.path, ".schema movies")
        #expect(schema.contains("STRICT"))
        #expect(
            schema.contains(
                "CHECK (rating IN ('not-seen', 'seen', 'terrible', 'poor', 'decent', 'good', 'excellent'))"))
        #expect(try SQLiteShell.integrityCheck(database.path) == "ok")
    }

    @Test("the embedded migrations are numbered 1, 2, 3... with no gaps")
    func migrationsAreContiguous() {
        let versions = AppDatabase.migrator.migrations.map(\.version)
        #expect(versions == Array(1...versions.count))
    }

    @Test("the checksums computed at build time are those of the embedded SQL")
    func buildTimeChecksums() {
        for migration in AppDatabase.migrator.migrations {
            let computed = Migration(version: migration.version, name: migration.name, sql: migration.sql)
            #expect(migration.checksum == computed.checksum, "\(migration.identifier)")
            #expect(migration.checksum.count == 64)
        }
    }

    @Test("the schema's CHECKs refuse what the program would refuse, for people using sqlite3")
    func checksGuardHandWrites() throws {
        let database = try TestDatabase()
        let refused = [
            "INSERT INTO movies (title) VALUES ('  ')",
            "INSERT INTO movies (title, rating) VALUES ('Heat', 'superb')",
            "INSERT INTO movies (title, year) VALUES ('Heat', 1700)",
            "INSERT INTO movies (title, watched_on) VALUES ('Heat', '2024-02-30')",
            "INSERT INTO movies (title, created_at) VALUES ('Heat', 'yesterday')",
            // The watchlist holds what was not seen: no watched date, no count.
            "INSERT INTO movies (title, rating, watched_on) VALUES ('Heat', 'not-seen', '2024-02-03')",
            "INSERT INTO movies (title, watch_count) VALUES ('Heat', 2)",
            "INSERT INTO movies (title, rating, watch_count) VALUES ('Heat', 'seen', 0)",
            "INSERT INTO movies (title, rating, rated_on) VALUES ('Heat', 'good', '2024-13-01')",
        ]
        for sql in refused {
            #expect(throws: SQLiteShellError.self, "\(sql)") { try SQLiteShell.run(database.path, sql) }
        }
        try SQLiteShell.run(database.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'good')")
        try SQLiteShell.run(
            database.path,
            "INSERT INTO movies (title, rating, watched_on) VALUES ('Alien', 'seen', '2024-02-03')")
        #expect(try database.store.count() == 2)
        // The same title and year again, in another case, is refused by the unique index on the key.
        #expect(throws: SQLiteShellError.self) {
            try SQLiteShell.run(database.path, "INSERT INTO movies (title, rating) VALUES ('HEAT ', 'poor')")
        }
    }
}
