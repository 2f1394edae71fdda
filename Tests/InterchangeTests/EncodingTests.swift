import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

/// CSV files that are not UTF-8: read when they are clearly Windows-1252 (or Latin-1, the same bytes),
/// as spreadsheet programs on Windows save them; refused, naming the encoding and how to convert, when not.
@Suite("Import encodings: UTF-8, Windows-1252, and what is refused")
struct EncodingTests {
    /// Text in Windows-1252.
    static func windows1252(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "€": 0x80
            case "\u{2019}": 0x92
            case "\u{201C}": 0x93
            case "\u{201D}": 0x94
            case "\u{2013}": 0x96
            case "\u{2026}": 0x85
            default: UInt8(truncatingIfNeeded: scalar.value)
            }
        }
    }

    @Test("a Letterboxd ratings file saved as Windows-1252 reads as it was meant", arguments: [7, 64 * 1024])
    func windows1252Letterboxd(bufferSize: Int) throws {
        let folder = TemporaryDirectory()
        let text = """
            Date,Name,Year,Letterboxd URI,Rating
            2023-01-15,Amélie,2001,https://boxd.it/1,4.5
            2023-01-16,Les Misérables,2012,https://boxd.it/2,3
            2023-01-17,“Ça” – L’été…,1999,https://boxd.it/3,2
            2023-01-18,Großstadt,1930,https://boxd.it/4,5

            """
        let path = try ImportTestSupport.write(Self.windows1252(text), to: "ratings.csv", in: folder)
        let reader = try MovieImportReader(path: path, bufferSize: bufferSize)
        var titles: [String] = []
        while let row = try reader.next() { titles.append(try row.get().title) }
        #expect(titles == ["Amélie", "Les Misérables", "“Ça” – L’été…", "Großstadt"])
        #expect(reader.encoding == .windows1252)
    }

    @Test("Latin-1 (ISO-8859-1) is the same bytes: an IMDb file with accents, far into the file")
    func latin1AfterASCII() throws {
        let folder = TemporaryDirectory()
        var text = "Const,Your Rating,Date Rated,Title,Title Type,Year\n"
        for index in 0..<3000 { text += "tt\(1_000_000 + index),7,2024-01-01,Plain \(index),movie,2000\n" }
        text += "tt0211915,9,2024-01-02,Le Fabuleux Destin d'Amélie Poulain,movie,2001\n"
        let path = try ImportTestSupport.write(Self.windows1252(text), to: "ratings.csv", in: folder)
        let movies = try ImportTestSupport.movies(path)
        #expect(movies.count == 3001)
        #expect(movies.last?.title == "Le Fabuleux Destin d'Amélie Poulain")
        #expect(movies.last?.line == 3002)
    }

    @Test("a UTF-8 character cut by the edge of the first 64 KiB looked at is UTF-8, not a mixed file")
    func characterAtTheWindowEdge() throws {
        // The first byte outside ASCII starts a 64 KiB window; a title's three-byte character begins at
        // the window's last byte, in a file that goes on after it.
        let prefix = "2023-01-15,"
        var text = "Date,Name,Year,Letterboxd URI,Rating\n" + prefix + "é,2001,,4\n"
        let edge = text.utf8.count - "é,2001,,4\n".utf8.count + 64 * 1024 - 1
        var rows = 1
        while edge - text.utf8.count > 300 {
            text += prefix + "Film \(rows),2001,,4\n"
            rows += 1
        }
        text +=
            prefix + String(repeating: "x", count: edge - text.utf8.count - prefix.utf8.count)
            + "映画,2001,,4\n"
        text += prefix + "Heat,1995,,4\n"
        let folder = TemporaryDirectory()
        let reader = try MovieImportReader(path: try folder.write(text, to: "ratings.csv"))
        var titles: [String] = []
        while let row = try reader.next() { titles.append(try row.get().title) }
        #expect(titles.count == rows + 2)
        #expect(titles.dropLast().last?.hasSuffix("映画") == true && titles.last == "Heat")
        #expect(reader.encoding == .utf8)
    }

    @Test("UTF-8 stays UTF-8, with or without a BOM, and reports its encoding")
    func utf8() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            "\u{FEFF}Date,Name,Year,Letterboxd URI,Rating\n2023-01-15,Amélie,2001,https://boxd.it/1,4.5\n",
            to: "ratings.csv")
        let reader = try MovieImportReader(path: path)
        #expect(try reader.next()?.get().title == "Amélie")
        #expect(reader.encoding == .utf8)
        let ascii = try MovieImportReader(
            path: try folder.write(
                "Date,Name,Year,Letterboxd URI,Rating\n2023-01-15,Heat,1995,,4\n", to: "a.csv"))
        #expect(try ascii.next()?.get().title == "Heat")
        #expect(ascii.encoding == nil)
    }

    @Test(
        "what is neither UTF-8 nor clearly Windows-1252 is refused, naming the encoding and iconv",
        arguments: [
            // Mac OS Roman: é is 0x8E, è 0x8F (undefined in Windows-1252), as Excel for Mac writes.
            ([0x41, 0x6D, 0x8E, 0x6C, 0x69, 0x65, 0x20, 0x8F], "MACINTOSH", 2),
            // Cyrillic in Windows-1251: "Война" is five letters outside ASCII in a row.
            ([0xC2, 0xEE, 0xE9, 0xED, 0xE0], "WINDOWS-1251", 2),
            // UTF-8 (é) then a Windows-1252 byte (é): two encodings in one file.
            ([0xC3, 0xA9, 0x2C, 0xE9], "save it again as UTF-8", 2),
        ] as [([UInt8], String, Int)])
    func refusals(_ testCase: ([UInt8], String, Int)) throws {
        let folder = TemporaryDirectory()
        let bytes =
            Array("Date,Name,Year,Letterboxd URI,Rating\n2023-01-15,".utf8) + testCase.0
            + Array(",2001,https://boxd.it/1,4.5\n".utf8)
        let path = try ImportTestSupport.write(bytes, to: "ratings.csv", in: folder)
        let failure = ImportTestSupport.importFailure(path)
        #expect(failure?.hasPrefix("line \(testCase.2): ") == true, "\(String(describing: failure))")
        #expect(failure?.contains(testCase.1) == true, "\(String(describing: failure))")
    }
}

/// Found by fuzzing (fuzz/regressions/import/ndjson-mixed-encoding-refused-after-the-format-with-a-small-buffer
/// and fuzz/regressions/csv/tsv-mac-roman-refused-after-a-record-with-small-chunks): a file whose encoding
/// is decided late (UTF-8 then a lone byte; a line that looks like Mac OS Roman) was refused when it was
/// opened with a large buffer, but only after rows had come out with a small one.
@Suite("Import encodings: the outcome does not depend on the buffer")
struct EncodingBufferTests {
    /// The rows, or the refusal, reading `bytes` as `format` with a buffer of `bufferSize` bytes.
    private func outcome(_ bytes: [UInt8], format: MovieImportFormat, bufferSize: Int) throws -> [String] {
        let folder = TemporaryDirectory()
        let path = try ImportTestSupport.write(bytes, to: "ratings.csv", in: folder)
        var lines: [String] = []
        do {
            let reader = try MovieImportReader(path: path, format: format, bufferSize: bufferSize)
            while let row = try reader.next() { lines.append("\(row)") }
        } catch {
            lines.append("refused: \(error)")
        }
        return lines
    }

    @Test(
        "mixed UTF-8, or Mac OS Roman, is refused before any row, with a small buffer as with a large one",
        arguments: [
            Array(#"{"id[Unsafe":1,"tété":[true,fa"#.utf8) + [0xCB] + Array(#"lse],"`:"20"#.utf8) + [0x0A],
            Array("a\tbc\t\"\"\\e\\x\r\n".utf8) + [
                0xA9, 0x91, 0xA3, 0x8D, 0xA3, 0xF5, 0xD3, 0xF6, 0x09, 0x0A,
            ],
        ])
    func sameOutcome(bytes: [UInt8]) throws {
        for format in MovieImportFormat.allCases {
            let whole = try outcome(bytes, format: format, bufferSize: 64 * 1024)
            for bufferSize in [4, 7, 12, 13, 100] {
                #expect(
                    try outcome(bytes, format: format, bufferSize: bufferSize) == whole,
                    "\(format) \(bufferSize)")
            }
        }
    }
}
