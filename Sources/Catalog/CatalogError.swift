import UserFacing

/// Why a catalog could not be loaded or read. A refused load leaves the previous catalog as it was.
package enum CatalogError: Error, Sendable, Equatable {
    /// A dataset file holds what IMDb's do not (`line` 0: the file as a whole).
    case badData(file: String, line: Int, reason: String)
    /// A file given to `catalog load` is missing or unreadable.
    case missing(file: String, reason: String)
    /// A file whose name is not one of IMDb's datasets.
    case unknownFile(String)
    /// Two files of one kind given to one load.
    case twice(DatasetKind)
    /// A load without `title.basics.tsv.gz`, which says what the films are.
    case noBasics
    /// zlib is not installed (or not usable).
    case zlibUnavailable(String)
    /// There is no catalog beside the diary yet.
    case noCatalog(path: String)
    /// The catalog was built by a `movies` whose catalog schema this one does not know.
    case unusable(path: String, reason: String)
    /// Something that is not a film catalog is at the catalog's path, which a load would replace;
    /// `reason` says what it is, as far as it could be read.
    case notACatalog(path: String, reason: String)
    /// Another load is writing this catalog (process `processID`, when known).
    case loadRunning(path: String, processID: Int32?)
}

extension CatalogError: UserFacingError, CustomStringConvertible {
    package var description: String {
        switch self {
        case .badData(let file, 0, let reason): "cannot load \(file): \(reason)"
        case .badData(let file, let line, let reason): "cannot load \(file), line \(line): \(reason)"
        case .missing(let file, let reason): "cannot read \(file): \(reason)"
        // A message that begins with a file's name would have it capitalized (`Title.crew.tsv.gz`).
        case .unknownFile(let file):
            "cannot load \(file): its name is not one of IMDb's dataset files' (\(DatasetKind.allCases.map(\.fileName).joined(separator: ", ")), or one of them gunzipped, without .gz)"
        case .twice(let kind): "the same dataset file is given twice: \(kind.fileName)"
        case .noBasics:
            "a catalog needs \(DatasetKind.titleBasics.fileName), which says what the films are; give it with the others"
        case .zlibUnavailable(let reason):
            "cannot read gzip files: zlib is not installed or not usable (\(reason))"
        case .noCatalog(let path):
            "there is no film catalog yet (\(path)); download IMDb's datasets and run 'movies catalog load FOLDER'"
        case .unusable(let path, let reason): "cannot use the catalog \(path): \(reason)"
        case .notACatalog(let path, let reason):
            "cannot load the catalog into \(path): what is there is not a film catalog (\(reason)), and a "
                + "load would replace it; move or rename it and load again"
        case .loadRunning(let path, let processID):
            "another catalog load" + (processID.map { " (process \($0))" } ?? "") + " is writing \(path); "
                + "nothing was changed. Wait for it to finish, or stop it, and load again"
        }
    }

    package var message: String { description.capitalizingFirstLetter() }

    package var exitCode: ExitCode {
        switch self {
        case .badData, .unknownFile: .dataError
        case .missing: .noInput
        case .twice, .noBasics: .usage
        case .zlibUnavailable, .noCatalog, .unusable, .notACatalog: .failure
        case .loadRunning: .temporaryFailure
        }
    }
}
