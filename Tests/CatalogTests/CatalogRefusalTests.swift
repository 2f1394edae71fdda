import AppTestSupport
import Catalog
import Foundation
import TestSupport
import Testing

/// Bad dataset files are refused with the file and line named, exit 65, and the previous catalog as it was.
@Suite struct CatalogRefusalTests {
    let folder = TemporaryDirectory()
    var catalogPath: String { folder.file("movies.catalog.sqlite") }
    var datasets: String { folder.file("datasets") }

    init() throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("datasets"), withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder.file("datasets"))
        _ = try CatalogLoader(catalogPath: folder.file("movies.catalog.sqlite")).load(
            try DatasetFile.files(at: [folder.file("datasets")]))
    }

    /// Loads the folder after `change`, expects `expected`, and checks the catalog is byte for byte
    /// the one before, with nothing left beside it.
    func expectRefusal(_ expected: CatalogError, after change: () throws -> Void) throws {
        try change()
        let before = try #require(fileSnapshot(catalogPath))
        #expect(throws: expected) {
            try CatalogLoader(catalogPath: catalogPath).load(try DatasetFile.files(at: [datasets]))
        }
        #expect(expected.exitCode == .dataError || expected.exitCode == .noInput)
        #expect(fileSnapshot(catalogPath) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "datasets", "movies.catalog.sqlite",
            ])
    }

    @Test func aTruncatedGzipFile() throws {
        let path = datasets + "/title.ratings.tsv.gz"
        try expectRefusal(
            .badData(
                file: path, line: 0,
                reason: "the gzip data ends too soon (the file is cut short; download it again)")
        ) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count - 12).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test func aFileThatIsNotGzip() throws {
        let path = datasets + "/title.crew.tsv.gz"
        try expectRefusal(
            .badData(file: path, line: 0, reason: "not gzip or damaged (incorrect header check)")
        ) {
            try IMDbDatasets.crew.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test func aWrongHeader() throws {
        let path = datasets + "/title.basics.tsv.gz"
        try expectRefusal(
            .badData(
                file: path, line: 1,
                reason:
                    "the header is not title.basics.tsv.gz's (tconst, titleType, primaryTitle, originalTitle, isAdult, startYear, endYear, runtimeMinutes, genres)"
            )
        ) {
            // title.ratings's columns under title.basics's name.
            try IMDbDatasets.writeGzip(IMDbDatasets.ratings, to: path)
        }
    }

    @Test func aLineWithTheWrongNumberOfFields() throws {
        let path = datasets + "/title.akas.tsv.gz"
        try expectRefusal(.badData(file: path, line: 4, reason: "7 fields where title.akas.tsv.gz has 8")) {
            let broken = IMDbDatasets.akas.replacingOccurrences(
                of: "\tGB\t\\N\timdbDisplay", with: "\tGB\timdbDisplay")
            try IMDbDatasets.writeGzip(broken, to: path)
        }
    }

    @Test func aTitleIDThatIsNotOne() throws {
        let path = datasets + "/title.basics.tsv.gz"
        try expectRefusal(
            .badData(file: path, line: 3, reason: "'t0068699' is not an IMDb title id (tt and digits)")
        ) {
            try IMDbDatasets.writeGzip(
                IMDbDatasets.basics.replacingOccurrences(of: "tt0068699", with: "t0068699"), to: path)
        }
    }

    @Test func aLastLineCutShortInsideAWholeGzipMember() throws {
        let path = datasets + "/name.basics.tsv.gz"
        try expectRefusal(
            .badData(file: path, line: 9, reason: "the last line has no line break (the file is cut short)")
        ) {
            try IMDbDatasets.writeGzip(IMDbDatasets.names + "nm0000002\tLauren Bac", to: path)
        }
    }

    @Test func aFolderWithoutTheBasics() throws {
        try FileManager.default.removeItem(atPath: datasets + "/title.basics.tsv.gz")
        #expect(throws: CatalogError.noBasics) { try DatasetFile.files(at: [datasets]) }
        #expect(CatalogError.noBasics.exitCode == .usage)
    }

    @Test func aFolderOfOtherFilesNamesTheFilesItLooksFor() throws {
        let other = folder.file("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        _ = try folder.write("x", to: "other/basics.csv")
        let expected = CatalogError.missing(
            file: other,
            reason:
                "the folder holds none of IMDb's dataset files (title.basics.tsv.gz or, gunzipped, title.basics.tsv, and the others)"
        )
        #expect(throws: expected) { try DatasetFile.files(at: [other]) }
        #expect(expected.exitCode == .noInput)
    }

    @Test func aFileNamedOtherwise() throws {
        let path = try folder.write("x", to: "basics.tsv.gz")
        #expect(throws: CatalogError.unknownFile(path)) { try DatasetFile.files(at: [path]) }
    }
}
