import CSQLite
import Foundation
import Storage
import TestSupport
import Testing

@Suite("Statements: binding, columns, errors")
struct StatementTests {
    let folder = TemporaryDirectory()
    let database: Database

    init() throws {
        database = try Database(path: folder.file("s.sqlite"))
        try database.write { connection in
            try connection.execute(
                "CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, b BLOB, n TEXT) STRICT")
        }
    }

    @Test("values round-trip exactly, including NUL bytes, emoji and the empty string")
    func roundTrips() throws {
        let texts = ["", "plain", "with\0nul", "🎬 émoji", "千と千尋の神隠し", "'); DROP TABLE t;--", "a\"b'c;d"]
        for (index, text) in texts.enumerated() {
            try database.write { connection in
                try connection.execute(
                    "INSERT INTO t (id, i, r, s, b, n) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        index + 1, Int64.max - Int64(index), 1.5, text, [UInt8](text.utf8), String?.none,
                    ])
            }
        }
        let rows = try database.read { connection in
            try connection.prepare("SELECT i, r, s, b, n, typeof(s), typeof(b) FROM t ORDER BY id").fetchAll {
                row in
                (
                    row.int64(at: 0), row.optionalDouble(at: 1), row.string(at: 2),
                    row.withUTF8(at: 3) { Array($0) },
                    row.optionalString(at: 4),
                    row.string(at: 5), row.string(at: 6)
                )
            }
        }
        #expect(rows.map(\.2) == texts)
        #expect(rows.map(\.3) == texts.map { [UInt8]($0.utf8) })
        #expect(rows.allSatisfy { $0.4 == nil && $0.1 == 1.5 })
        #expect(rows.map(\.0) == texts.indices.map { Int64.max - Int64($0) })
        #expect(rows.allSatisfy { $0.5 == "text" && $0.6 == "blob" })  // "" is text, not NULL
    }

    @Test("bad SQL is an error carrying SQLite's code and message, not a crash")
    func badSQL() throws {
        let error = #expect(throws: StorageError.self) {
            try database.write { try $0.execute("SELEC nothing") }
        }
        #expect(error?.resultCode?.primary == .error)
        #expect(error?.description.contains("syntax error") == true)
    }

    @Test("a CHECK violation carries the extended code SQLITE_CONSTRAINT_CHECK")
    func extendedCodes() throws {
        try database.write { try $0.execute("CREATE TABLE c (x INTEGER CHECK (x > 0)) STRICT") }
        let error = #expect(throws: StorageError.self) {
            try database.write { try $0.execute("INSERT INTO c VALUES (?)", arguments: [-1]) }
        }
        // SQLITE_CONSTRAINT_CHECK, SQLITE_CONSTRAINT | (1 << 8) as sqlite3.h has it: the extended code,
        // which matches its primary one.
        #expect(error?.resultCode == ResultCode(rawValue: 275))
        #expect(error?.isSQLite(ResultCode(rawValue: SQLITE_CONSTRAINT)) == true)
    }

    @Test("STRICT type errors are errors, not stored values")
    func strictTypes() throws {
        let error = #expect(throws: StorageError.self) {
            try database.write { try $0.execute("INSERT INTO t (i) VALUES (?)", arguments: ["not a number"]) }
        }
        #expect(error?.resultCode?.primary == ResultCode(rawValue: SQLITE_CONSTRAINT))
    }

    @Test("the wrong number of arguments is refused")
    func argumentCount() throws {
        #expect(throws: StorageError.self) {
            try database.write { try $0.execute("INSERT INTO t (i, s) VALUES (?, ?)", arguments: [1]) }
        }
    }

    @Test("cached statements are compiled once and reusable after an error")
    func statementCache() throws {
        try database.write { connection in
            let first = try connection.cachedStatement("INSERT INTO t (id, s) VALUES (?, ?)")
            let second = try connection.cachedStatement("INSERT INTO t (id, s) VALUES (?, ?)")
            #expect(first === second)
            try first.execute(arguments: [1, "one"])
            #expect(throws: StorageError.self) { try first.execute(arguments: [1, "duplicate id"]) }
            try first.execute(arguments: [2, "two"])
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 2)
    }

    @Test("a script of several statements runs in order")
    func scripts() throws {
        try database.write { connection in
            try connection.executeScript(
                """
                -- a comment first
                INSERT INTO t (id, s) VALUES (1, 'a;b');
                INSERT INTO t (id, s) VALUES (2, 'c');
                /* and one last */
                """)
        }
        #expect(try database.read { try $0.scalarString("SELECT group_concat(s, '|') FROM t") } == "a;b|c")
    }

    @Test("execute runs one statement: text holding a second one is refused, not cut short")
    func oneStatement() throws {
        let error = #expect(throws: StorageError.self) {
            try database.write { connection in
                try connection.execute(
                    "INSERT INTO t (id, s) VALUES (?, 'first'); INSERT INTO t (id, s) VALUES (2, 'second')",
                    arguments: [1])
            }
        }
        #expect(error?.resultCode == ResultCode(rawValue: SQLITE_MISUSE))
        #expect(error?.description.contains("executeScript") == true)
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
        // A trailing semicolon, white space or comment is not a second statement.
        try database.write { connection in
            try connection.execute(
                "INSERT INTO t (id, s) VALUES (?, 'one') ;  -- the only one\n", arguments: [1])
        }
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 1)
    }
}
