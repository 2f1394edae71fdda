import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Import refusals: bad rows and bad files")
struct ImportErrorTests {
    static let ownHeader = MovieRecordWriter.baseFieldNames.joined(separator: ",")
    static let stamp = "2026-11-30T10:20:00.000Z"

    @Test("each kind of bad row is reported with its line, and the good rows around it still read")
    func rowErrors() throws {
        let folder = TemporaryDirectory()
        let longTitle = String(repeating: "x", count: 501)
        let longNote = String(repeating: "n", count: 10_001)
        let rows = [
            "1,Fine,1995,good,,,\(Self.stamp),\(Self.stamp)",  // 2
            "2,   ,1995,good,,,\(Self.stamp),\(Self.stamp)",  // 3
            "3,Year,MCMXCV,good,,,\(Self.stamp),\(Self.stamp)",  // 4
            "4,Old,1869,good,,,\(Self.stamp),\(Self.stamp)",  // 5
            "5,\(longTitle),,good,,,\(Self.stamp),\(Self.stamp)",  // 6
            "6,Note,,good,,\(longNote),\(Self.stamp),\(Self.stamp)",  // 7
            "7,Bell\u{7},,good,,,\(Self.stamp),\(Self.stamp)",  // 8
            "8,Word,,superb,,,\(Self.stamp),\(Self.stamp)",  // 9
            "9,Day,,good,2024-02-30,,\(Self.stamp),\(Self.stamp)",  // 10
            "10,Stamp,,good,,,yesterday,\(Self.stamp)",  // 11
            "x1,Id,,good,,,\(Self.stamp),\(Self.stamp)",  // 12
            "12,Extra,,good,,,\(Self.stamp),\(Self.stamp),surplus,fields,here,and,one",  // 13
            "13,Escape \u{1B}[31m,,good,,,\(Self.stamp),\(Self.stamp)",  // 14
            "14,Also fine,,,,,,",  // 15
            // Line 16. Timestamp.date would overflow an Int on this many fraction digits; refused first.
            "15,Digits,,good,,,2026-11-30T10:20:00.\(String(repeating: "9", count: 40))Z,\(Self.stamp)",
        ]
        let path = try folder.write(
            Self.ownHeader + "\n" + rows.joined(separator: "\n") + "\n", to: "bad-rows.csv")
        let results = try ImportTestSupport.rows(path)
        #expect(results.count == rows.count)
        let messages = results.compactMap(\.failureDescription)
        #expect(
            messages == [
                "line 3: the title is blank; a movie needs a title",
                "line 4: the year 'MCMXCV' is not a number",
                "line 5: the year 1869 is out of range; use 1870–2100",
                "line 6: the title is 501 characters long; the limit is 500",
                "line 7: the note is 10001 characters long; the limit is 10000",
                "line 8: the title contains a control character (U+0007); only printable text is allowed",
                "line 9: the rating 'superb' is not one of not-seen, seen, terrible, poor, decent, good, excellent",
                "line 10: the watched_on '2024-02-30' is not a date (YYYY-MM-DD)",
                "line 11: the created_at 'yesterday' is not a UTC timestamp (like 2026-11-30T10:20:00.000Z)",
                "line 12: the id 'x1' is not a positive whole number",
                "line 13: the row has 13 fields but the header has 8 columns",
                "line 14: the title contains a control character (U+001B); only printable text is allowed",
                "line 16: the created_at '2026-11-30T10:20:00.99999999999999999999…' is not a UTC timestamp "
                    + "(like 2026-11-30T10:20:00.000Z)",
            ])
        let good = results.compactMap { try? $0.get() }
        #expect(good.map(\.title) == ["Fine", "Also fine"])
        #expect(good.map(\.line) == [2, 15])
    }

    @Test("Letterboxd and IMDb specific refusals")
    func sourceSpecificErrors() throws {
        let folder = TemporaryDirectory()
        let letterboxd = try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating
            2023-01-01,Half,2000,https://boxd.it/a,7.5
            2023-01-01,Zero,2000,https://boxd.it/b,0
            2023-01-01,Text,2000,https://boxd.it/c,four
            2023-01-01,Hex,2000,https://boxd.it/d,0x8
            2023-01-01,Elsewhere,2000,https://evil.example/film,4
            2023-01-01,,2000,https://boxd.it/e,4
            2023-01-01,Fine,2000,https://boxd.it/f,4

            """, to: "ratings.csv")
        #expect(
            try ImportTestSupport.rowErrors(letterboxd).map(\.description) == [
                "line 2: the rating 7.5 is not a Letterboxd rating (0.5–5 in halves)",
                "line 3: the rating 0 is not a Letterboxd rating (0.5–5 in halves)",
                "line 4: the rating four is not a Letterboxd rating (0.5–5 in halves)",
                "line 5: the rating 0x8 is not a Letterboxd rating (0.5–5 in halves)",
                "line 6: the Letterboxd URI 'https://evil.example/film' is not a letterboxd.com or boxd.it address",
                "line 7: the title is blank; a movie needs a title",
            ])
        let diary = try folder.write(
            "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
                + "2024-01-01,Day,2000,https://boxd.it/a,3,,,31/12/2023\n", to: "diary.csv")
        #expect(
            try ImportTestSupport.rowErrors(diary).map(\.description) == [
                "line 2: the watched date '31/12/2023' is not a date (YYYY-MM-DD)"
            ])
        let imdb = try folder.write(
            """
            Const,Your Rating,Date Rated,Title,Year
            tt0113277,11,2023-05-01,Heat,1995
            tt0113277,7.5,2023-05-01,Heat,1995
            nm0000123,7,2023-05-01,A person,1995
            tt0113277,8,2023-05-01,Heat,1995

            """, to: "imdb.csv")
        #expect(
            try ImportTestSupport.rowErrors(imdb).map(\.description) == [
                "line 2: the rating 11 is not an IMDb rating (1–10)",
                "line 3: the rating 7.5 is not an IMDb rating (1–10)",
                "line 4: the IMDb id 'nm0000123' is not like tt0113277",
            ])
    }

    @Test("JSON values of the wrong type are row errors")
    func jsonTypes() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            """
            [
              {"title": true},
              {"title": "Array year", "year": [1995]},
              {"title": "Object note", "note": {"text": "x"}},
              {"title": "Number year", "year": 1995.5},
              {"title": 1984}
            ]
            """, to: "types.json")
        let results = try ImportTestSupport.rows(path)
        #expect(
            results.compactMap(\.failureDescription) == [
                "line 2: the title is true; it must be text or a number",
                "line 3: the year is an array; it must be text or a number",
                "line 4: the note is an object; it must be text or a number",
                "line 5: the year '1995.5' is not a number",
            ])
        #expect(try results.last?.get().title == "1984")
    }

    @Test("bad files: unknown header, broken quoting or JSON, encodings, limits, missing")
    func fileErrors() throws {
        let folder = TemporaryDirectory()
        func failure(_ bytes: [UInt8], name: String = "input.csv", format: MovieImportFormat? = nil) throws
            -> String?
        {
            let path = try ImportTestSupport.write(bytes, to: name, in: folder)
            return ImportTestSupport.importFailure(path, format: format)?
                .replacingOccurrences(of: folder.path + "/", with: "")
        }
        func failure(_ text: String, name: String = "input.csv", format: MovieImportFormat? = nil) throws
            -> String?
        {
            try failure(Array(text.utf8), name: name, format: format)
        }
        let unknown = try failure("Film,Stars\nHeat,5\n")
        #expect(
            unknown?.hasPrefix(
                "input.csv: the first line 'Film,Stars' is not a header of a format movies can import; expected a Letterboxd export"
            ) == true)
        #expect(try failure("") == "input.csv: the file is empty")
        #expect(try failure(" \n\n") == "input.csv: the file is empty")
        #expect(
            try failure("", format: .csv)
                == "input.csv: the file is empty; a csv file starts with a header line")
        #expect(
            try failure("Date,Name,Year\n", format: .csv)
                == "input.csv: the header has no 'title' column; this program's csv starts with id,title,year,rating,watched_on,note,created_at,updated_at"
        )
        #expect(
            try failure(Self.ownHeader + "\n1,\"Heat,1995,good,,,x,y\n2,Cats\n")
                == "line 3: unterminated quoted field (opened at line 2)")
        // UTF-8 and Windows-1252 in one file (see EncodingTests for files in one other encoding).
        let mixed = Malformation.mixedEncoding.description
        #expect(
            try failure(Array((Self.ownHeader + "\n1,Hé").utf8) + [0xE9] + Array("t,,good\n".utf8))
                == "line 2: " + mixed)
        #expect(try failure(Array("é,".utf8) + [0xC3] + Array(",x\n".utf8)) == "line 1: " + mixed)
        #expect(try failure(Array("id\0title".utf8)) == "line 1: a NUL byte; this is a binary file, not text")
        #expect(
            try failure(Array((Self.ownHeader + "\n").utf8) + [0, 0, 0])
                == "line 2: a NUL byte; this is a binary file, not text")
        #expect(try failure([0xFE, 0xFF, 0, 0x69]) == "line 1: the file is UTF-16 text; save it as UTF-8")
        let hugeField = Array((Self.ownHeader + "\n1,").utf8) + [UInt8](repeating: 0x41, count: 2 << 20)
        #expect(try failure(hugeField) == "line 2: a field is longer than 1 MiB")
        #expect(
            try failure(#"[{"title":"Heat"},{"title":"Ca"#, name: "x.json")
                == "line 1: the file ends inside a string (opened at line 1); is it truncated?")
        #expect(
            try failure("[{\"title\":\"Heat\"},\n", name: "x.json")
                == "line 2: the file ends inside the JSON array; is it truncated?")
        #expect(
            try failure("[{\"title\":\"Heat\"}", name: "x.json")
                == "line 1: the file ends inside the JSON array; is it truncated?")
        #expect(
            try failure("[{\"title\":\"Heat\"", name: "x.json")
                == "line 1: the file ends inside an object (opened at line 1); is it truncated?")
        #expect(try failure("[{\"title\":}]", name: "x.json") == "line 1: expected a value, found '}'")
        #expect(
            try failure("[{\"title\":\"a\"},]", name: "x.json")
                == "line 1: expected an object (one movie) in the array, found ']'")
        #expect(
            try failure("[{\"title\":\"a\"}] x", name: "x.json")
                == "line 1: unexpected 'x' after the end of the JSON array")
        #expect(
            try failure("[1]", name: "x.json")
                == "line 1: expected an object (one movie) in the array, found '1'")
        #expect(try failure("[{\"year\":01}]", name: "x.json") == "line 1: '01' is not a JSON number")
        #expect(
            try failure("[{\"t\":\"a\nb\"}]", name: "x.json")
                == "line 1: a line break inside a string (opened at line 1); is a closing quote missing?")
        #expect(
            try failure(#"[{"t":"\ud800"}]"#, name: "x.json")
                == "line 1: an unpaired surrogate \\ud800 in a string")
        #expect(
            try failure(#"[{"t":"\x"}]"#, name: "x.json") == "line 1: an invalid escape \\'x' in a string")
        #expect(try failure("[{\"t\":nul}]", name: "x.json") == "line 1: expected 'null'")
        #expect(
            try failure(Array("[{\"t\":\"é".utf8) + [0xFF] + Array("\"}]".utf8), name: "x.json")
                == "line 1: " + mixed)
        let deep = "[{\"t\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}]"
        #expect(try failure(deep, name: "x.json") == "line 1: values nest deeper than 64 levels")
        #expect(
            try failure("{\"title\":\"a\"}\n[", name: "x.ndjson")
                == "line 2: expected '{' to start an object, found '['")
        #expect(
            try failure("{\"title\":\"a\"}\n{\"title\"", name: "x.ndjson")
                == "line 2: expected ':' after the key \"title\", found the end of the file")
        let wideObject = "[{" + (0...1000).map { "\"k\($0)\":1" }.joined(separator: ",") + "}]"
        #expect(try failure(wideObject, name: "x.json") == "line 1: a record has more than 1000 fields")
        let hugeString = "[{\"note\":\"" + String(repeating: "a", count: 2 << 20) + "\"}]"
        #expect(
            try failure(hugeString, name: "x.json")
                == "line 1: a quoted field is longer than 1 MiB; is its closing quote missing?")
        #expect(
            try failure("[{\"t\":\"a\"}]", name: "x.json", format: .ndjson)
                == "line 1: expected '{' to start an object, found '['")
    }

    @Test("a missing file is told apart from bad contents")
    func missingFile() {
        let folder = TemporaryDirectory()
        let error = ImportTestSupport.fileError { () throws(ImportFileError) in
            _ = try MovieImportReader(path: folder.file("ratings.csv"))
        }
        #expect(error == .notFound(path: folder.file("ratings.csv")))
        #expect(error?.isMissingInput == true)
        #expect(ImportFileError.malformed(line: 1, .invalidUTF8).isMissingInput == false)
        #expect(ImportFileError.unknownFormat(path: "x", reason: "y").isMissingInput == false)
    }
}
