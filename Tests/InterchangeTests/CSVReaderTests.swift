import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("CSV and TSV reading")
struct CSVReaderTests {
    /// Buffer sizes that put chunk boundaries at every offset of the small fixtures, plus the default.
    static let bufferSizes = [4, 5, 6, 7, 13, 64 * 1024]

    @Test("every RFC 4180 quoting edge reads exactly, whatever the chunk boundaries", arguments: bufferSizes)
    func quotingEdges(bufferSize: Int) throws {
        let folder = TemporaryDirectory()
        let text =
            "\u{FEFF}name,note\r\n"  // line 1: BOM, CRLF
            + "plain,\"with, comma\"\r\n"  // 2
            + "\"doubled \"\"quotes\"\"\",x\r\n"  // 3
            + "\"lf\ninside\",\"cr\rinside\"\r\n"  // 4-6: a lone CR inside quotes is a line break too
            + "\"crlf\r\ninside\",\"\"\r\n"  // 7-8
            + "a,\r\n"  // 9: empty last field
            + ",\r\n"  // 10: two empty fields, not blank
            + "\r\n"  // 11: blank, skipped
            + "\"\"\n"  // 12: one quoted empty field is a record
            + "stray\"quote,mid\"dle\"\n"  // 13: quotes inside unquoted fields are literal
            + "\"closed\"tail,\" lead and trail \"\n"  // 14: text after a closing quote is kept
            + "short\n"  // 15: fewer fields than the header
            + "\u{1F3AC} 映画,caf\u{E9}\n"  // 16: emoji, CJK, accents
            + "\n\r\n\n"  // 17-19: trailing blank lines
        let path = try folder.write(text, to: "edges.csv")
        let records = try ImportTestSupport.records(path, bufferSize: bufferSize)
        let expected: [CSVRecord] = [
            CSVRecord(fields: ["name", "note"], line: 1),
            CSVRecord(fields: ["plain", "with, comma"], line: 2),
            CSVRecord(fields: ["doubled \"quotes\"", "x"], line: 3),
            CSVRecord(fields: ["lf\ninside", "cr\rinside"], line: 4),
            CSVRecord(fields: ["crlf\r\ninside", ""], line: 7),
            CSVRecord(fields: ["a", ""], line: 9),
            CSVRecord(fields: ["", ""], line: 10),
            CSVRecord(fields: [""], line: 12),
            CSVRecord(fields: ["stray\"quote", "mid\"dle\""], line: 13),
            CSVRecord(fields: ["closedtail", " lead and trail "], line: 14),
            CSVRecord(fields: ["short"], line: 15),
            CSVRecord(fields: ["\u{1F3AC} 映画", "caf\u{E9}"], line: 16),
        ]
        #expect(records == expected)
    }

    @Test("a final record without a line break, LF line ends, blank lines first", arguments: bufferSizes)
    func missingFinalNewline(bufferSize: Int) throws {
        let folder = TemporaryDirectory()
        let path = try folder.write("\n\na,b\n\"x\ny\",z", to: "end.csv")
        let records = try ImportTestSupport.records(path, bufferSize: bufferSize)
        #expect(
            records == [CSVRecord(fields: ["a", "b"], line: 3), CSVRecord(fields: ["x\ny", "z"], line: 4)])
        let quoted = try folder.write("a\n\"last\"", to: "quoted-end.csv")
        #expect(
            try ImportTestSupport.records(quoted, bufferSize: bufferSize).map(\.fields) == [["a"], ["last"]])
        let comma = try folder.write("a,", to: "comma-end.csv")
        #expect(try ImportTestSupport.records(comma, bufferSize: bufferSize).map(\.fields) == [["a", ""]])
    }

    @Test("an empty file and a file of blank lines have no records")
    func emptyFiles() throws {
        let folder = TemporaryDirectory()
        for (name, text) in [("empty.csv", ""), ("blank.csv", "\n\r\n\r\n"), ("bom.csv", "\u{FEFF}")] {
            #expect(try ImportTestSupport.records(try folder.write(text, to: name)).isEmpty, "\(name)")
        }
    }

    @Test("fields written by FieldEncoding.csv read back exactly", arguments: [5, 64 * 1024])
    func randomRoundTrip(bufferSize: Int) throws {
        var random = SeededGenerator(seed: 42)
        let alphabet: [String] = [
            "a", "Z", " ", ",", "\"", "\n", "\r", "\r\n", "\t", "é", "\u{1F600}", "中", "\\",
        ]
        var rows: [[String]] = []
        for _ in 0..<300 {
            let fieldCount = Int.random(in: 1...6, using: &random)
            rows.append(
                (0..<fieldCount).map { _ in
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in
                        alphabet.randomElement(using: &random) ?? ""
                    }
                    .joined()
                })
        }
        // A row that is one empty field would be a blank line; RFC 4180 cannot tell the two apart.
        rows = rows.filter { $0 != [""] }
        let text = rows.map { $0.map(FieldEncoding.csv).joined(separator: ",") }.joined(separator: "\r\n")
        let folder = TemporaryDirectory()
        let records = try ImportTestSupport.records(
            try folder.write(text, to: "random.csv"), bufferSize: bufferSize)
        #expect(records.map(\.fields) == rows)
    }

    /// Found by fuzzing (fuzz/regressions/csv/csv-quote-before-combining-mark): a quote followed by a
    /// combining mark is one Character, which `replacingOccurrences(of: "\"", ...)` did not match, so the
    /// quote was not doubled and the field came back cut short, with the rest of the row shifted.
    @Test("FieldEncoding.csv doubles a quote that a combining mark follows")
    func quoteBeforeCombiningMark() throws {
        let fields = ["say \"\u{0359}hi\u{0301}\", then", "\"\u{20DD}", "next"]
        #expect(FieldEncoding.csv(fields[0]) == "\"say \"\"\u{0359}hi\u{0301}\"\", then\"")
        let folder = TemporaryDirectory()
        let path = try folder.write(
            fields.map(FieldEncoding.csv).joined(separator: ",") + "\n", to: "marks.csv")
        #expect(try ImportTestSupport.records(path).map(\.fields) == [fields])
    }

    @Test("TSV decodes FieldEncoding.tsv's escapes and keeps other backslashes", arguments: bufferSizes)
    func tsv(bufferSize: Int) throws {
        let values = [
            "tab\there", "lf\nhere", "cr\rhere", "back\\slash", "\\t literally", "\"quoted\", comma", "",
        ]
        let folder = TemporaryDirectory()
        let text =
            "\u{FEFF}a\tb\r\n" + values.map(FieldEncoding.tsv).joined(separator: "\t") + "\r\n\n"
            + "C:\\films\\x\tend\\\n" + "last\tline"
        let records = try ImportTestSupport.records(
            try folder.write(text, to: "values.tsv"), dialect: .tsv, bufferSize: bufferSize)
        #expect(
            records == [
                CSVRecord(fields: ["a", "b"], line: 1),
                CSVRecord(fields: values, line: 2),
                CSVRecord(fields: ["C:\\films\\x", "end\\"], line: 4),
                CSVRecord(fields: ["last", "line"], line: 5),
            ])
    }

    @Test("structural problems stop reading with the line they are on")
    func malformedFiles() throws {
        let folder = TemporaryDirectory()
        func failure(_ bytes: [UInt8], dialect: CSVDialect = .csv, limits: CSVLimits = .standard) throws
            -> String?
        {
            let path = try ImportTestSupport.write(bytes, to: "bad.csv", in: folder)
            return ImportTestSupport.fileError { () throws(ImportFileError) in
                _ = try ImportTestSupport.records(path, dialect: dialect, limits: limits)
            }?.description
        }
        #expect(
            try failure(Array("a,b\n1,\"open\nmore\n".utf8))
                == "line 3: unterminated quoted field (opened at line 2)")
        // Bytes that are not UTF-8 in a file that is (see EncodingTests for files that are not).
        let mixed = "line 2: " + Malformation.mixedEncoding.description
        #expect(try failure(Array("é\nb".utf8) + [0xFF, 0x0A]) == mixed)
        #expect(
            try failure(Array("é\n\"x\n".utf8) + [0xC3, 0x28] + Array("\"\n".utf8))
                == "line 3: " + Malformation.mixedEncoding.description)
        let late = Array("é\n".utf8) + Array(String(repeating: "abc\n", count: 20_000).utf8) + [0xFF, 0x0A]
        #expect(try failure(late) == "line 20002: " + Malformation.invalidUTF8.description)
        #expect(
            try failure(Array("a,b\n1,2".utf8) + [0, 0x0A])
                == "line 2: a NUL byte; this is a binary file, not text")
        #expect(try failure([0xFF, 0xFE, 0x61, 0x00]) == "line 1: the file is UTF-16 text; save it as UTF-8")
        #expect(
            try failure(Array("h\n".utf8) + [UInt8](repeating: 0x61, count: 2 << 20))
                == "line 2: a field is longer than 1 MiB")
        let quoted = try failure(Array("h\n\"".utf8) + [UInt8](repeating: 0x0A, count: 2 << 20))
        #expect(quoted == "line 2: a quoted field is longer than 1 MiB; is its closing quote missing?")
        let doubledQuotes = try failure(Array("h\n\"".utf8) + [UInt8](repeating: 0x22, count: 3 << 20))
        #expect(doubledQuotes == "line 2: a quoted field is longer than 1 MiB; is its closing quote missing?")
        let crs = try failure(Array("h\n\"".utf8) + [UInt8](repeating: 0x0D, count: 2 << 20), dialect: .csv)
        #expect(crs == "line 2: a quoted field is longer than 1 MiB; is its closing quote missing?")
        let escapes = try failure(
            Array("h\n".utf8) + Array(String(repeating: "\\n", count: (1 << 20) + 1).utf8), dialect: .tsv)
        #expect(escapes == "line 2: a field is longer than 1 MiB")
        #expect(
            try failure(Array("h\n\n\n".utf8) + Array(String(repeating: ",", count: 1000).utf8))
                == "line 4: a record has more than 1000 fields")
        let small = CSVLimits(maximumFieldBytes: 10, maximumFields: 5, maximumRecordBytes: 20)
        #expect(
            try failure(Array("aaaaaaaaaa,bbbbbbbbbb,c\n".utf8), limits: small)
                == "line 1: a record is longer than 20 bytes")
        #expect(
            try failure(Array("x\t".utf8) + [0], dialect: .tsv)
                == "line 1: a NUL byte; this is a binary file, not text")
        #expect(
            try failure(Array("é\nok\n".utf8) + [0x80], dialect: .tsv)
                == "line 3: " + Malformation.mixedEncoding.description)
    }

    /// Found by fuzzing (fuzz/regressions/csv/tsv-kept-backslash-over-limit): a backslash kept because it
    /// starts no escape was appended without a length check, so a field ending in one (before a tab, a
    /// line end or the end of the file) could be a byte over the limit and still be accepted.
    @Test("TSV: a kept backslash counts towards the field limit", arguments: bufferSizes)
    func tsvKeptBackslashLimit(bufferSize: Int) throws {
        let folder = TemporaryDirectory()
        let limits = CSVLimits(maximumFieldBytes: 10, maximumFields: 5, maximumRecordBytes: 100)
        func outcome(_ text: String) throws -> String {
            let path = try folder.write(text, to: "limit.tsv")
            do {
                let records = try ImportTestSupport.records(
                    path, dialect: .tsv, limits: limits, bufferSize: bufferSize)
                return records.map { $0.fields.joined(separator: "|") }.joined(separator: "/")
            } catch {
                return error.description
            }
        }
        let tooLong = "line 1: a field is longer than 10 bytes"
        #expect(try outcome("aaaaaaaaaa\\\tb") == tooLong)
        #expect(try outcome("aaaaaaaaaa\\\n") == tooLong)
        #expect(try outcome("aaaaaaaaaa\\") == tooLong)
        #expect(try outcome("aaaaaaaaa\\\tb") == "aaaaaaaaa\\|b")
        #expect(try outcome("aaaaaaaaa\\") == "aaaaaaaaa\\")
    }

    /// Found by fuzzing (fuzz/regressions/csv/tsv-nul-after-field-over-limit): a field over the limit and then
    /// a NUL was reported as the NUL when the field was in one buffer, but as too long when a buffer ended
    /// inside it. The length problem comes first in the file, whatever the buffer size.
    @Test("a field over the limit before a NUL is reported as too long", arguments: bufferSizes)
    func fieldOverLimitBeforeNul(bufferSize: Int) throws {
        let folder = TemporaryDirectory()
        let limits = CSVLimits(maximumFieldBytes: 10, maximumFields: 5, maximumRecordBytes: 100)
        for dialect in [CSVDialect.csv, .tsv] {
            let path = try ImportTestSupport.write(
                Array("h\naaaaaaaaaaaa".utf8) + [0] + Array("\n".utf8), to: "nul.csv", in: folder)
            let error = ImportTestSupport.fileError { () throws(ImportFileError) in
                _ = try ImportTestSupport.records(
                    path, dialect: dialect, limits: limits, bufferSize: bufferSize)
            }
            #expect(error?.description == "line 2: a field is longer than 10 bytes")
            let short = try ImportTestSupport.write(
                Array("h\naaaaaaaaaa".utf8) + [0], to: "nul.csv", in: folder)
            let nul = ImportTestSupport.fileError { () throws(ImportFileError) in
                _ = try ImportTestSupport.records(
                    short, dialect: dialect, limits: limits, bufferSize: bufferSize)
            }
            #expect(nul?.description == "line 2: a NUL byte; this is a binary file, not text")
        }
    }

    @Test("a missing file, a folder")
    func unreadable() {
        let folder = TemporaryDirectory()
        let missing = ImportTestSupport.fileError { () throws(ImportFileError) in
            _ = try CSVReader(path: folder.file("nope.csv"))
        }
        #expect(missing == .notFound(path: folder.file("nope.csv")))
        #expect(missing?.isMissingInput == true)
        let directory = ImportTestSupport.fileError { () throws(ImportFileError) in
            _ = try CSVReader(path: folder.path)
        }
        #expect(directory == .unreadable(path: folder.path, reason: "it is a folder, not a file"))
        #expect(directory?.isMissingInput == true)
    }
}
