import Foundation
import Storage
import TestSupport
import Testing

/// `Migrator.schemaDifference(of:)`: a file's schema against the one its recorded migrations make.
@Suite("A schema checked against its migrations")
struct SchemaDifferenceTests {
    let folder = TemporaryDirectory()

    static let migrator = Migrator([
        Migration(
            version: 1, name: "create_a",
            sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, n INTEGER CHECK (n > 0)) STRICT;"),
        Migration(
            version: 2, name: "index_a",
            sql: """
                CREATE INDEX a_by_n ON a (n);
                CREATE TRIGGER a_touch AFTER UPDATE ON a BEGIN SELECT 1; END;
                """),
    ])

    /// A file migrated to `versions`, then changed by `edit` as a person with `sqlite3` could.
    private func file(_ name: String, through versions: Int = 2, edit: String? = nil) throws -> Database {
        let path = folder.file(name)
        let database = try Database(path: path)
        try Migrator(Array(Self.migrator.migrations.prefix(versions))).migrate(database)
        if let edit { try DirectSQL.run(path, edit) }
        return database
    }

    private func difference(_ database: Database) throws -> SchemaDifference? {
        try database.read { try Self.migrator.schemaDifference(of: $0) }
    }

    @Test("a file as its migrations left it, at the last version or an earlier one, has no difference")
    func sameSchema() throws {
        #expect(try difference(file("current.sqlite")) == nil)
        #expect(try difference(file("older.sqlite", through: 1)) == nil)
        // Statistics ANALYZE leaves for the planner are not part of the schema.
        #expect(try difference(file("analyzed.sqlite", edit: "ANALYZE")) == nil)
    }

    @Test("an added trigger, a dropped index, a CHECK or STRICT edited away are each named")
    func differences() throws {
        let added = try file(
            "added.sqlite", edit: "CREATE TRIGGER wipe AFTER INSERT ON a BEGIN DELETE FROM a; END;")
        #expect(
            try difference(added)?.description
                == "it has a trigger wipe (on a) that its migrations do not make")
        let dropped = try file("dropped.sqlite", edit: "DROP INDEX a_by_n")
        #expect(
            try difference(dropped)?.description
                == "it lacks the index a_by_n (on a) that its migrations make")
        let unchecked = try file(
            "unchecked.sqlite",
            edit: """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(sql, ' CHECK (n > 0)', '') WHERE name = 'a';
                """)
        #expect(
            try difference(unchecked)?.description == "its table a is not defined as its migrations define it"
        )
        let loose = try file(
            "loose.sqlite",
            edit: """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(sql, ') STRICT', ')') WHERE name = 'a';
                """)
        #expect(
            try difference(loose)?.description == "its table a is not defined as its migrations define it")
        // Re-spacing the same statement is not a difference.
        let respaced = try file(
            "respaced.sqlite",
            edit: """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(sql, ' ON a (n)', '  ON  a (n)') WHERE name = 'a_by_n';
                """)
        #expect(try difference(respaced) == nil)
    }
}
