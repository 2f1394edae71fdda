import Basics
import Feeds
import FoundationEssentials
import Interchange
import MoviesCore

/// Reading small input files whole, with a size limit.
enum InputFile {
    /// The bytes of `path`; a missing, unreadable or directory path is `.missing`, a larger file `.badData`.
    static func read(_ path: String, limit: Int) throws -> Data {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputFileError.missing(path: path, reason: "no such file")
        }
        guard !isDirectory else {
            throw InputFileError.missing(path: path, reason: "it is a directory")
        }
        guard let data = FileBytes.read(path, upTo: limit + 1) else {
            throw InputFileError.missing(path: path, reason: "permission denied")
        }
        if data.count > limit {
            throw InputFileError.badData(
                path: path, reason: "the file is larger than \(limit / (1 << 20)) MB")
        }
        return data
    }

    /// True when the document's root element is `<opml>` (after the prolog and comments).
    static func looksLikeOPML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self).lowercased()
        guard let root = head.firstRange(of: "<opml") else { return false }
        for marker in ["<rss", "<feed", "<rdf:rdf"] {
            if let other = head.firstRange(of: marker), other.lowerBound < root.lowerBound { return false }
        }
        return true
    }
}

/// Writing output files so a reader never sees half of one.
enum OutputFile {
    /// Writes `text` to `path` as `OutputFileSink` does (a regular file atomically, a FIFO or device in
    /// place), refusing the database at `databasePath` and its companion files.
    static func write(_ text: String, to path: String, databasePath: String) throws {
        let sink = try OutputFileSink(path: path, refusing: DatabaseFiles(databasePath: databasePath))
        try sink.write(text)
        try sink.commit()
    }
}
