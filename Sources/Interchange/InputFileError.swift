import Basics
import UserFacing

/// Why an input file (an import, an OPML file, an export archive) could not be used.
///
/// `missing` exits 66 (EX_NOINPUT), `badData` 65 (EX_DATAERR) and `unsupported` 1 on the command line.
public enum InputFileError: Error, Sendable, CustomStringConvertible {
    case missing(path: String, reason: String)
    case badData(path: String, reason: String)
    /// The file may be fine, but this machine cannot read its kind (a zip without libzip).
    case unsupported(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path, let reason), .unsupported(let path, let reason):
            "cannot read \(path): \(reason)"
        case .badData(let path, let reason): "cannot use \(path): \(reason)"
        }
    }
}

extension InputFileError: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }

    package var exitCode: ExitCode {
        switch self {
        case .missing: .noInput
        case .badData: .dataError
        case .unsupported: .failure
        }
    }
}
