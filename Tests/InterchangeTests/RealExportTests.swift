import AppTestSupport
import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

/// Letterboxd's and IMDb's exports as they really are (`ExportFixtures`), imported, imported again,
/// exported and imported back.
@Suite("Real exports: diary, re-watches, reviews, watchlist, TV rows, every script")
struct RealExportTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
    }

    /// Imports the Letterboxd export folder as `movies import <folder>` does (the folder's policy: update).
    @discardableResult
    func importExport(_ folder: String, dryRun: Bool = false) throws -> ImportSummary {
        try MovieImporter(database: database.app).run(
            try LetterboxdExportFolder.readers(in: folder),
            options: ImportOptions(onDuplicate: .update, dryRun: dryRun))
    }

    func movie(_ title: String) throws -> Movie {
        try #require(try store.list().first { $0.title == title }, "\(title)")
    }

    @Test(
        "a Letterboxd export: seen apart from rated, every viewing a row with its review and tags, its list")
    func letterboxdExport() throws {
        let folder = try ExportFixtures.letterboxdExport(in: database.folder)
        let summary = try importExport(folder)
        #expect(summary.rowsRead == 27)
        #expect(summary.added == 11 && summary.updated == 0 && summary.unchanged == 0, "\(summary)")
        #expect(summary.listsAdded == 1)
        // Films that end with no rating: Past Lives (a diary entry without one), and the watched-only one.
        #expect(summary.seenWithoutRating == 2, "\(summary)")

        let heat = try movie("Heat")
        #expect(heat.ratingWord == .excellent && heat.stars == StarRating(stars: 4.5))
        #expect(
            heat.watchedOn == CalendarDate(parsing: "2023-10-28"), "the latest viewing, whatever the order")
        #expect(heat.watchCount == 2)
        #expect(heat.note == nil, "a review is the viewing's, public; a note is private")
        #expect(heat.letterboxdURI == "https://boxd.it/2aMM", "the film's page, not a diary entry's")
        #expect(heat.ratedOn == CalendarDate(parsing: "2023-10-29"))
        // Each viewing with its own day, rating, rewatch flag, review, tags and entry address.
        let viewings = try store.viewings(ofMovie: heat.id)
        #expect(viewings.map(\.watchedOn) == ["2023-10-28", "2018-01-13"].map(CalendarDate.init(parsing:)))
        #expect(viewings.map(\.stars) == [StarRating(stars: 4.5), StarRating(stars: 4)])
        #expect(viewings.map(\.isRewatch) == [true, false])
        #expect(viewings.map(\.letterboxdURI) == ["https://boxd.it/5aTnF", "https://boxd.it/8Kd21"])
        #expect(
            viewings.map(\.review) == [
                "Still the best diner scene. \"Cop or criminal\"\nis the whole film.", "Long, loud, great.",
            ])
        #expect(viewings[0].tags == ["director's cut", "cinema"])
        // A first entry marked as a rewatch is one viewing: nothing is invented for the time before.
        #expect(try movie("The Thing").watchCount == 1)
        let pastLives = try movie("Past Lives")
        #expect(pastLives.ratingWord == .seen && pastLives.watchedOn == CalendarDate(parsing: "2023-06-10"))
        #expect(pastLives.watchCount == 1 && pastLives.stars == nil)
        #expect(try store.viewings(ofMovie: pastLives.id).map(\.tags) == [["cinema"]])
        #expect(try movie("الرسالة").ratingWord == .seen, "watched, never rated")
        #expect(try movie("Ζορμπάς").ratingWord == .decent)
        #expect(try movie("千と千尋の神隠し").stars == StarRating(stars: 5))
        let amelie = try movie("Amélie")
        #expect(
            try store.viewings(ofMovie: amelie.id).map(\.review) == [
                "Paris as a postcard — but what a postcard."
            ])
        for title in ["Сталкер", "Dune: Part Two", "悪は存在しない", "Rififi"] {
            let wanted = try movie(title)
            #expect(wanted.ratingWord == .notSeen && wanted.watchedOn == nil && wanted.watchCount == nil)
        }
        // The list, in its order, with its notes.
        let list = try #require(try store.list(named: "heists"))
        #expect(list.name == "Heists" && list.tags == ["crime", "favourites"])
        #expect(list.description == "Who stole what, and how")
        #expect(list.letterboxdURI == "https://letterboxd.com/someone/list/heists/")
        let entries = try store.entries(ofList: list.id)
        #expect(entries.map(\.movie.title) == ["Heat", "Rififi", "The Thing"])
        #expect(entries.map(\.note) == ["The diner scene", nil, "Not a heist; it stole the show"])
        // The order added follows the day each film was logged, not the order of the files.
        #expect(
            try store.list().map(\.title) == [
                "Heat", "The Thing", "Сталкер", "Amélie", "Ζορμπάς", "الرسالة", "Dune: Part Two",
                "Past Lives", "悪は存在しない", "千と千尋の神隠し", "Rififi",
            ])
    }

    @Test("importing the same export again changes nothing: no write, no id, every film unchanged")
    func reimport() throws {
        let folder = try ExportFixtures.letterboxdExport(in: database.folder)
        try importExport(folder)
        let before = try DirectSQL.dump(database.path, table: "movies")
        let viewingsBefore = try DirectSQL.dump(database.path, table: "viewings")
        let sequence = try DirectSQL.run(
            database.path, "SELECT seq FROM sqlite_sequence WHERE name = 'movies'")
        let dryRun = try importExport(folder, dryRun: true)
        #expect(dryRun.added == 0 && dryRun.updated == 0 && dryRun.unchanged == 11)
        for _ in 0..<3 {
            let again = try importExport(folder)
            #expect(again.added == 0 && again.updated == 0 && again.unchanged == 11, "\(again)")
            #expect(again.viewingsAdded == 0 && again.viewingsUpdated == 0 && again.listsUnchanged == 1)
            // Nothing changed, so the films seen without a rating are not named again (issue 45).
            #expect(again.seenWithoutRating == 0)
        }
        #expect(try DirectSQL.dump(database.path, table: "movies") == before)
        #expect(
            try DirectSQL.run(database.path, "SELECT seq FROM sqlite_sequence WHERE name = 'movies'")
                == sequence)
        #expect(try DirectSQL.dump(database.path, table: "viewings") == viewingsBefore)
        #expect(try store.add(MovieDraft(title: "Next")).id == 12, "no id was used by the re-imports")
    }

    @Test("Letterboxd export → import → export → import: 0 changes the second time, one row per viewing")
    func roundTrip() throws {
        let folder = try ExportFixtures.letterboxdExport(in: database.folder)
        try importExport(folder)
        let before = try DirectSQL.dump(database.path, table: "movies")
        let viewingsBefore = try DirectSQL.dump(database.path, table: "viewings")
        let listsBefore = try DirectSQL.dump(database.path, table: "list_entries")
        let (seen, watchlist) = try Self.exportLetterboxd(store, to: database.folder)
        let list = try Self.exportList("Heists", store, to: database.folder)
        // One row per viewing, with the header.
        let viewingCount = try DirectSQL.run(database.path, "SELECT count(*) FROM viewings")
        let rows = try ImportTestSupport.movies(seen).count
        #expect(String(rows) == viewingCount.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(rows == 8, "Heat twice, and each other seen film once")

        let readers = try [seen, watchlist, list].map { try MovieImportReader(path: $0) }
        let summary = try MovieImporter(database: database.app).run(
            readers, options: ImportOptions(onDuplicate: .update))
        #expect(summary.added == 0 && summary.updated == 0 && summary.unchanged == 11, "\(summary)")
        #expect(summary.viewingsAdded == 0 && summary.viewingsUpdated == 0 && summary.listsUnchanged == 1)
        #expect(summary.ratingChoiceCount == 0, "\(summary.ratingChoices)")
        #expect(try DirectSQL.dump(database.path, table: "movies") == before)
        #expect(try DirectSQL.dump(database.path, table: "viewings") == viewingsBefore)
        #expect(try DirectSQL.dump(database.path, table: "list_entries") == listsBefore)

        // Into a new list, the files give the same films, and export to the same bytes.
        let other = try TestDatabase()
        let readersAgain = try [seen, watchlist, list].map { try MovieImportReader(path: $0) }
        let fresh = try MovieImporter(database: other.app).run(readersAgain)
        #expect(fresh.added == 11 && fresh.listsAdded == 1)
        let otherFolder = TemporaryDirectory()
        let (seenAgain, watchlistAgain) = try Self.exportLetterboxd(other.store, to: otherFolder)
        #expect(fileSnapshot(seenAgain) == fileSnapshot(seen))
        #expect(fileSnapshot(watchlistAgain) == fileSnapshot(watchlist))
        let words = { (store: MovieStore) in try store.list(MovieQuery(sort: .title)).map(\.ratingWord) }
        #expect(try words(other.store) == words(store))
    }

    /// What `movies export --format letterboxd-list --list NAME` writes.
    static func exportList(_ name: String, _ store: MovieStore, to folder: TemporaryDirectory) throws
        -> String
    {
        let list = try #require(try store.list(named: name))
        let sink = StringSink()
        try LetterboxdListWriter.write(list, entries: try store.entries(ofList: list.id), to: sink)
        return try folder.write(sink.text, to: "\(name).csv")
    }

    /// What `movies export --to letterboxd` and `--to letterboxd-watchlist` write: the seen films, and
    /// exactly the unseen ones.
    static func exportLetterboxd(_ store: MovieStore, to folder: TemporaryDirectory) throws -> (
        String, String
    ) {
        var files: [String] = []
        for (name, state) in [("letterboxd.csv", WatchState.seen), ("letterboxd-watchlist.csv", .watchlist)] {
            let sink = StringSink()
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            var movies: [Movie] = []
            try store.forEachMovie(MovieQuery(watchState: state)) { movies.append($0) }
            for movie in movies {
                if state == .watchlist {
                    try writer.write(LetterboxdRow(watchlist: movie))
                } else {
                    for row in LetterboxdRow.rows(of: movie, viewings: try store.viewings(ofMovie: movie.id))
                    {
                        try writer.write(row)
                    }
                }
            }
            try writer.end()
            files.append(try folder.write(sink.text, to: name))
        }
        return (files[0], files[1])
    }

    @Test("reviews.csv after the diary never puts back an older day or review; a newer export still updates")
    func olderRowsDoNotWin() throws {
        let folder = try ExportFixtures.letterboxdExport(in: database.folder)
        try importExport(folder)
        // A viewing logged here since, then the old export again: the newer day stays.
        let heat = try movie("Heat")
        try store.log(heat.id, on: CalendarDate(parsing: "2024-05-01"))
        let summary = try importExport(folder)
        #expect(summary.updated == 0 && summary.unchanged == 11)
        let after = try movie("Heat")
        #expect(after.watchedOn == CalendarDate(parsing: "2024-05-01") && after.watchCount == 3)
        // A newer export with another rating for Amélie: taken.
        let newer = ExportFixtures.ratings.replacingOccurrences(
            of: "2019-05-04,Amélie,2001,https://boxd.it/2bc4,3.5",
            with: "2024-06-01,Amélie,2001,https://boxd.it/2bc4,4")
        try Data(newer.utf8).write(to: URL(fileURLWithPath: folder + "/ratings.csv"))
        let updated = try importExport(folder)
        #expect(updated.updated == 1 && updated.unchanged == 10, "\(updated)")
        #expect(try movie("Amélie").stars == StarRating(stars: 4))
    }

    @Test("IMDb: films kept, TV series, episodes and games left out and counted; --include-tv takes them")
    func imdbWithTV() throws {
        let path = try database.folder.write(ExportFixtures.imdbRatings, to: "ratings.csv")
        let summary = try MovieImporter(database: database.app).run(try MovieImportReader(path: path))
        #expect(summary.added == 8 && summary.leftOut == 4, "\(summary)")
        let titles = try store.list().map(\.title)
        #expect(!titles.contains("Breaking Bad") && !titles.contains("Breaking Bad: Ozymandias"))
        #expect(
            titles.contains("Luxo Jr.") && titles.contains("Сталкер") == false && titles.contains("Stalker"))
        // The decomposed title is stored composed, and found under either spelling.
        let doppelganger = try #require(try store.list().first { $0.imdbID == "tt0120082" })
        #expect(Array(doppelganger.title.unicodeScalars) == Array("Doppelg\u{E4}nger".unicodeScalars))
        #expect(try store.search("Doppelgänger").map(\.id) == [doppelganger.id])

        let withTV = try MovieImporter(database: database.app).run(
            try MovieImportReader(path: path), options: ImportOptions(includeTV: true))
        #expect(withTV.added == 4 && withTV.leftOut == 0 && withTV.unchanged == 8, "\(withTV)")
    }

    @Test("the summary counts films that end with no rating, not rows that had none")
    func seenWithoutRatingCountsEndState() throws {
        try database.folder.write(ExportFixtures.watched, to: "watched.csv")
        try database.folder.write(ExportFixtures.ratings, to: "ratings.csv")
        let readers = try ["watched.csv", "ratings.csv"].map {
            try MovieImportReader(path: database.folder.file($0))
        }
        let summary = try MovieImporter(database: database.app).run(readers)
        // Seven watched, five of them rated by the later file: two end with no rating.
        #expect(summary.added == 7 && summary.seenWithoutRating == 2, "\(summary)")
    }
}
