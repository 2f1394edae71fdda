import Foundation
import Storage
import TestSupport
import Testing

@Suite("Migrator")
struct MigratorTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("m.sqlite") }

    static let first = Migration(
        version: 1, name: "create_a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY) STRICT;")
    static let second = Migration(
        version: 2, name: "create_b",
        sql: """
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER NOT NULL REFERENCES a (id)) STRICT;
            INSERT INTO a (id) VALUES (1);
            """)

    @Test("a fresh file gets every migration, its rows in schema_migrations, and user_version")
    func appliesAll() throws {
        let database = try Database(path: path)
        let applied = try Migrator([Self.first, Self.second]).migrate(database)
        #expect(applied.map(\.version) == [1, 2])
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == "2")
        #expect(
            try DirectSQL.run(path, "SELECT version || ' ' || name FROM schema_migrations")
                == "1 create_a\n2 create_b")
        let checksum = try DirectSQL.run(path, "SELECT checksum FROM schema_migrations WHERE version = 1")
        #expect(checksum == Self.first.checksum)
        #expect(try Migrator([Self.first, Self.second]).migrate(database).isEmpty)
    }

    @Test("a migration can rebuild a table: DROP TABLE and DROP VIEW drop, and the rows come back renamed")
    func rebuildsTable() throws {
        let database = try Database(path: path)
        let rebuild = Migration(
            version: 2, name: "rebuild_a",
            sql: """
                INSERT INTO a (id) VALUES (1), (2);
                CREATE VIEW a_ids AS SELECT id FROM a;
                DROP VIEW a_ids;
                CREATE TABLE a_new (id INTEGER PRIMARY KEY, label TEXT NOT NULL DEFAULT 'x') STRICT;
                INSERT INTO a_new (id) SELECT id FROM a;
                DROP TABLE a;
                ALTER TABLE a_new RENAME TO a;
                """)
        #expect(try Migrator([Self.first, rebuild]).migrate(database).map(\.version) == [1, 2])
        #expect(try DirectSQL.run(path, "SELECT group_concat(id || label) FROM a") == "1x,2x")
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'a_ids'") == "0")
        // A DELETE without WHERE still goes row by row (the authorizer's IGNORE), so the update hook sees it.
        try database.write { try $0.execute("DELETE FROM a") }
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM a") == "0")
    }

    @Test("pending migrations apply on top of applied ones; status lists both")
    func appliesPending() throws {
        let database = try Database(path: path)
        try Migrator([Self.first]).migrate(database)
        let status = try Migrator([Self.first, Self.second]).status(of: database)
        #expect(status.applied.map(\.identifier) == ["0001_create_a"])
        #expect(status.pending.map(\.identifier) == ["0002_create_b"])
        #expect(try Migrator([Self.first, Self.second]).migrate(database).map(\.version) == [2])
    }

    @Test("a database from a newer program is refused with both versions, and not written")
    func refusesNewer() throws {
        do {
            let database = try Database(path: path)
            try Migrator([Self.first, Self.second]).migrate(database)
        }
        let before = fileSnapshot(path)
        do {
            let database = try Database(path: path)
            #expect(throws: StorageError.newerDatabase(databaseVersion: 2, knownVersion: 1)) {
                try Migrator([Self.first]).migrate(database)
            }
        }
        let description = StorageError.newerDatabase(databaseVersion: 2, knownVersion: 1).description
        #expect(description == "schema version 2 is newer than the latest known, 1")
        #expect(fileSnapshot(path) == before)
    }

    @Test("an applied migration whose SQL changed is refused by name")
    func refusesEditedMigration() throws {
        let database = try Database(path: path)
        try Migrator([Self.first]).migrate(database)
        let edited = Migration(
            version: 1, name: "create_a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT) STRICT;")
        #expect(throws: StorageError.migrationChanged(identifier: "0001_create_a")) {
            try Migrator([edited, Self.second]).migrate(database)
        }
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == "1")
    }

    @Test("a failing migration rolls back and leaves the previous version")
    func rollsBackFailure() throws {
        let database = try Database(path: path)
        try Migrator([Self.first]).migrate(database)
        let broken = Migration(
            version: 2, name: "broken",
            sql: "CREATE TABLE c (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);")
        let error = #expect(throws: StorageError.self) {
            try Migrator([Self.first, broken]).migrate(database)
        }
        #expect(error?.description.contains("0002_broken") == true)
        #expect(error?.description.contains("no such table: nowhere") == true)
        #expect(try DirectSQL.run(path, "PRAGMA user_version") == "1")
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'c'") == "0")
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM schema_migrations") == "1")
    }

    @Test("a migration that breaks a foreign key is refused before commit")
    func checksForeignKeys() throws {
        let database = try Database(path: path)
        try Migrator([Self.first, Self.second]).migrate(database)
        let orphan = Migration(version: 3, name: "orphan", sql: "INSERT INTO b (id, a_id) VALUES (1, 999);")
        let error = #expect(throws: StorageError.self) {
            try Migrator([Self.first, Self.second, orphan]).migrate(database)
        }
        #expect(error?.description.contains("foreign key") == true)
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM b") == "0")
        #expect(try database.writeWithoutTransaction { try $0.scalarInt("PRAGMA foreign_keys") } == 1)
    }

    @Test("two programs migrating the same fresh file at once apply each migration once")
    func concurrentMigrators() async throws {
        let path = path
        try await withThrowingTaskGroup(of: [Migration].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try Migrator([Self.first, Self.second]).migrate(try Database(path: path))
                }
            }
            var total = 0
            for try await applied in group {
                total += applied.count
            }
            #expect(total == 2)
        }
        #expect(try DirectSQL.run(path, "SELECT count(*) FROM schema_migrations") == "2")
    }

    @Test("checksums are SHA-256 of the SQL text")
    func checksums() {
        #expect(
            Migration(version: 1, name: "x", sql: "abc").checksum
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Migration(version: 1, name: "x", sql: "").checksum
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = String(repeating: "a", count: 1_000)
        #expect(
            Migration(version: 1, name: "x", sql: long).checksum
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
