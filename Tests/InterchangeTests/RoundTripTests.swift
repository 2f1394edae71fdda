import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Own formats read back what MovieRecordWriter writes")
struct RoundTripTests {
    /// Pieces of nasty text: separators and quotes of every format, escapes, emoji, CJK, RTL, spaces.
    static let pieces = [
        "Heat", "\"", "\"\"", ",", ";", "\\", "\\n", "\\t", "'", "{", "}", "[", "]", ":", "é", "\u{1F3AC}",
        "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "映画", "千と千尋の神隠し", "שלום", "  ", "#", "null", "0",
        "\u{2028}", "\u{FEFF}", "\u{FFFD}",
        // What spreadsheets read as the start of a formula, and quotes before them (FieldEncoding.spreadsheetSafe).
        "=", "+", "-", "@", "'=", "''-", "=HYPERLINK(\"http://x\")",
    ]

    /// `count` movies that pass `MovieValidation`, with titles and notes built from `pieces`, notes with
    /// line breaks and tabs, and absent values mixed in.
    static func movies(count: Int) -> [Movie] {
        var random = SeededGenerator(seed: 7)
        func text(_ length: ClosedRange<Int>, separators: [String]) -> String {
            (0..<Int.random(in: length, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? (pieces.randomElement(using: &random) ?? "")
                    : (separators.randomElement(using: &random) ?? "")
            }.joined()
        }
        func timestamp() -> Date {
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &random)
            // Through the project's own text form, so the value is exactly representable at milliseconds.
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            return Timestamp.date(from: Timestamp.string(from: date)) ?? date
        }
        return (1...count).map { index in
            var title = text(1...6, separators: [" ", ",", "\""]).trimmingCharacters(
                in: .whitespacesAndNewlines)
            // As the file stores titles (runs of spaces made one), which the import gives back exactly.
            title = TitleKeys.stored(title)
            if title.isEmpty { title = "Untitled \(index)" }
            let note: String? =
                index % 5 == 0 ? nil : text(0...12, separators: ["\n", "\t", " ", "\n\n", ",", "\"\n\""])
            let created = timestamp()
            // Every word; a watchlist movie has no viewing, only a rated one a rating date.
            let word = RatingWord.allCases.randomElement(using: &random) ?? .notSeen
            let seen = word != .notSeen
            return Movie(
                id: Int64(index * 3),
                title: title,
                year: index % 4 == 0 ? nil : Int.random(in: 1870...2100, using: &random),
                rating: word.rating,
                watchState: word.watchState,
                watchedOn: index % 3 == 0 || !seen
                    ? nil
                    : CalendarDate(year: Int.random(in: 1900...2025, using: &random), month: 2, day: 28),
                watchCount: seen && index % 7 != 0 ? Int.random(in: 1...40, using: &random) : nil,
                ratedOn: word.rating == .notSeen || index % 6 == 0
                    ? nil
                    : CalendarDate(year: Int.random(in: 1990...2025, using: &random), month: 12, day: 31),
                note: note?.isEmpty == true ? nil : note,
                createdAt: created,
                updatedAt: index % 2 == 0 ? created : timestamp())
        }
    }

    /// An `ImportedMovie` carries what the writer wrote; compare the fields `Movie` has.
    static func movie(_ imported: ImportedMovie) -> Movie? {
        guard let id = imported.id, let createdAt = imported.createdAt, let updatedAt = imported.updatedAt
        else {
            return nil
        }
        return Movie(
            id: id, title: imported.title, year: imported.year, rating: imported.rating,
            watchState: imported.watchState, watchedOn: imported.watchedOn, watchCount: imported.watchCount,
            ratedOn: imported.ratedOn, note: imported.note, createdAt: createdAt, updatedAt: updatedAt)
    }

    @Test(
        "csv, tsv, json and ndjson round-trip 400 nasty movies exactly", arguments: RecordFormat.allCases
    )
    func roundTrip(format: RecordFormat) throws {
        let movies = Self.movies(count: 400)
        for movie in movies {
            #expect(throws: Never.self) {
                _ = try MovieValidation.validated(MovieDraft(title: movie.title, note: movie.note))
            }
        }
        let sink = StringSink()
        try MovieRecordWriter(format: format, sink: sink).writeAll(movies)
        let folder = TemporaryDirectory()
        let path = try folder.write(sink.text, to: "movies.\(format.rawValue)")

        let reader = try MovieImportReader(path: path)
        #expect(reader.format.rawValue == format.rawValue)
        for bufferSize in [7, 64 * 1024] {
            let imported = try ImportTestSupport.movies(path, format: reader.format, bufferSize: bufferSize)
            #expect(imported.compactMap(Self.movie) == movies)
            #expect(imported.allSatisfy { $0.stars == nil && $0.imdbID == nil && $0.letterboxdURI == nil })
        }
    }

    @Test("an empty list round-trips in every format", arguments: RecordFormat.allCases)
    func emptyList(format: RecordFormat) throws {
        let sink = StringSink()
        try MovieRecordWriter(format: format, sink: sink).writeAll([Movie]())
        let folder = TemporaryDirectory()
        let path = try folder.write(sink.text, to: "empty.\(format.rawValue)")
        if format == .ndjson {
            // Nothing at all was written: no format can be told from zero bytes.
            #expect(ImportTestSupport.importFailure(path) == "\(path): the file is empty")
            #expect(try ImportTestSupport.rows(path, format: .ndjson).isEmpty)
        } else {
            #expect(try ImportTestSupport.rows(path).isEmpty)
        }
    }

    @Test("the optional columns stars, imdb_id and letterboxd_uri are read when present, in any order")
    func extraColumns() throws {
        let folder = TemporaryDirectory()
        let csv = try folder.write(
            """
            id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri
            1,Heat,1995,excellent,2024-03-09,,2026-11-30T10:20:00.123Z,2026-11-30T10:20:00.123Z,4.5,tt0113277,https://boxd.it/2aMM
            2,Cats,,terrible,,,2026-11-30T10:20:00.000Z,2026-11-30T10:20:01.000Z,,,

            """, to: "extra.csv")
        let tsv = try folder.write(
            "letterboxd_uri\tstars\tid\ttitle\tyear\trating\twatched_on\tnote\tcreated_at\tupdated_at\timdb_id\n"
                + "https://boxd.it/2aMM\t4.5\t1\tHeat\t1995\texcellent\t2024-03-09\t\t2026-11-30T10:20:00.123Z\t"
                + "2026-11-30T10:20:00.123Z\ttt0113277\n"
                + "\t\t2\tCats\t\tterrible\t\t\t2026-11-30T10:20:00.000Z\t2026-11-30T10:20:01.000Z\t\n",
            to: "extra.tsv")
        let json = try folder.write(
            """
            [{"stars":4.5,"imdb_id":"tt0113277","letterboxd_uri":"https://boxd.it/2aMM","id":1,"title":"Heat",\
            "year":1995,"rating":"excellent","watched_on":"2024-03-09","note":null,\
            "created_at":"2026-11-30T10:20:00.123Z","updated_at":"2026-11-30T10:20:00.123Z"},
             {"id":2,"title":"Cats","year":null,"rating":"terrible","watched_on":null,"note":null,"stars":null,\
            "created_at":"2026-11-30T10:20:00.000Z","updated_at":"2026-11-30T10:20:01.000Z","tags":["a",{"b":[]}]}]
            """, to: "extra.json")
        let expected = [
            ImportedMovie(
                line: 2, id: 1, title: "Heat", year: 1995, rating: .excellent,
                stars: StarRating(halfStars: 9),
                watchedOn: CalendarDate(parsing: "2024-03-09"), imdbID: "tt0113277",
                letterboxdURI: "https://boxd.it/2aMM",
                createdAt: Timestamp.date(from: "2026-11-30T10:20:00.123Z"),
                updatedAt: Timestamp.date(from: "2026-11-30T10:20:00.123Z")),
            ImportedMovie(
                line: 3, id: 2, title: "Cats", rating: .terrible,
                createdAt: Timestamp.date(from: "2026-11-30T10:20:00.000Z"),
                updatedAt: Timestamp.date(from: "2026-11-30T10:20:01.000Z")),
        ]
        #expect(try ImportTestSupport.movies(csv) == expected)
        #expect(try ImportTestSupport.movies(tsv) == expected)
        var fromJSON = expected
        fromJSON[0].line = 1
        fromJSON[1].line = 2
        #expect(try ImportTestSupport.movies(json) == fromJSON)
    }

    @Test("JSON: escapes, surrogate pairs, keys in any case, NDJSON with blank lines and a BOM")
    func jsonDetails() throws {
        let folder = TemporaryDirectory()
        let ndjson = try folder.write(
            "\u{FEFF}\n"
                + #"{"Title":"\ud83c\udfac \u6620\u753b \"q\" \\ \/","Note":"a\r\nb\tc","Rating":"GOOD"}"#
                + "\n\n  \r\n"
                + #"{"title":"1984","year":"1984","id":"5","extra":{"deep":[1,2,{"x":null}]},"flag":true}"#
                + "\n"
                + #"{"title":"Bell\b"}"#,
            to: "x.ndjson")
        let rows = try ImportTestSupport.rows(ndjson)
        #expect(rows.count == 3)
        #expect(
            try rows[0].get()
                == ImportedMovie(
                    line: 2, title: "\u{1F3AC} 映画 \"q\" \\ /", rating: .good, note: "a\nb\tc"))
        #expect(try rows[1].get() == ImportedMovie(line: 5, id: 5, title: "1984", year: 1984))
        #expect(
            rows[2].failureDescription
                == "line 6: the title contains a control character (U+0008); only printable text is allowed")
    }
}

extension Result where Failure == ImportRowError {
    /// The error's text, or nil for a success.
    var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
