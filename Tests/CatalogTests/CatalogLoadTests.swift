import AppTestSupport
import Basics
import Catalog
import Foundation
import MoviesCore
import TestSupport
import Testing

/// Loading IMDb-format files into a catalog, and reading it back.
@Suite struct CatalogLoadTests {
    let folder = TemporaryDirectory()
    var catalogPath: String { folder.file("movies.catalog.sqlite") }

    func load(_ replacing: [String: String] = [:]) throws -> CatalogStatus {
        let datasets = folder.file("datasets")
        try FileManager.default.createDirectory(atPath: datasets, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: datasets, replacing: replacing)
        return try CatalogLoader(catalogPath: catalogPath).load(try DatasetFile.files(at: [datasets]))
    }

    @Test func keepsFilmsShortsAndVideosButNoSeriesOrEpisodes() throws {
        let status = try load()
        #expect(status.titleCount == 7)
        #expect(
            status.files.map(\.kind) == [
                "title.basics", "title.akas", "title.crew", "title.ratings", "name.basics",
            ])
        let basics = try #require(status.files.first)
        #expect(basics.rowsRead == 9)
        #expect(basics.rowsKept == 7)
        // The episode's alternative title, crew and rating are left out with it; of the names, only
        // the directors of kept films.
        #expect(status.files[1].rowsKept == 5)  // Heat twice in one film's titles counts once
        #expect(status.files[3].rowsKept == 4)
        #expect(status.files[4].rowsKept == 6 - 1)  // not Fred Astaire, not the episode's director
        let reader = try CatalogReader(path: catalogPath)
        let heat = try #require(try reader.title(imdbID: "tt0113277"))
        #expect(heat.title == "Heat")
        #expect(heat.year == 1995)
        #expect(heat.runtimeMinutes == 170)
        #expect(heat.genres == ["Action", "Crime", "Drama"])
        #expect(heat.directors == ["Michael Mann"])
        #expect(heat.rating == 8.3)
        #expect(heat.votes == 721456)
        let lebowski = try #require(try reader.title(imdbID: "tt0118715"))
        #expect(lebowski.directors == ["Joel Coen", "Ethan Coen"])
        #expect(try reader.title(imdbID: "tt0944947") == nil)
    }

    @Test func aFolderOfGunzippedFilesLoadsAsThePublishedOnesDo() throws {
        let datasets = folder.file("plain")
        try FileManager.default.createDirectory(atPath: datasets, withIntermediateDirectories: true)
        let texts = [
            "title.basics": IMDbDatasets.basics, "title.akas": IMDbDatasets.akas,
            "title.crew": IMDbDatasets.crew, "title.ratings": IMDbDatasets.ratings,
            "name.basics": IMDbDatasets.names,
        ]
        for (kind, text) in texts {
            try text.write(toFile: datasets + "/" + kind + ".tsv", atomically: false, encoding: .utf8)
        }
        let files = try DatasetFile.files(at: [datasets])
        #expect(
            files.map { $0.path.split(separator: "/").last.map(String.init) } == [
                "title.basics.tsv", "title.akas.tsv", "title.crew.tsv", "title.ratings.tsv",
                "name.basics.tsv",
            ])
        let status = try CatalogLoader(catalogPath: catalogPath).load(files)
        #expect(status.titleCount == 7)
        #expect(status.files.map(\.rowsKept) == [7, 5, 4, 4, 5])
        let heat = try #require(try CatalogReader(path: catalogPath).title(imdbID: "tt0113277"))
        #expect(heat.directors == ["Michael Mann"])
        // One file given by its gunzipped name alone is read too.
        #expect(try DatasetFile.files(at: [datasets + "/title.basics.tsv"]).map(\.kind) == [.titleBasics])
    }

    @Test func ofEveryTitleTypeIMDbPublishesTheFilmsAreKept() throws {
        let types = [
            "movie", "short", "tvEpisode", "tvMiniSeries", "tvMovie", "tvPilot", "tvSeries", "tvShort",
            "tvSpecial", "video", "videoGame",
        ]
        var basics =
            "tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres\n"
        for (index, type) in types.enumerated() {
            basics += "tt\(1_000_001 + index)\t\(type)\tA \(type)\tA \(type)\t0\t2020\t\\N\t90\tDrama\n"
        }
        let status = try load(["title.basics": basics])
        let reader = try CatalogReader(path: catalogPath)
        var kept: [String] = []
        for (index, type) in types.enumerated()
        where try reader.title(imdbID: "tt\(1_000_001 + index)") != nil {
            kept.append(type)
        }
        #expect(kept == ["movie", "short", "tvMovie", "tvShort", "video"])
        #expect(status.titleCount == 5)
    }

    @Test func anOddValueIsLeftOutAndTheLoadGoesOn() throws {
        // Values IMDb's files should not hold, in lines that are whole: the film stays, the value goes.
        let basics =
            IMDbDatasets.basics
            + "tt2000001\tmovie\tOdd Values\tOdd Values\t2019\t19x5\t\\N\t-\tDrama\n"
            + "tt2000002\tmovie\tFar Future\tFar Future\t1\t3021\t\\N\t999999\tDrama\n"
        let ratings =
            IMDbDatasets.ratings + "tt2000001\t11.5\t100\n" + "tt2000002\t7.5\t\\N\n"
        let status = try load(["title.basics": basics, "title.ratings": ratings])
        #expect(status.titleCount == 9)
        let reader = try CatalogReader(path: catalogPath)
        let odd = try #require(try reader.title(imdbID: "tt2000001"))
        #expect(odd.year == nil && odd.runtimeMinutes == nil && odd.rating == nil && odd.votes == nil)
        // Stored as published, and linked only with what a diary's film may hold.
        let future = try #require(try reader.title(imdbID: "tt2000002"))
        #expect(future.year == 3021 && future.runtimeMinutes == 999_999 && future.rating == nil)
        #expect(future.details.year == nil && future.details.runtimeMinutes == nil)
    }

    @Test func titlesKeepTheirDoubleQuotesAndNullsStayNull() throws {
        _ = try load()
        let reader = try CatalogReader(path: catalogPath)
        let weird = try #require(try reader.title(imdbID: "tt0089213"))
        #expect(weird.title == "\"Weird Al\" Yankovic: The Compleat Al")
        #expect(weird.runtimeMinutes == nil)
        #expect(weird.genres.isEmpty)
        #expect(weird.directors.isEmpty)
        #expect(weird.rating == nil)
        #expect(try reader.find("weird al").map(\.imdbID) == ["tt0089213"])
    }

    @Test func findsByAnyTitleBestMatchThenVotes() throws {
        _ = try load()
        let reader = try CatalogReader(path: catalogPath)
        // Both are titled Heat: the better known first.
        #expect(try reader.find("heat").map(\.imdbID) == ["tt0113277", "tt0068699"])
        #expect(try reader.find("heat", year: 1972).map(\.imdbID) == ["tt0068699"])
        // Through the alternative titles, accents aside.
        #expect(try reader.find("fuego contra").map(\.imdbID) == ["tt0113277"])
        #expect(try reader.find("fabelhafte welt").map(\.imdbID) == ["tt0211915"])
        #expect(try reader.find("amelie").map(\.imdbID) == ["tt0211915"])
        // Whole words, not prefixes.
        #expect(try reader.find("hea").isEmpty)
        #expect(throws: FullTextQuery.Problem.self) { try reader.find("?!") }
    }

    @Test func theBestMatchByWordsComesBeforeTheBetterKnown() throws {
        let basics =
            IMDbDatasets.basics
            + "tt2000001\tmovie\tThe Long Hot Summer of the River Heat Wave\tThe Long Hot Summer of the River Heat Wave\t0\t1990\t\\N\t90\tDrama\n"
        let ratings = IMDbDatasets.ratings + "tt2000001\t7.0\t9000000\n"
        _ = try load(["title.basics": basics, "title.ratings": ratings])
        let reader = try CatalogReader(path: catalogPath)
        // The long title has the most votes of all, but both Heats are the word and nothing else.
        #expect(try reader.find("heat").map(\.imdbID) == ["tt0113277", "tt0068699", "tt2000001"])
    }

    @Test func matchesATitleInAnyOfItsFormsAndYear() throws {
        _ = try load()
        let reader = try CatalogReader(path: catalogPath)
        #expect(try reader.films(titled: "Heat", year: nil).map(\.imdbID) == ["tt0113277", "tt0068699"])
        #expect(try reader.films(titled: "HEAT", year: 1995).map(\.imdbID) == ["tt0113277"])
        #expect(
            try reader.films(titled: "Le Fabuleux Destin d'Amélie Poulain", year: 2001).map(\.imdbID) == [
                "tt0211915"
            ])
        // The same words in another title are not that title.
        #expect(try reader.films(titled: "Lambs", year: nil).isEmpty)
        #expect(try reader.films(titled: "Heat", year: 2000).isEmpty)
    }

    @Test func aNewLoadReplacesTheOldCatalogWhole() throws {
        _ = try load()
        let newer = IMDbDatasets.basics.replacingOccurrences(of: "\t170\t", with: "\t171\t")
        _ = try load(["title.basics": newer])
        let reader = try CatalogReader(path: catalogPath)
        #expect(try reader.title(imdbID: "tt0113277")?.runtimeMinutes == 171)
        #expect(try reader.status().titleCount == 7)
        #expect(permissions(of: catalogPath) == 0o600)
        // One file, no journal or log beside it, and no scratch file left.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "datasets", "movies.catalog.sqlite",
            ])
    }

    @Test func onlyTheBasicsAreNeeded() throws {
        let datasets = folder.file("only")
        try FileManager.default.createDirectory(atPath: datasets, withIntermediateDirectories: true)
        let path = datasets + "/title.basics.tsv.gz"
        try IMDbDatasets.writeGzip(IMDbDatasets.basics, to: path)
        let status = try CatalogLoader(catalogPath: catalogPath).load(try DatasetFile.files(at: [path]))
        #expect(status.files.map(\.kind) == ["title.basics"])
        #expect(try CatalogReader(path: catalogPath).title(imdbID: "tt0113277")?.directors == [])
    }
}
