import Foundation
import Storage
import TestSupport
import Testing

/// A row type of the tests: the columns of `films`, declared in an order other than the table's.
private enum FilmColumn: Int32, TableColumn {
    case id, title, year, score, note

    var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        case .year: "year"
        case .score: "score"
        case .note: "note"
        }
    }
}

/// A column list with a name the table does not have.
private enum MisspelledColumn: Int32, TableColumn {
    case id, title

    var name: String {
        switch self {
        case .id: "id"
        case .title: "titel"
        }
    }
}

/// A column list whose raw values were written by hand, with a gap.
private enum GappedColumn: Int32, TableColumn {
    case id = 0
    case title = 2

    var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        }
    }
}

private struct Film: Equatable {
    var id: Int64
    var title: String
    var year: Int?
    var score: Double?
    var note: String?
}

@Suite("ColumnList: rows by column, SQL of a bounded number of variants")
struct ColumnListTests {
    let folder = TemporaryDirectory()
    let database: Database
    private let films = ColumnList<FilmColumn>(table: "films")

    init() throws {
        database = try Database(path: folder.file("c.sqlite"))
        try database.write { connection in
            try connection.execute(
                "CREATE TABLE films (note TEXT, score REAL, id INTEGER PRIMARY KEY, year INTEGER, "
                    + "title TEXT NOT NULL) STRICT")
        }
    }

    private static func film(_ number: Int) -> Film {
        Film(
            id: Int64(number), title: "Film \(number)", year: number % 3 == 0 ? nil : 1900 + number,
            score: number % 2 == 0 ? Double(number) / 4 : nil, note: number % 5 == 0 ? "note \(number)" : nil)
    }

    private func insert(_ rows: [Film], in connection: Connection) throws {
        try films.insert(rows, in: connection) { film, row in
            try row.bind(film.note, to: .note)
            try row.bind(film.title, to: .title)
            try row.bind(film.id, to: .id)
            try row.bind(film.score, to: .score)
            try row.bind(film.year, to: .year)
        }
    }

    private static func decode(_ row: Statement) -> Film {
        Film(
            id: row.int64(FilmColumn.id), title: row.string(FilmColumn.title),
            year: row.optionalInt(FilmColumn.year), score: row.optionalDouble(FilmColumn.score),
            note: row.optionalString(FilmColumn.note))
    }

    @Test("the select list is the cases in order, each at its raw value, as SQLite names the columns")
    func positionsResolve() throws {
        #expect(films.sql == "id, title, year, score, note")
        #expect(films.qualified == "films.id, films.title, films.year, films.score, films.note")
        #expect(films.columns == FilmColumn.allCases && films.count == 5)
        let names = try database.read { connection in
            try connection.prepare("SELECT \(films.sql) FROM films").columnNames
        }
        #expect(names == films.columns.map(\.name))
        #expect(ColumnList<FilmColumn>(table: "films", through: .year).sql == "id, title, year")
        // A position with no case ends the list, so it never holds a column at a place other than its
        // raw value; what it leaves out is what each row type's test sees missing.
        let gapped = ColumnList<GappedColumn>(table: "films")
        #expect(gapped.sql == "id" && gapped.columns != GappedColumn.allCases)
    }

    @Test("rows inserted many per statement and read by column come back as they went in, in order")
    func roundTrip() throws {
        let rows = (1...150).map(Self.film)
        try database.write { try insert(rows, in: $0) }
        let read = try database.read { connection in
            try connection.prepare("SELECT \(films.sql) FROM films ORDER BY rowid").fetchAll([], Self.decode)
        }
        #expect(read == rows)
    }

    @Test("a column name the table does not have fails to compile, naming it, instead of reading column 0")
    func misspelledName() throws {
        let misspelled = ColumnList<MisspelledColumn>(table: "films")
        let error = #expect(throws: StorageError.self) {
            try database.read { try $0.prepare("SELECT \(misspelled.sql) FROM films") }
        }
        #expect(error?.description.contains("no such column: titel") == true)
        #expect(throws: StorageError.self) {
            try database.write { connection in
                try misspelled.insert([1], in: connection) { id, row in try row.bind(id, to: .id) }
            }
        }
    }

    @Test("counts go up to powers of two; rows split into the batch size, then falling powers of two")
    func sizes() {
        #expect((0...9).map(ParameterList.paddedCount) == [0, 1, 2, 4, 4, 8, 8, 8, 8, 16])
        #expect(ParameterList.rowCounts(0, maximum: 64) == [])
        #expect(ParameterList.rowCounts(1, maximum: 64) == [1])
        #expect(ParameterList.rowCounts(64, maximum: 64) == [64])
        #expect(ParameterList.rowCounts(100, maximum: 64) == [64, 32, 4])
        #expect(ParameterList.rowCounts(200, maximum: 64) == [64, 64, 64, 8])
        for rows in 0...300 {
            let counts = ParameterList.rowCounts(rows, maximum: 64)
            #expect(counts.reduce(0, +) == rows)
            #expect(counts.allSatisfy { $0 > 0 && $0 <= 64 && $0 & ($0 - 1) == 0 })
        }
    }

    @Test("an IN list padded with its last value answers as the list does, and none matches nothing")
    func paddedInList() throws {
        try database.write { try insert((1...20).map(Self.film), in: $0) }
        for count in 0...20 {
            let ids = (1...20).shuffled().prefix(count).map(Int64.init)
            let list = ParameterList.inList(ids)
            #expect(list.arguments.count == ParameterList.paddedCount(count))
            let found = try database.read { connection in
                try connection.cachedStatement("SELECT id FROM films WHERE id IN \(list.sql) ORDER BY id")
                    .fetchAll(list.arguments) { $0.int64(at: 0) }
            }
            #expect(found == ids.sorted())
        }
    }

    @Test("lists and inserts of 1 to 300 values leave a few statements in the cache, not one per count")
    func boundedCache() throws {
        try database.write { connection in
            let before = connection.cachedStatementCount
            var next = 1
            for count in 1...300 {
                try insert((next..<next + count).map(Self.film), in: connection)
                next += count
                let list = ParameterList.inList(Array(repeating: Int64(count), count: count))
                _ = try connection.cachedStatement("SELECT count(*) FROM films WHERE id IN \(list.sql)")
                    .fetchOne(list.arguments) { $0.int(at: 0) }
            }
            // Inserts of 64, 32, 16, 8, 4, 2 and 1 rows; lists of 1, 2, 4, …, 512 values.
            #expect(connection.cachedStatementCount - before == 7 + 10)
            #expect(try connection.scalarInt("SELECT count(*) FROM films") == next - 1)
        }
    }
}
