import AppTestSupport
import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

/// What an import does with ids, duplicates, bad rows and a second run of the same rows.
@Suite("Import outcomes: ids never reused, every duplicate listed, bad rows skipped, nothing twice")
struct ImportOutcomeTests {
    let database: TestDatabase
    var store: MovieStore { database.store }
    var importer: MovieImporter { MovieImporter(database: database.app) }
    static let header = MovieRecordWriter.baseFieldNames.joined(separator: ",")
    static let stamp = "2026-11-30T10:20:00.000Z"

    init() throws {
        database = try TestDatabase()
    }

    func reader(_ text: String, named name: String = "input.csv") throws -> MovieImportReader {
        try MovieImportReader(path: try database.folder.write(text, to: name))
    }

    /// A row of this program's csv.
    static func row(_ id: Int, _ title: String, _ rating: String = "good") -> String {
        "\(id),\(title),,\(rating),,,\(stamp),\(stamp)"
    }

    @Test("an own file keeps its ids where this list never used them, and renumbers the others")
    func idsNeverReused() throws {
        for title in ["One", "Two", "Three", "Four", "Five"] { try store.add(MovieDraft(title: title)) }
        try store.remove(ids: [5, 3])
        // #3 and #5 were used (and removed), #4 is taken; #6 and #9 were never used.
        let text =
            ([Self.header] + [
                Self.row(3, "Newcomer three"), Self.row(4, "Newcomer four"), Self.row(5, "Newcomer five"),
                Self.row(9, "Newcomer nine"), Self.row(6, "Newcomer six"), Self.row(9, "Another nine"),
            ]).joined(separator: "\n")
        let summary = try importer.run(try reader(text))
        #expect(summary.added == 6 && summary.renumbered == 4, "\(summary)")
        let ids = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.title, $0.id) })
        #expect(ids["Newcomer nine"] == 9 && ids["Newcomer six"] == 6)
        // The renumbered ones follow every id in use, in the file's order.
        #expect(
            [ids["Newcomer three"], ids["Newcomer four"], ids["Newcomer five"], ids["Another nine"]]
                == [10, 11, 12, 13])
        #expect(try store.list().map(\.id).sorted() == [1, 2, 4, 6, 9, 10, 11, 12, 13])
    }

    @Test("an own export read back into its list matches every movie by title, whatever its id")
    func ownExportIntoItsList() throws {
        try store.add(MovieDraft(title: "Heat", year: 1995, rating: .good, note: "n"))
        try store.add(
            MovieDraft(
                title: "Alien", year: 1979, word: .seen, watchedOn: CalendarDate(parsing: "2020-02-02")))
        let sink = StringSink()
        try MovieRecordWriter(format: .csv, sink: sink).writeAll(try store.list())
        let before = try DirectSQL.dump(database.path, table: "movies")
        let summary = try importer.run(try reader(sink.text), options: ImportOptions(onDuplicate: .update))
        #expect(summary.unchanged == 2 && summary.added == 0 && summary.renumbered == 0, "\(summary)")
        #expect(try DirectSQL.dump(database.path, table: "movies") == before)
    }

    @Test("a dry run under --on-duplicate fail lists every duplicate, not only the first")
    func dryRunListsEveryDuplicate() throws {
        let heat = try store.add(MovieDraft(title: "Heat", year: 1995))
        let alien = try store.add(MovieDraft(title: "Alien", year: 1979))
        let text = """
            Date,Name,Year,Letterboxd URI,Rating
            2024-01-01,Brazil,1985,https://boxd.it/b,4
            2024-01-01,HEAT,1995,https://boxd.it/h,5
            2024-01-01,alien,1979,https://boxd.it/a,4

            """
        let summary = try importer.run(
            try reader(text), options: ImportOptions(onDuplicate: .fail, dryRun: true))
        #expect(summary.duplicateCount == 2 && !summary.isCommitted)
        // In the file's line order (issue 45), not the order the titles were merged in.
        #expect(summary.duplicates.map(\.existing) == [heat, alien])
        #expect(summary.duplicates.map(\.line) == [3, 4])
        #expect(summary.added == 1)
        #expect(try store.count() == 2)
    }

    @Test("--skip-invalid imports the good rows and reports each bad one with its line")
    func skipInvalid() throws {
        let text =
            ([Self.header] + [
                Self.row(1, "Good"), Self.row(2, "Bad", "superb"), Self.row(3, "   "),
                Self.row(4, "Also good"),
            ]).joined(separator: "\n")
        #expect(throws: ImportFailure.self) { try importer.run(try reader(text)) }
        #expect(try store.count() == 0)
        let summary = try importer.run(try reader(text), options: ImportOptions(skipInvalid: true))
        #expect(summary.isCommitted && summary.added == 2)
        #expect(summary.rejected.map(\.line) == [3, 4] && summary.rejectedCount == 2)
        #expect(try store.list().map(\.title) == ["Good", "Also good"])
    }

    @Test("a watched date in the future, or before films, is a bad row")
    func watchedDateRange() throws {
        let future = CalendarDate.today().description.replacingOccurrences(
            of: "20", with: "29", options: .anchored)
        let text = """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2024-01-01,Tomorrowland,2015,https://boxd.it/t,3,,,\(future)
            2024-01-01,Old,1900,https://boxd.it/o,3,,,1869-12-31

            """
        let errors = try ImportTestSupport.rowErrors(try database.folder.write(text, to: "diary.csv"))
        #expect(errors.map(\.line) == [2, 3])
        #expect(errors[0].description.contains("is in the future"))
        #expect(errors[1].description.contains("before 1870-01-01"))
    }

    @Test("importing the same rows twice changes nothing, whatever their order (random diaries)")
    func secondImportChangesNothing() throws {
        var random = SeededGenerator(seed: 17)
        let titles = ["Heat", "HEAT", "Amélie", "Ame\u{301}lie", "Alien", "Война", "千と千尋", "The Thing"]
        for round in 0..<12 {
            let database = try TestDatabase()
            var lines = ["Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date"]
            // Each row is a diary entry with an address of its own, as Letterboxd writes them.
            for entry in 0..<Int.random(in: 1...30, using: &random) {
                let title = titles.randomElement(using: &random) ?? "Heat"
                let day = String(
                    format: "20%02d-0%d-1%d", Int.random(in: 10...24, using: &random),
                    Int.random(in: 1...9, using: &random), Int.random(in: 0...9, using: &random))
                let rating =
                    Bool.random(using: &random)
                    ? "" : String(Double(Int.random(in: 1...10, using: &random)) / 2)
                let review =
                    Bool.random(using: &random) ? "" : "review \(Int.random(in: 0...5, using: &random))"
                let rewatch = Bool.random(using: &random) ? "Yes" : ""
                let logged = Bool.random(using: &random) ? day : "2024-12-31"
                lines.append(
                    "\(logged),\(title),2001,https://boxd.it/\(round)x\(entry),\(rating),\(rewatch),\(review),,\(day)"
                )
            }
            let path = try database.folder.write(lines.joined(separator: "\n") + "\n", to: "reviews.csv")
            let importer = MovieImporter(database: database.app)
            let first = try importer.run(
                try MovieImportReader(path: path), options: ImportOptions(onDuplicate: .update))
            let dump = try DirectSQL.dump(database.path, table: "movies")
            let second = try importer.run(
                try MovieImportReader(path: path), options: ImportOptions(onDuplicate: .update))
            #expect(second.added == 0 && second.updated == 0 && second.unchanged == first.added, "\(lines)")
            #expect(try DirectSQL.dump(database.path, table: "movies") == dump)
        }
    }
}
