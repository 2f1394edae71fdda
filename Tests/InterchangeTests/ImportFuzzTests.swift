import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Import never traps on mangled input")
struct ImportFuzzTests {
    /// Bytes that matter to some reader: separators, quotes, escapes, brackets, digits, NUL, broken UTF-8.
    static let interesting: [UInt8] =
        Array("\",\n\r\t\\{}[]:-.0159eE tnf".utf8) + [0, 0x7F, 0xC3, 0xE2, 0xFF, 0xEF, 0xBB]

    /// Valid files of every format to mangle.
    static func seeds() throws -> [(String, [UInt8])] {
        let stamp = Timestamp.date(from: "2026-11-30T10:20:00.123Z") ?? Date()
        let movies = [
            Movie(
                id: 1, title: "Heat, \"1995\"", year: 1995, rating: .good,
                watchedOn: CalendarDate(parsing: "2024-03-09"),
                note: "line\nbreak\ttab \\ \u{1F3AC}", createdAt: stamp, updatedAt: stamp),
            Movie(id: 2, title: "映画", rating: .notSeen, createdAt: stamp, updatedAt: stamp),
        ]
        var seeds: [(String, [UInt8])] = []
        for format in RecordFormat.allCases {
            let sink = StringSink()
            try MovieRecordWriter(format: format, sink: sink).writeAll(movies)
            seeds.append(("own.\(format.rawValue)", Array(sink.text.utf8)))
        }
        seeds.append(
            (
                "reviews.csv",
                Array(
                    "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n2024-03-10,Past Lives,2023,https://boxd.it/A1b2,4,,\"A \"\"quiet\"\"\nfilm\",,2024-03-09\n"
                        .utf8)
            ))
        seeds.append(
            (
                "imdb.csv",
                Array("Const,Your Rating,Date Rated,Title,Year\ntt0113277,9,2023-05-01,Heat,1995\n".utf8)
            ))
        return seeds
    }

    @Test("1,500 mutations of valid files read to the end or stop with an error, never a trap")
    func mutations() throws {
        let folder = TemporaryDirectory()
        var random = SeededGenerator(seed: 2026)
        let seeds = try Self.seeds()
        var outcomes = (rows: 0, rowErrors: 0, fileErrors: 0)
        for iteration in 0..<1500 {
            let (name, seed) = seeds[iteration % seeds.count]
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                let byte = Self.interesting.randomElement(using: &random) ?? 0
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1 where position < bytes.count: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            let path = try ImportTestSupport.write(bytes, to: name, in: folder)
            // With and without detection, and with a buffer small enough to split every token.
            for (format, bufferSize) in [(nil, 64 * 1024), (MovieImportFormat?.none, 7)] + [
                (Self.format(of: name), 5)
            ] {
                do {
                    for row in try ImportTestSupport.rows(path, format: format, bufferSize: bufferSize) {
                        if case .success = row { outcomes.rows += 1 } else { outcomes.rowErrors += 1 }
                    }
                } catch {
                    outcomes.fileErrors += 1
                }
            }
        }
        // Every kind of outcome happened, so the mutations reached past the header.
        #expect(outcomes.rows > 0 && outcomes.rowErrors > 0 && outcomes.fileErrors > 0)
    }

    static func format(of name: String) -> MovieImportFormat? {
        switch name {
        case "reviews.csv": .letterboxd
        case "imdb.csv": .imdb
        default: MovieImportFormat(rawValue: String(name.dropFirst("own.".count)))
        }
    }
}
