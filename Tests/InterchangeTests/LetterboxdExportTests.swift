import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Letterboxd export")
struct LetterboxdExportTests {
    static let rows = [
        LetterboxdRow(
            title: "Heat", year: 1995, stars: StarRating(halfStars: 9),
            watchedOn: CalendarDate(parsing: "2024-03-09"), isRewatch: true,
            review: "Long, \"tense\"\nand loud.", tags: ["cinema", "with sam"],
            imdbID: "tt0113277", letterboxdURI: "https://boxd.it/2aMM"),
        LetterboxdRow(title: "Crouching Tiger, Hidden Dragon", year: 2000, stars: StarRating(halfStars: 8)),
        LetterboxdRow(title: " 千と千尋の神隠し ", year: 2001, stars: StarRating(halfStars: 6), review: "\u{1F409}"),
        LetterboxdRow(title: "Cats", year: 2019, stars: StarRating(halfStars: 1)),
        LetterboxdRow(title: "Perfect Days", year: 2023),
        LetterboxdRow(title: "Morbius", stars: StarRating(halfStars: 4)),
    ]

    @Test("writes Letterboxd's import columns, stars or none, a rewatch flag, tags, RFC 4180 quoting")
    func layout() throws {
        let sink = StringSink()
        try LetterboxdExportWriter(sink: sink).writeAll(Self.rows)
        #expect(
            sink.text == """
                Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI
                Heat,1995,4.5,2024-03-09,true,"Long, ""tense""
                and loud.","cinema, with sam",tt0113277,https://boxd.it/2aMM
                "Crouching Tiger, Hidden Dragon",2000,4,,,,,,
                " 千と千尋の神隠し ",2001,3,,,\u{1F409},,,
                Cats,2019,0.5,,,,,,
                Perfect Days,2023,,,,,,,
                Morbius,,2,,,,,,

                """)
    }

    @Test("what it writes reads back as a Letterboxd file of seen films, field for field")
    func readsBack() throws {
        let sink = StringSink()
        try LetterboxdExportWriter(sink: sink).writeAll(Self.rows)
        let folder = TemporaryDirectory()
        let path = try folder.write(sink.text, to: "letterboxd-import.csv")
        let reader = try MovieImportReader(path: path)
        #expect(reader.format == .letterboxd)
        #expect(reader.letterboxdKind == .importLayout)
        let movies = try ImportTestSupport.movies(path)
        // Titles come back trimmed, as the store keeps them.
        #expect(movies.map(\.title) == Self.rows.map { $0.title.trimmingCharacters(in: .whitespaces) })
        #expect(movies.map(\.year) == Self.rows.map(\.year))
        #expect(movies.map(\.stars) == Self.rows.map(\.stars))
        #expect(movies.map(\.watchedOn) == Self.rows.map(\.watchedOn))
        #expect(movies.map(\.review) == Self.rows.map(\.review))
        #expect(movies.map(\.tags) == Self.rows.map(\.tags))
        #expect(movies.allSatisfy { $0.meaning.isViewing && $0.note == nil })
        #expect(movies.map(\.imdbID) == Self.rows.map(\.imdbID))
        #expect(movies.map(\.letterboxdURI) == Self.rows.map(\.letterboxdURI))
        #expect(movies.map(\.meaning.isRewatch) == [true, false, false, false, false, false])
        // Letterboxd's importer takes every film of the file as watched; so does this one.
        #expect(movies.allSatisfy { $0.watchState == .seen })
        #expect(movies[4].rating == .notSeen)
        // Named as a watchlist, the same file is the watchlist (but rated or dated rows are seen).
        let watchlist = try folder.write(sink.text, to: "letterboxd-watchlist.csv")
        let listed = try ImportTestSupport.movies(watchlist)
        #expect(listed.map(\.watchState) == [.seen, .seen, .seen, .seen, .watchlist, .seen])
    }

    @Test("a film's rows: one per viewing, oldest first, stars only where given, the note only when asked")
    func rowsFromViewings() throws {
        let created = Date(timeIntervalSince1970: 0)
        let movie = Movie(
            id: 3, title: "Heat", year: 1995, rating: .good, watchedOn: CalendarDate(parsing: "2024-03-09"),
            watchCount: 2, note: "private", createdAt: created, updatedAt: created, imdbID: "tt0113277",
            letterboxdURI: "https://boxd.it/2aMM")
        let newer = Viewing(
            id: 9, movieID: 3, watchedOn: CalendarDate(parsing: "2024-03-09"), rating: .good, isRewatch: true,
            review: "Again.", tags: ["cinema"], createdAt: created, updatedAt: created)
        let older = Viewing(
            id: 8, movieID: 3, watchedOn: CalendarDate(parsing: "2020-01-02"), rating: .excellent,
            stars: StarRating(stars: 4.5), createdAt: created, updatedAt: created)
        let rows = LetterboxdRow.rows(of: movie, viewings: [newer, older])
        #expect(
            rows == [
                LetterboxdRow(
                    title: "Heat", year: 1995, stars: StarRating(stars: 4.5),
                    watchedOn: CalendarDate(parsing: "2020-01-02"), imdbID: "tt0113277",
                    letterboxdURI: "https://boxd.it/2aMM"),
                // A rating given as a word only is written without stars: none were given.
                LetterboxdRow(
                    title: "Heat", year: 1995, stars: nil, watchedOn: CalendarDate(parsing: "2024-03-09"),
                    isRewatch: true, review: "Again.", tags: ["cinema"], imdbID: "tt0113277",
                    letterboxdURI: "https://boxd.it/2aMM"),
            ])
        #expect(rows.allSatisfy { $0.review?.contains("private") != true }, "a note is private")
        let withNotes = LetterboxdRow.rows(of: movie, viewings: [newer, older], notes: true)
        #expect(withNotes.last?.review == "Again.\n\nprivate")
    }
}
