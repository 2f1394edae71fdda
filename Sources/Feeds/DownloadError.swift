/// Why a download did not finish. Each description is a sentence as a person reads it: it starts with a
/// capital letter where it starts with words of this code, and with a path as the path is written (a
/// path is never capitalised).
public enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAWebAddress(String)
    case libraryUnavailable(String)
    case folderMissing(String)
    /// A file is there already; it is never overwritten.
    case exists(String)
    case cannotWrite(String, reason: String)
    case tooLarge(limit: Int64)
    /// The transfer failed; `keptBytes` were kept for the next try to resume from.
    case failed(reason: String, keptBytes: Int64)
    /// Another download of the same file holds its part (`flock(2)`).
    case inProgress(String)
    /// A `.part` is there that this program did not leave (or that changed since): never resumed,
    /// truncated or removed.
    case untrustedPart(String, reason: String)
    /// The record of a part could not be read or written.
    case cannotRecord(String)
    /// The download was stopped (Ctrl-C); `keptBytes` were kept, and recorded, for the next try.
    case interrupted(keptBytes: Int64)

    public var description: String {
        switch self {
        case .notAWebAddress(let url): "The address '\(url)' is not an http or https address"
        case .libraryUnavailable(let message): message
        case .folderMissing(let folder): "The folder \(folder) does not exist"
        case .exists(let path):
            "\(path) exists already; it is never overwritten (move it away to download again)"
        case .cannotWrite(let path, let reason): "Cannot write \(path): \(reason)"
        case .tooLarge(let limit):
            "The file is larger than the limit of \(limit) bytes (--max-size); nothing was kept"
        case .failed(let reason, let kept):
            "The download failed: \(reason)"
                + (kept > 0 ? " (\(kept) bytes are kept: run the command again to resume)" : "")
        case .inProgress(let path):
            "A download of \(path) is in progress already; run the command again once it has ended"
        case .untrustedPart(let path, let reason):
            "\(path) was not left by an earlier download of this program (\(reason)); it is not used "
                + "or changed: move it away to download again"
        case .cannotRecord(let reason): "The download's part could not be recorded: \(reason)"
        case .interrupted(let kept):
            "Interrupted"
                + (kept > 0
                    ? ": \(kept) bytes are kept (run the command again to resume)" : "; nothing was kept")
        }
    }
}
