import Foundation
import Interchange
import MoviesCore
import TestSupport

/// Helpers shared by the interchange tests: files with exact bytes, whole-file reads, error capture.
enum ImportTestSupport {
    /// Writes `bytes` to `name` in `folder` and returns the path.
    @discardableResult
    static func write(_ bytes: [UInt8], to name: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every record of a delimited file.
    static func records(
        _ path: String, dialect: CSVDialect = .csv, limits: CSVLimits = .standard, bufferSize: Int = 64 * 1024
    ) throws(ImportFileError) -> [CSVRecord] {
        let reader = try CSVReader(path: path, dialect: dialect, limits: limits, bufferSize: bufferSize)
        var records: [CSVRecord] = []
        while let record = try reader.next() {
            records.append(record)
        }
        return records
    }

    /// Every row of an import file.
    static func rows(
        _ path: String, format: MovieImportFormat? = nil, bufferSize: Int = 64 * 1024
    ) throws(ImportFileError) -> [Result<ImportedMovie, ImportRowError>] {
        let reader = try MovieImportReader(path: path, format: format, bufferSize: bufferSize)
        var rows: [Result<ImportedMovie, ImportRowError>] = []
        while let row = try reader.next() {
            rows.append(row)
        }
        return rows
    }

    /// The movies of an import file; any row error fails by throwing it.
    static func movies(_ path: String, format: MovieImportFormat? = nil, bufferSize: Int = 64 * 1024) throws
        -> [ImportedMovie]
    {
        try rows(path, format: format, bufferSize: bufferSize).map { try $0.get() }
    }

    /// The row errors of an import file.
    static func rowErrors(_ path: String, format: MovieImportFormat? = nil) throws -> [ImportRowError] {
        try rows(path, format: format).compactMap { row in
            if case .failure(let error) = row { return error }
            return nil
        }
    }

    /// The file error `body` throws, or nil when it does not throw.
    static func fileError(_ body: () throws(ImportFileError) -> Void) -> ImportFileError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The file error reading all of `path` throws, as text; nil when it reads cleanly.
    static func importFailure(_ path: String, format: MovieImportFormat? = nil) -> String? {
        fileError { () throws(ImportFileError) in _ = try rows(path, format: format) }?.description
    }
}

/// A sink that keeps everything in memory, to read back what a writer wrote.
final class StringSink: TextSink {
    /// Everything written so far.
    private(set) var text = ""

    func write(_ text: String) throws {
        self.text += text
    }
}
