/// What `EnclosureDownloader` records of a `.NAME.part` it wrote: enough to know, the next time, that
/// the file at that path is still the one it left there and what it was the start of.
public struct DownloadPart: Sendable, Equatable {
    /// The part's absolute path.
    public var path: String
    /// The file's identity, as fstat(2) gives it.
    public var device: Int64
    public var inode: Int64
    /// The bytes it held when the attempt ended.
    public var size: Int64
    /// The strong ETag or Last-Modified of the answer the bytes came from: sent as If-Range to resume.
    public var validator: String?
    /// The whole file's size, when an answer said it.
    public var total: Int64?

    public init(
        path: String, device: Int64, inode: Int64, size: Int64, validator: String? = nil, total: Int64? = nil
    ) {
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.validator = validator
        self.total = total
    }
}

/// Where the parts a downloader wrote are recorded, outside the folder they are in (which others may
/// write to): the database.
public protocol DownloadPartLedger: Sendable {
    /// The record of the part at `path`, if one was kept.
    func downloadPart(at path: String) throws -> DownloadPart?
    /// Records `part` (replacing the record of its path).
    func keepDownloadPart(_ part: DownloadPart) throws
    /// Drops the record of the part at `path`.
    func forgetDownloadPart(at path: String) throws
}
