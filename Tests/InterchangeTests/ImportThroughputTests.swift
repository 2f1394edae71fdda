import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every reader reads every row of a large file (simple and quoted CSV, TSV, NDJSON, JSON): the counts
/// are checked; the throughput is printed for whoever runs it, never asserted (timings depend on the
/// machine; `movies-bench` measures the import against SQLite). 50,000 rows with `MOVIES_SLOW_TESTS=1`
/// (CI), a million with `MOVIES_BENCH=1`: `MOVIES_BENCH=1 swift test -c release --filter ImportThroughputTests`.
@Suite(
    "Import readers on large files (MOVIES_SLOW_TESTS=1)", .serialized, .offPool,
    .enabled(
        if: ProcessInfo.processInfo.environment["MOVIES_SLOW_TESTS"] == "1"
            || ProcessInfo.processInfo.environment["MOVIES_BENCH"] == "1"))
struct ImportThroughputTests {
    static let rows = ProcessInfo.processInfo.environment["MOVIES_BENCH"] == "1" ? 1_000_000 : 50_000

    /// Writes `count` lines made by `line` after `header` to `path`, in 1 MiB pieces; returns the size.
    static func write(_ path: String, header: String, count: Int, line: (Int) -> String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        var size = 0
        var chunk = header
        for index in 1...count {
            chunk += line(index)
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

    /// Peak resident memory of this process so far, in MiB.
    static func peakMemory() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_maxrss) / 1024
    }

    static func report(_ name: String, bytes: Int, rows: Int, seconds: Double) {
        let megabytes = Double(bytes) / 1_000_000
        print(
            "\(name): \(rows) rows, \(String(format: "%.1f", megabytes)) MB in \(String(format: "%.2f", seconds)) s = "
                + "\(String(format: "%.0f", megabytes / seconds)) MB/s, \(String(format: "%.0f", Double(rows) / seconds / 1000))k rows/s; "
                + "peak RSS so far \(String(format: "%.1f", peakMemory())) MiB")
    }

    static func time(_ body: () throws -> Int) rethrows -> (Int, Double) {
        let start = Date()
        let count = try body()
        return (count, Date().timeIntervalSince(start))
    }

    @Test("CSVReader and MovieImportReader read every row of each format")
    func throughput() throws {
        let folder = TemporaryDirectory()
        let stamp = "2026-11-30T10:20:00.123Z"
        let header = MovieRecordWriter.fieldNames.joined(separator: ",") + "\n"
        print("peak RSS before: \(String(format: "%.1f", Self.peakMemory())) MiB")

        let simple = folder.file("simple.csv")
        let simpleSize = try Self.write(simple, header: header, count: Self.rows) { index in
            "\(index),Movie number \(index),\(1900 + index % 200),good,2024-03-09,,\(stamp),\(stamp)\n"
        }
        let (simpleRecords, simpleSeconds) = try Self.time {
            let reader = try CSVReader(path: simple)
            var count = 0
            while try reader.next() != nil { count += 1 }
            return count
        }
        Self.report("CSVReader, simple rows", bytes: simpleSize, rows: simpleRecords, seconds: simpleSeconds)
        #expect(simpleRecords == Self.rows + 1)  // and the header

        let quoted = folder.file("quoted.csv")
        let quotedSize = try Self.write(quoted, header: header, count: Self.rows) { index in
            "\(index),\"Movie \(index), the \"\"sequel\"\"\",\(1900 + index % 200),good,2024-03-09,"
                + "\"a note\nover two lines\",\(stamp),\(stamp)\n"
        }
        let (quotedRecords, quotedSeconds) = try Self.time {
            let reader = try CSVReader(path: quoted)
            var count = 0
            while try reader.next() != nil { count += 1 }
            return count
        }
        Self.report("CSVReader, quoted rows", bytes: quotedSize, rows: quotedRecords, seconds: quotedSeconds)
        #expect(quotedRecords == Self.rows + 1)

        for (name, path, size) in [("simple", simple, simpleSize), ("quoted", quoted, quotedSize)] {
            let (movies, seconds) = try Self.time {
                let reader = try MovieImportReader(path: path)
                var count = 0
                while let row = try reader.next() {
                    _ = try row.get()
                    count += 1
                }
                return count
            }
            Self.report("MovieImportReader csv, \(name) rows", bytes: size, rows: movies, seconds: seconds)
            #expect(movies == Self.rows)
        }

        for format in [RecordFormat.tsv, .ndjson, .json] {
            let path = folder.file("movies.\(format.rawValue)")
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw CocoaError(.fileWriteUnknown) }
            let sink = BufferedFileSink(handle: handle)
            let writer = MovieRecordWriter(format: format, sink: sink)
            try writer.begin()
            let date = Timestamp.date(from: stamp) ?? Date()
            for index in 1...Self.rows {
                try writer.write(
                    Movie(
                        id: Int64(index), title: "Movie number \(index)", year: 1900 + index % 200,
                        rating: .good,
                        watchedOn: CalendarDate(year: 2024, month: 3, day: 9), note: nil, createdAt: date,
                        updatedAt: date))
            }
            try writer.end()
            try sink.flush()
            try handle.close()
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let (movies, seconds) = try Self.time {
                let reader = try MovieImportReader(path: path)
                var count = 0
                while let row = try reader.next() {
                    _ = try row.get()
                    count += 1
                }
                return count
            }
            Self.report("MovieImportReader \(format.rawValue)", bytes: size, rows: movies, seconds: seconds)
            #expect(movies == Self.rows)
        }
    }
}

/// A `TextSink` that writes to a file in 1 MiB pieces.
final class BufferedFileSink: TextSink {
    private let handle: FileHandle
    private var pending = ""

    init(handle: FileHandle) {
        self.handle = handle
    }

    func write(_ text: String) throws {
        pending += text
        if pending.utf8.count > 1 << 20 { try flush() }
    }

    func flush() throws {
        try handle.write(contentsOf: Data(pending.utf8))
        pending = ""
    }
}
