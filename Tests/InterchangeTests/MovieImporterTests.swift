import AppTestSupport
import Basics
import Foundation
import Interchange
import MoviesCore
import Storage
import TestSupport
import Testing

@Suite("MovieImporter: files into the store")
struct MovieImporterTests {
    let database: TestDatabase
    var store: MovieStore { database.store }
    var importer: MovieImporter { MovieImporter(database: database.app) }

    init() throws {
        database = try TestDatabase()
    }

    private func reader(_ text: String, named name: String = "input.csv", format: MovieImportFormat? = nil)
        throws
        -> MovieImportReader
    {
        try MovieImportReader(path: try database.folder.write(text, to: name), format: format)
    }

    @Test(
        "a Letterboxd export imports with the right words and stars, and exports back to Letterboxd's layout")
    func letterboxdRoundTrip() throws {
        let folder = database.folder
        try folder.write(
            """
            Date,Name,Year,Letterboxd URI
            2024-01-01,Dune: Part Two,2024,https://boxd.it/dune2
            """, to: "watchlist.csv")
        try folder.write(
            """
            Date,Name,Year,Letterboxd URI
            2023-05-01,Heat,1995,https://boxd.it/heat
            2023-05-02,Alien,1979,https://boxd.it/alien
            """, to: "watched.csv")
        try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2023-05-03,Heat,1995,https://boxd.it/heat,4.5,,,2023-05-01
            """, to: "diary.csv")
        try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating
            2023-05-03,Heat,1995,https://boxd.it/heat,4.5
            2023-05-04,Alien,1979,https://boxd.it/alien,3.5
            2023-05-05,Cats,2019,https://boxd.it/cats,0.5
            2023-05-06,"Paris, Texas",1984,https://boxd.it/paris,2
            """, to: "ratings.csv")
        try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date
            2023-05-07,Alien,1979,https://boxd.it/alien,3.5,,"In space, ""no one""
            can hear you scream.",,2023-05-02
            """, to: "reviews.csv")
        let readers = try ["watchlist.csv", "watched.csv", "diary.csv", "ratings.csv", "reviews.csv"].map {
            try MovieImportReader(path: folder.file($0))
        }
        let summary = try importer.run(readers, options: ImportOptions(onDuplicate: .update))
        #expect(summary.isCommitted)
        #expect(summary.added == 5)
        let movies = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.title, $0) })
        #expect(movies["Heat"]?.rating == .excellent && movies["Heat"]?.stars == StarRating(stars: 4.5))
        #expect(movies["Heat"]?.watchedOn == CalendarDate(parsing: "2023-05-01"))
        #expect(
            movies["Alien"]?.rating == .good && movies["Alien"]?.note == nil)
        // The review is the viewing's (public), not the film's private note.
        let alienID = try #require(movies["Alien"]?.id)
        #expect(
            try store.viewings(ofMovie: alienID).map(\.review) == [
                "In space, \"no one\"\ncan hear you scream."
            ])
        #expect(movies["Cats"]?.rating == .terrible)
        #expect(
            movies["Paris, Texas"]?.rating == .poor && movies["Paris, Texas"]?.stars == StarRating(stars: 2))
        #expect(movies["Dune: Part Two"]?.ratingWord == .notSeen)
        // Alien is seen (rated, in ratings.csv) without a diary entry: seen once at least, undated.
        #expect(movies["Heat"]?.watchCount == 1 && movies["Alien"]?.watchCount == 1)
        #expect(movies["Heat"]?.letterboxdURI == "https://boxd.it/heat")

        // Back out in Letterboxd's import layout, and read again as Letterboxd: the same films and stars.
        let sink = StringSink()
        let writer = LetterboxdExportWriter(sink: sink)
        try writer.writeAll(
            try store.list().filter(\.isSeen).flatMap {
                LetterboxdRow.rows(of: $0, viewings: try store.viewings(ofMovie: $0.id))
            })
        #expect(
            sink.text.hasPrefix("Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI\n"))
        let exported = try reader(sink.text, named: "export.csv")
        var rows: [ImportedMovie] = []
        while let next = try exported.next() { rows.append(try next.get()) }
        #expect(Set(rows.map(\.title)) == ["Heat", "Alien", "Cats", "Paris, Texas"])
        #expect(rows.first { $0.title == "Alien" }?.stars == StarRating(stars: 3.5))
        #expect(rows.first { $0.title == "Heat" }?.watchedOn == CalendarDate(parsing: "2023-05-01"))
    }

    @Test("IMDb ratings keep the IMDb id; n/10 is n half-stars")
    func imdb() throws {
        let text = """
            Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
            tt0113277,9,2024-01-02,Heat,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,Crime,700000,1995-12-15,Michael Mann

            """
        _ = try importer.run(try reader(text))
        let heat = try #require(try store.list().first)
        #expect(
            heat.imdbID == "tt0113277" && heat.rating == .excellent && heat.stars == StarRating(halfStars: 9))
    }

    @Test("a CSV with every quoting edge imports exactly")
    func quotingEdges() throws {
        let stamp = "2026-11-30T10:20:00.000Z"
        let header = MovieRecordWriter.baseFieldNames.joined(separator: ",")
        let text =
            "\u{FEFF}" + header + "\r\n"
            + "1,\"Comma, inside\",1995,good,,\"a \"\"quoted\"\" note\",\(stamp),\(stamp)\r\n"
            + "2,\"Quote \"\"inside\"\"\",,poor,,\"CR LF\r\ninside\",\(stamp),\(stamp)\r\n"
            + "3,Plain,2001,excellent,2024-02-29,,\(stamp),\(stamp)\r\n"
            + "4,\"  spaced  \",,not-seen,,\" kept \",\(stamp),\(stamp)"
            + "\r\n\r\n\n"
        let summary = try importer.run(try reader(text))
        #expect(summary.added == 4)
        let movies = try store.list()
        #expect(movies.map(\.title) == ["Comma, inside", "Quote \"inside\"", "Plain", "spaced"])
        #expect(movies[0].note == "a \"quoted\" note")
        #expect(movies[1].note == "CR LF\ninside")
        #expect(movies[2].watchedOn == CalendarDate(parsing: "2024-02-29"))
        #expect(movies[3].note == " kept ")
        #expect(movies.map(\.id) == [1, 2, 3, 4])
    }

    @Test("a bad row stops the import and leaves the database unchanged; a dry run reports every bad row")
    func badRowChangesNothing() throws {
        try store.add(MovieDraft(title: "Already here"))
        let before = try DirectSQL.dump(database.path, table: "movies")
        let text = """
            Date,Name,Year,Letterboxd URI,Rating
            2024-01-01,Good one,2001,https://boxd.it/a,4
            2024-01-01,Bad rating,2001,https://boxd.it/b,7
            2024-01-01,,2001,https://boxd.it/c,3
            2024-01-01,Another good,2002,https://boxd.it/d,5

            """
        #expect(
            throws: ImportFailure.rejectedRow(ImportRowError(line: 3, problem: .notALetterboxdRating("7")))
        ) {
            try importer.run(try reader(text))
        }
        #expect(try DirectSQL.dump(database.path, table: "movies") == before)
        let dryRun = try importer.run(try reader(text), options: ImportOptions(dryRun: true))
        #expect(!dryRun.isCommitted)
        #expect(dryRun.rejected.map(\.line) == [3, 4])
        #expect(dryRun.added == 2, "\(dryRun)")
        #expect(try DirectSQL.dump(database.path, table: "movies") == before)
    }

    @Test("duplicates: skip leaves them, update takes the row's newer values, fail imports nothing")
    func duplicatePolicies() throws {
        let heat = try store.add(
            MovieDraft(
                title: "Heat", year: 1995, rating: .poor, ratedOn: CalendarDate(parsing: "2020-01-01"),
                note: "keep me"))
        let text = """
            Date,Name,Year,Letterboxd URI,Rating
            2024-01-01,HEAT,1995,https://boxd.it/heat,5
            2024-01-01,Alien,1979,https://boxd.it/alien,4

            """
        #expect(throws: ImportFailure.duplicate(line: 2, existing: heat)) {
            try importer.run(try reader(text), options: ImportOptions(onDuplicate: .fail))
        }
        #expect(try store.count() == 1)
        let skipped = try importer.run(try reader(text), options: ImportOptions(onDuplicate: .skip))
        #expect(skipped.added == 1 && skipped.skipped == 1)
        #expect(try store.movie(id: heat.id)?.rating == .poor)
        let updated = try importer.run(try reader(text), options: ImportOptions(onDuplicate: .update))
        // Heat takes the newer rating; Alien, added by the skip run, is unchanged.
        #expect(updated.updated == 1 && updated.unchanged == 1 && updated.added == 0, "\(updated)")
        let after = try #require(try store.movie(id: heat.id))
        #expect(after.rating == .excellent && after.stars == StarRating(stars: 5) && after.note == "keep me")
        #expect(after.title == "Heat", "the listed title is kept")
        #expect(after.ratedOn == CalendarDate(parsing: "2024-01-01"))
        // A rating older than the listed one does not replace it.
        try store.rate(id: heat.id, .decent, today: CalendarDate(year: 2025, month: 1, day: 1)!)
        let older = try importer.run(try reader(text), options: ImportOptions(onDuplicate: .update))
        #expect(older.unchanged == 2 && older.updated == 0)
        #expect(try store.movie(id: heat.id)?.rating == .decent)
    }

    @Test("an id used before in this list gives the imported movie a new id, and says so")
    func idConflict() throws {
        try store.add(MovieDraft(title: "Occupant"))
        let stamp = "2026-11-30T10:20:00.000Z"
        let text =
            MovieRecordWriter.baseFieldNames.joined(separator: ",")
            + "\n1,Newcomer,,good,,,\(stamp),\(stamp)\n"
        let summary = try importer.run(try reader(text))
        #expect(try store.list().map(\.title) == ["Occupant", "Newcomer"])
        #expect(summary.added == 1 && summary.renumbered == 1)
    }

    /// 5,000 movies; 25,000 with `MOVIES_SLOW_TESTS=1` (CI), 100,000 with `MOVIES_FULL_RELIABILITY=1`
    /// (25,000 took 47 s in a debug build here).
    static let roundTripCount =
        ReliabilityScale.isSlowEnabled ? ReliabilityScale.count(ci: 25_000, full: 100_000) : 5_000

    @Test("an export/import round trip of a large list reproduces every field", .offPool)
    func largeRoundTrip() throws {
        // Build the list through the importer from a generated file with every kind of field.
        let count = Self.roundTripCount
        let source = database.folder.file("source.ndjson")
        _ = FileManager.default.createFile(atPath: source, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: source))
        var random = SeededGenerator(seed: 100_000)
        // Titles may hold anything printable; notes may also hold line breaks and tabs.
        let nastyTitles = [
            "", "comma, here", "\"quoted\"", "semi;colon", "'); DROP TABLE movies;--", "emoji 🎬", "千と千尋",
            "back\\slash",
        ]
        let nasty = [
            "", "comma, here", "\"quoted\"", "multi\nline", "tab\there", "emoji 🎬", "千と千尋", "back\\slash",
        ]
        var chunk = ""
        for index in 1...count {
            let stars = Int.random(in: 0...10, using: &random)
            let rating = stars == 0 ? "not-seen" : RatingWord(StarRating(halfStars: stars)!.rating).rawValue
            let note = index % 3 == 0 ? nil : nasty[index % nasty.count] + " \(index)"
            var fields: [String] = [
                "\"id\":\(index)",
                "\"title\":" + FieldEncoding.json("Movie \(index) " + nastyTitles[index % nastyTitles.count]),
                "\"year\":" + (index % 5 == 0 ? "null" : String(1900 + index % 120)),
                "\"rating\":\"\(rating)\"",
                "\"watched_on\":" + (index % 4 == 0 ? "\"2024-0\(1 + index % 9)-1\(index % 9)\"" : "null"),
                "\"note\":" + (note.map(FieldEncoding.json) ?? "null"),
                "\"created_at\":\"2025-01-01T00:00:00.\(String(format: "%03d", index % 1000))Z\"",
                "\"updated_at\":\"2026-02-03T04:05:06.\(String(format: "%03d", index % 997))Z\"",
            ]
            fields.append("\"stars\":" + (stars == 0 ? "null" : StarRating(halfStars: stars)!.description))
            fields.append(
                "\"imdb_id\":" + (index % 2 == 0 ? "\"tt\(String(format: "%07d", index))\"" : "null"))
            fields.append("\"letterboxd_uri\":" + (index % 7 == 0 ? "\"https://boxd.it/m\(index)\"" : "null"))
            chunk += "{" + fields.joined(separator: ",") + "}\n"
            if index % 10_000 == 0 || index == count {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.close()
        #expect(try importer.run(try MovieImportReader(path: source)).added == count)

        // Export, import into a fresh database, export again: the same bytes, the same values.
        let first = database.folder.file("first.csv")
        let sink = try OutputFileSink(path: first)
        let writer = MovieRecordWriter(format: .csv, sink: sink)
        try writer.begin()
        try store.forEachMovie { try writer.write($0) }
        try writer.end()
        try sink.commit()

        let other = try TestDatabase()
        let summary = try MovieImporter(database: other.app).run(try MovieImportReader(path: first))
        #expect(summary.added == count && summary.rejectedCount == 0)
        let second = StringSink()
        let secondWriter = MovieRecordWriter(format: .csv, sink: second)
        try secondWriter.begin()
        try other.store.forEachMovie { try secondWriter.write($0) }
        try secondWriter.end()
        #expect(second.text == String(decoding: fileSnapshot(first) ?? Data(), as: UTF8.self))
        #expect(try other.store.list() == store.list())
    }
}
