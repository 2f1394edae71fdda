import FoundationEssentials
import MoviesCore

/// A whole Letterboxd export: the folder it unzips to (its `.zip` is `LetterboxdExportZip`).
///
/// Its files are imported in an order that lets later ones refine earlier ones: the watchlist and the
/// watched films first, then the diary (watched dates), the ratings (the latest stars), and the reviews
/// (reviews), then each list of `lists/` (by name). Other files of the export (likes, profile) are not
/// movie rows and are left alone.
public enum LetterboxdExportFolder {
    /// The files read, in import order.
    public static let fileOrder = ["watchlist.csv", "watched.csv", "diary.csv", "ratings.csv", "reviews.csv"]

    /// The folder of list exports inside an export.
    public static let listsFolder = "lists"

    /// The export's CSV files in `folder`, in import order; empty when the folder holds none.
    public static func files(in folder: String) -> [String] {
        fileOrder.map { folder + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// The list exports in `folder`'s `lists/`, by name.
    public static func listFiles(in folder: String) -> [String] {
        let lists = folder + "/" + listsFolder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: lists)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".csv") }.sorted().map { lists + "/" + $0 }
    }

    /// Readers over the export's files in `folder`, in import order, each opened and its header read.
    /// They are files the folder holds, not ones the user named: each must be a regular file (a FIFO
    /// named `diary.csv` would wait for a writer forever), as a zip's entries and `catalog load`'s
    /// files must.
    public static func readers(in folder: String) throws(InputFileError) -> [MovieImportReader] {
        let files = files(in: folder)
        guard !files.isEmpty else { throw noExportFiles(in: folder) }
        var readers: [MovieImportReader] = []
        for file in files {
            do {
                readers.append(try MovieImportReader(path: file, format: .letterboxd, regularFileOnly: true))
            } catch {
                throw InputFileError(opening: file, error)
            }
        }
        for file in listFiles(in: folder) {
            do {
                readers.append(
                    try MovieImportReader(path: file, format: .letterboxdList, regularFileOnly: true))
            } catch {
                throw InputFileError(opening: file, error)
            }
        }
        return readers
    }

    /// The refusal of a folder or zip without any of the export's files.
    static func noExportFiles(in path: String) -> InputFileError {
        .badData(
            path: path, reason: "no Letterboxd export files in it (\(fileOrder.joined(separator: ", ")))")
    }
}

extension InputFileError {
    /// `error`, met opening the import file `path`: a file that cannot be read is missing input, one
    /// that can but holds the wrong thing is bad data.
    public init(opening path: String, _ error: ImportFileError) {
        self =
            error.isMissingInput
            ? .missing(path: path, reason: error.reason)
            : .badData(path: path, reason: error.reason)
    }
}
