import AppTestSupport
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@testable import Interchange

@Suite("ImportStaging: columns by name, a bounded number of statements")
struct ImportStagingTests {
    let database: TestDatabase

    init() throws {
        database = try TestDatabase()
    }

    @Test("the staging table is made from its column list, each column at its case's place")
    func positionsResolve() throws {
        let columns = ImportStaging.Column.allCases
        let names = try database.app.database.write { connection in
            let staging = try ImportStaging(connection: connection, table: "import_test")
            defer { staging.drop() }
            return try connection.prepare(staging.selectSQL("")).columnNames
        }
        #expect(names == columns.map(\.name))
    }

    @Test("imports of 1 to 70 new films leave a few insert statements per staging table, not one a count")
    func boundedStatements() throws {
        let importer = MovieImporter(database: database.app)
        let count = { try database.app.database.write { $0.cachedStatementCount } }
        var next = 0
        var afterFirst = 0
        for films in 1...70 {
            let rows = (next..<next + films).map { "Film \($0),\(1900 + $0 % 100),4" }
            next += films
            let path = try database.folder.write(
                (["Title,Year,Rating"] + rows).joined(separator: "\n") + "\n", to: "films-\(films).csv")
            let summary = try importer.run(try MovieImportReader(path: path))
            #expect(summary.added == films)
            if films == 1 { afterFirst = try count() }
        }
        #expect(try database.store.count() == next)
        // The rows staged, the new films and their viewings: inserts of 64, 32, 16, 8, 4, 2 rows join
        // the one-row inserts of the first import, for each of the three tables.
        #expect(try count() - afterFirst <= 3 * 6)
    }
}
