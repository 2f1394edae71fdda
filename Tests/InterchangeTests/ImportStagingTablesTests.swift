import AppTestSupport
import Foundation
import MoviesCore
import Storage
import TestSupport
import Testing

@testable import Interchange

/// The parts an import stages films through: the filter that spares most id claims a statement, the
/// table of new films in the shape of `movies`, and the TEMP tables an import leaves behind (none).
@Suite("Import staging: id claims through a filter, new films as rows of movies")
struct ImportStagingTablesTests {
    let database: TestDatabase

    init() throws {
        database = try TestDatabase()
    }

    @Test("the membership filter never forgets a string, and rules out nearly every other")
    func membershipFilter() throws {
        let filter = try #require(MembershipFilter())
        let added = (0..<20_000).map { "https://boxd.it/\($0)" }
        let firstTimes = added.filter(filter.insert).count
        #expect(added.allSatisfy(filter.insert))
        // 80,000 bits of 67,108,864 set: a stranger is "perhaps" about once in 10^12; a handful is a
        // bug.
        #expect(firstTimes < 5)
        #expect((0..<20_000).map { "tt\($0)" }.filter(filter.insert).count < 5)
    }

    @Test("the table of new films begins with movies' columns, in MovieRow's order, then its own")
    func newFilmColumns() throws {
        let names = try database.app.database.write { connection in
            let staging = try NewFilmStaging(connection: connection, now: "2026-12-04T00:00:00.000Z")
            defer { staging.drop() }
            return try connection.prepare("SELECT * FROM temp.import_new").columnNames
        }
        #expect(names == NewFilmStaging.Column.allCases.map(\.name))
        let movieColumns = MovieRow.Column.allCases.map(\.name)
        #expect(Array(names.prefix(movieColumns.count)) == movieColumns)
        #expect(names.dropFirst(movieColumns.count) == ["seq", "line", "brings_viewings", "is_dated"])
    }

    /// An own CSV of `count` films with addresses, then `extra` rows.
    func ownFile(films count: Int, then extra: [String]) throws -> MovieImportReader {
        let header = "id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri"
        let films = (1...count).map {
            ",Film \($0),2001,good,,,,,,tt\(1_000_000 + $0),https://boxd.it/f\($0)"
        }
        let text = ([header] + films + extra).joined(separator: "\n") + "\n"
        return try MovieImportReader(path: try database.folder.write(text, to: "own.csv"))
    }

    @Test("an id claimed hundreds of films earlier (written to the table since) still leaves a film out")
    func claimAfterFlush() throws {
        // "Zed" sorts after every "Film N", so 300 films' claims are written before its own.
        let reader = try ownFile(films: 300, then: [",Zed,1990,good,,,,,,tt9000001,https://boxd.it/f3"])
        let summary = try MovieImporter(database: database.app).run(reader)
        #expect(summary.added == 300 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(summary.leftOutRows.first?.line == 302)
        #expect(summary.leftOutRows.first?.description.contains("the film on line 4") == true)
        #expect(try database.store.list().contains { $0.title == "Zed" } == false)
    }

    @Test("an id given back by a film left out is free again")
    func releasedClaims() throws {
        // "Yak" claims a new address, then finds Film 7's IMDb id taken: it is left out and gives the
        // address back; "Zed" then takes it.
        let reader = try ownFile(
            films: 200,
            then: [
                ",Yak,1990,good,,,,,,tt1000007,https://boxd.it/free",
                ",Zed,1991,good,,,,,,tt9000002,https://boxd.it/free",
            ])
        let summary = try MovieImporter(database: database.app).run(reader)
        #expect(summary.added == 201 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(summary.leftOutRows.first?.line == 202)
        let zed = try #require(try database.store.list().first { $0.title == "Zed" })
        #expect(zed.letterboxdURI == "https://boxd.it/free")
    }

    @Test("an import leaves no TEMP table behind, committed or rolled back")
    func noTablesLeft() throws {
        let temporaryTables = {
            try database.app.database.write { connection in
                try connection.scalarInt("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'")
            }
        }
        _ = try MovieImporter(database: database.app).run(try ownFile(films: 100, then: []))
        #expect(try temporaryTables() == 0)
        _ = try MovieImporter(database: database.app).run(
            try ownFile(films: 100, then: []), options: ImportOptions(dryRun: true))
        #expect(try temporaryTables() == 0)
    }
}
