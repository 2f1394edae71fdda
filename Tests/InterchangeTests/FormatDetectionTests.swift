import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Import format detection")
struct FormatDetectionTests {
    @Test(
        "each format is told from its first bytes or header",
        arguments: [
            ("ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n", MovieImportFormat.letterboxd),
            ("watched.csv", "\u{FEFF}Date,Name,Year,Letterboxd URI\n", .letterboxd),
            ("x.csv", "Title,Year,Rating,WatchedDate,Review,imdbID,LetterboxdURI\n", .letterboxd),
            ("imdb.csv", "Const,Your Rating,Date Rated,Title,Year\n", .imdb),
            ("old.csv", "\"position\",\"const\",\"created\",\"Title\",\"You rated\"\n", .imdb),
            ("own.csv", "id,title,year,rating,watched_on,note,created_at,updated_at\n", .csv),
            (
                "own-extra.csv", "id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id\n",
                .csv
            ),
            ("own.tsv", "id\ttitle\tyear\trating\twatched_on\tnote\tcreated_at\tupdated_at\n", .tsv),
            ("a.json", "  \n[]", .json),
            ("a.ndjson", "\u{FEFF}{\"title\":\"x\"}\n", .ndjson),
        ])
    func detection(name: String, text: String, format: MovieImportFormat) throws {
        let folder = TemporaryDirectory()
        let reader = try MovieImportReader(path: try folder.write(text, to: name))
        #expect(reader.format == format)
    }

    @Test("an explicit format wins over detection")
    func explicitFormat() throws {
        let folder = TemporaryDirectory()
        // Letterboxd's import layout has a Title column, so it can be read as this program's csv; its
        // ratings are stars, which the rating column takes as stars (issue 45), and a value neither a
        // word nor stars is refused row by row.
        let path = try folder.write("Title,Year,Rating\nHeat,1995,4.5\nAlien,1979,4.25\n", to: "x.csv")
        #expect(try MovieImportReader(path: path).format == .letterboxd)
        let reader = try MovieImportReader(path: path, format: .csv)
        #expect(reader.format == .csv)
        #expect(
            try ImportTestSupport.rowErrors(path, format: .csv).map(\.description) == [
                "line 3: the rating '4.25' is not one of not-seen, seen, terrible, poor, decent, good, excellent"
            ])
    }
}
