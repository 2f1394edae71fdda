import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Streaming large files", .offPool)
struct StreamingImportTests {
    /// 200,000 rows (several seconds in a debug build; CI too); a million with `MOVIES_FULL_RELIABILITY=1`.
    static let rowCount = ReliabilityScale.count(ci: 200_000, full: 1_000_000)

    /// Writes `count` rows of this program's CSV to `path`, a chunk at a time, and returns its size.
    static func writeOwnCSV(rows count: Int, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var size = 0
        var chunk = MovieRecordWriter.fieldNames.joined(separator: ",") + "\n"
        for index in 1...count {
            // No timestamps: their parsing is tested elsewhere and is most of the cost in debug builds.
            chunk +=
                "\(index),\"Movie \(index), the \"\"sequel\"\"\",\(1900 + index % 200),good,2024-03-09,a note,,\n"
            if chunk.utf8.count > 1 << 20 {
                size += chunk.utf8.count
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        size += chunk.utf8.count
        try handle.write(contentsOf: Data(chunk.utf8))
        return size
    }

    @Test("a large own CSV streams through MovieImportReader row by row")
    func largeCSV() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("large.csv")
        let size = try Self.writeOwnCSV(rows: Self.rowCount, to: path)
        let reader = try MovieImportReader(path: path)
        #expect(reader.format == .csv)
        #expect(reader.fileSize == size)
        var count = 0
        var last: ImportedMovie?
        while let row = try reader.next() {
            last = try row.get()
            count += 1
        }
        #expect(count == Self.rowCount)
        #expect(last?.id == Int64(Self.rowCount))
        #expect(last?.title == "Movie \(Self.rowCount), the \"sequel\"")
        #expect(reader.bytesRead == size)
    }

    @Test("a large JSON array streams too, without loading the file")
    func largeJSON() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("large.json")
        let count = Self.rowCount / 10
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        let sink = BufferedFileSink(handle: handle)
        let writer = MovieRecordWriter(format: .json, sink: sink)
        try writer.begin()
        let stamp = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 1...count {
            try writer.write(
                Movie(
                    id: Int64(index), title: "Film \(index)", year: 2000, rating: .decent, createdAt: stamp,
                    updatedAt: stamp))
        }
        try writer.end()
        try sink.flush()
        try handle.close()

        let reader = try MovieImportReader(path: path)
        var read = 0
        while let row = try reader.next() {
            _ = try row.get()
            read += 1
        }
        #expect(read == count)
    }
}
