import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Letterboxd export")
struct LetterboxdExportTests {
    static let rows = [
        LetterboxdRow(
            title: "Heat", year: 1995, rating: .excellent, stars: StarRating(halfStars: 9),
            watchedOn: CalendarDate(parsing: "2024-03-09"), review: "Long, \"tense\"\nand loud.",
            imdbID: "tt0113277", letterboxdURI: "https://boxd.it/2aMM"),
        LetterboxdRow(title: "Crouching Tiger, Hidden Dragon", year: 2000, rating: .good),
        LetterboxdRow(title: " 千と千尋の神隠し ", year: 2001, rating: .decent, review: "\u{1F409}"),
        LetterboxdRow(title: "Cats", year: 2019, rating: .terrible, stars: StarRating(halfStars: 1)),
        LetterboxdRow(title: "Perfect Days", year: 2023, rating: .notSeen),
        LetterboxdRow(title: "Morbius", rating: .poor),
    ]

    @Test("writes Letterboxd's import columns, stars from the row or the word, RFC 4180 quoting")
    func layout() throws {
        let sink = StringSink()
        try LetterboxdExportWriter(sink: sink).writeAll(Self.rows)
        #expect(
            sink.text == """
                Title,Year,Rating,WatchedDate,Review,imdbID,LetterboxdURI
                Heat,1995,4.5,2024-03-09,"Long, ""tense""
                and loud.",tt0113277,https://boxd.it/2aMM
                "Crouching Tiger, Hidden Dragon",2000,4,,,,
                " 千と千尋の神隠し ",2001,3,,\u{1F409},,
                Cats,2019,0.5,,,,
                Perfect Days,2023,,,,,
                Morbius,,2,,,,

                """)
    }

    @Test("what it writes reads back as a Letterboxd file with the same titles, years, stars and dates")
    func readsBack() throws {
        let sink = StringSink()
        let writer = LetterboxdExportWriter(sink: sink)
        try writer.begin()
        for row in Self.rows {
            try writer.write(row)
        }
        try writer.end()
        let folder = TemporaryDirectory()
        let path = try folder.write(sink.text, to: "letterboxd-import.csv")
        let reader = try MovieImportReader(path: path)
        #expect(reader.format == .letterboxd)
        #expect(reader.letterboxdKind == .importLayout)
        let movies = try ImportTestSupport.movies(path)
        // Titles come back trimmed, as the store keeps them.
        #expect(movies.map(\.title) == Self.rows.map { $0.title.trimmingCharacters(in: .whitespaces) })
        #expect(movies.map(\.year) == Self.rows.map(\.year))
        #expect(movies.map(\.stars) == Self.rows.map(\.exportedStars))
        #expect(movies.map(\.rating) == Self.rows.map(\.rating))
        #expect(movies.map(\.watchedOn) == Self.rows.map(\.watchedOn))
        #expect(movies.map(\.note) == Self.rows.map(\.review))
        #expect(movies.map(\.imdbID) == Self.rows.map(\.imdbID))
        #expect(movies.map(\.letterboxdURI) == Self.rows.map(\.letterboxdURI))
        #expect(movies.map(\.watched) == [true, true, true, true, false, true])
    }

    @Test("rows from a Movie and from an ImportedMovie")
    func rowSources() throws {
        let created = Date(timeIntervalSince1970: 0)
        let movie = Movie(
            id: 3, title: "Heat", year: 1995, rating: .good, watchedOn: CalendarDate(parsing: "2024-03-09"),
            note: "n", createdAt: created, updatedAt: created, imdbID: "tt0113277")
        let row = LetterboxdRow(movie: movie)
        #expect(
            row
                == LetterboxdRow(
                    title: "Heat", year: 1995, rating: .good, watchedOn: CalendarDate(parsing: "2024-03-09"),
                    review: "n", imdbID: "tt0113277"))
        #expect(row.exportedStars == StarRating(halfStars: 8))
        let imported = ImportedMovie(
            line: 2, title: "Cats", rating: .terrible, stars: StarRating(halfStars: 1),
            letterboxdURI: "https://boxd.it/x")
        #expect(
            LetterboxdRow(imported)
                == LetterboxdRow(
                    title: "Cats", rating: .terrible, stars: StarRating(halfStars: 1),
                    letterboxdURI: "https://boxd.it/x"))
    }
}
