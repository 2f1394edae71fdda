import CSQLite

/// One object of a database's schema, as `sqlite_schema` lists it (https://www.sqlite.org/schematab.html).
public struct SchemaObject: Sendable, Hashable, CustomStringConvertible {
    /// `table`, `index`, `view` or `trigger`.
    public let type: String
    /// Its name.
    public let name: String
    /// The table it belongs to (its own name for a table).
    public let table: String
    /// The statement that creates it, as SQLite keeps it; nil for the indexes SQLite makes itself.
    public let sql: String?

    /// "trigger movies_wipe (on movies)".
    public var description: String {
        type == "table" || table == name ? "\(type) \(name)" : "\(type) \(name) (on \(table))"
    }
}

/// How a file's schema differs from the one its recorded migrations build.
public enum SchemaDifference: Sendable, Equatable, CustomStringConvertible {
    /// An object the migrations do not make (a trigger added by hand, say).
    case unexpected(SchemaObject)
    /// An object the migrations make that the file lacks.
    case missing(SchemaObject)
    /// An object both have, defined differently (a `CHECK` or `STRICT` removed through `writable_schema`).
    case altered(SchemaObject)

    /// "it has a trigger movies_wipe (on movies) that its migrations do not make".
    public var description: String {
        switch self {
        case .unexpected(let object): "it has a \(object) that its migrations do not make"
        case .missing(let object): "it lacks the \(object) that its migrations make"
        case .altered(let object): "its \(object) is not defined as its migrations define it"
        }
    }
}

extension Migrator {
    /// The first way the schema `connection` reads differs from the one a new file gets from the
    /// migrations `schema_migrations` records there; nil when the two are the same, object for object and
    /// statement for statement.
    ///
    /// For a file this program did not write itself (a backup to restore): `schema_migrations` and
    /// `integrity_check` say nothing about a trigger added to it, a `CHECK` or `STRICT` edited out of it
    /// through `PRAGMA writable_schema`, or a table dropped from it, and each of those would go on acting
    /// in the restored list. The reference is built by running the same migration SQL on an empty database
    /// in memory, so it is exactly what this binary would have made. `sqlite_stat1` and `sqlite_stat4`
    /// (statistics `ANALYZE` leaves for the query planner, https://www.sqlite.org/fileformat2.html#stat1tab)
    /// are not part of the comparison.
    public func schemaDifference(of connection: Connection) throws -> SchemaDifference? {
        let applied = try status(reading: connection).applied.map(\.version)
        let reference = try expectedSchema(versions: applied)
        let actual = try connection.cachedStatement(SchemaObjectReading.sql).fetchAll {
            SchemaObjectReading.object($0)
        }
        let expected = Dictionary(reference.map { (SchemaObjectReading.key($0), $0) }) { first, _ in first }
        var seen: Set<String> = []
        for object in actual {
            let key = SchemaObjectReading.key(object)
            seen.insert(key)
            guard let wanted = expected[key] else { return .unexpected(object) }
            if SchemaObjectReading.statement(wanted) != SchemaObjectReading.statement(object) {
                return .altered(object)
            }
        }
        if let absent = reference.first(where: { !seen.contains(SchemaObjectReading.key($0)) }) {
            return .missing(absent)
        }
        return nil
    }

    /// The schema a new file has once the migrations with `versions` (in version order) ran on it.
    func expectedSchema(versions: [Int]) throws -> [SchemaObject] {
        let wanted = Set(versions)
        let scratch = try MemoryDatabase()
        for migration in migrations where wanted.contains(migration.version) {
            try scratch.run(AppliedState.createTableSQL)
            try scratch.run(migration.sql)
        }
        try scratch.run(AppliedState.createTableSQL)
        return try scratch.schemaObjects()
    }
}

/// The one query and comparison both sides of `schemaDifference(of:)` use.
private enum SchemaObjectReading {
    static let sql = """
        SELECT type, name, tbl_name, sql FROM sqlite_schema
        WHERE name NOT IN ('sqlite_stat1', 'sqlite_stat4') ORDER BY rowid
        """

    static func object(_ row: Statement) -> SchemaObject {
        SchemaObject(
            type: row.string(at: 0), name: row.string(at: 1), table: row.string(at: 2),
            sql: row.optionalString(at: 3))
    }

    /// Objects are matched by type and name; SQLite's names are case-insensitive for ASCII.
    static func key(_ object: SchemaObject) -> String {
        object.type + " " + object.name.lowercased()
    }

    /// The statement with runs of white space made one space: the same SQL, however a tool re-spaced it.
    static func statement(_ object: SchemaObject) -> String? {
        object.sql.map { sql in
            sql.split(whereSeparator: { " \n\t\r".contains($0) }).joined(separator: " ")
        }
    }
}

/// A database in memory, with the connection settings that change how SQL is read (double-quoted
/// strings off), on which migrations run to show the schema they build.
private final class MemoryDatabase {
    private let handle: OpaquePointer

    init() throws {
        var handle: OpaquePointer?
        SQLiteLibrary.configure()
        let code = sqlite3_open_v2(
            ":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let handle else {
            let error = StorageError.sqlite(code, handle: handle, sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DDL, 0)
        _ = movies_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs a script of statements.
    func run(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw StorageError.sqlite(code, handle: handle, sql: sql) }
    }

    /// Its `sqlite_schema`, in creation order.
    func schemaObjects() throws -> [SchemaObject] {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, SchemaObjectReading.sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw StorageError.sqlite(code, handle: handle, sql: SchemaObjectReading.sql)
        }
        defer { sqlite3_finalize(statement) }
        var objects: [SchemaObject] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            func text(_ column: Int32) -> String? {
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            }
            objects.append(
                SchemaObject(type: text(0) ?? "", name: text(1) ?? "", table: text(2) ?? "", sql: text(3)))
        }
        return objects
    }
}
