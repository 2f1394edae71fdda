import Foundation
import MoviesCore

/// A whole Letterboxd export: the folder it unzips to, or the `.zip` itself.
///
/// Its files are imported in an order that lets later ones refine earlier ones: the watchlist and the
/// watched films first, then the diary (watched dates), the ratings (the latest stars), and the reviews
/// (notes). Other files of the export (lists, likes, profile) are not movie rows and are left alone.
public enum LetterboxdExportFolder {
    /// The files read, in import order.
    public static let fileOrder = ["watchlist.csv", "watched.csv", "diary.csv", "ratings.csv", "reviews.csv"]

    /// The export's CSV files in `folder`, in import order; empty when the folder holds none.
    public static func files(in folder: String) -> [String] {
        fileOrder.map { folder + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Unzips `zip` into a new temporary folder with the system's `unzip` (or Python's zipfile when
    /// `unzip` is missing) and returns the folder; the caller removes it.
    public static func unzip(_ zip: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "movies-import-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let tools: [(String, [String])] = [
            ("unzip", ["-q", "-o", zip, "-d", folder]),
            ("python3", ["-m", "zipfile", "-e", zip, folder]),
        ]
        for (tool, arguments) in tools {
            guard let path = executable(tool) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0 { return folder }
            try? FileManager.default.removeItem(atPath: folder)
            throw InputFileError.badData(path: zip, reason: "not a readable zip file")
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw InputFileError.badData(
            path: zip, reason: "cannot open zip files here: install unzip, or unzip it and import the folder")
    }

    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
