import Basics
import CCurlLoader
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches a file an item links to (a podcast episode) into a folder, as podboat does: written as it
/// arrives into a hidden `.NAME.part` beside where it goes, resumed from there with a `Range` request
/// when a download was cut off, capped in size, and linked into place only when complete, with
/// `link(2)`, which never replaces a file that is there: an existing file is never overwritten.
public struct EnclosureDownloader: Sendable {
    /// The largest file accepted, in bytes (a declared length over it is refused before any byte).
    public var maximumBytes: Int64
    /// How long the whole transfer may take.
    public var timeout: Duration
    public var userAgent: String

    public init(
        maximumBytes: Int64 = 2 * 1024 * 1024 * 1024, timeout: Duration = .seconds(3600),
        userAgent: String = "movies/0.1 (+feed reader)"
    ) {
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.userAgent = userAgent
    }

    /// A finished download.
    public struct Downloaded: Sendable, Equatable {
        /// Where the file is.
        public var path: String
        /// Its size.
        public var bytes: Int64
        /// The bytes a cut-off download had kept and this one resumed from (0 for a fresh start, and when
        /// the server sent the whole file again).
        public var resumedFrom: Int64
    }

    /// Downloads `url` to `folder/fileName`, recording the part it keeps in `ledger`. `progress` hears
    /// (bytes so far, whole size when known) from the transfer's thread. Throws `DownloadError`; a
    /// download cut off keeps its part for the next try.
    ///
    /// A part is resumed only with the validator of the answer its bytes came from (If-Range), and a
    /// 206 answer is read only when its Content-Range starts where the part ends and gives the whole
    /// size the first answer gave: any other answer, or a part kept without a validator, starts the file
    /// over, so a file changed on the server between two attempts is never spliced from both versions.
    public func download(
        _ url: URL, into folder: String, fileName: String, ledger: any DownloadPartLedger,
        progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(DownloadError) -> Downloaded {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw .notAWebAddress(url.absoluteString)
        }
        if let message = CurlLibrary.unavailableMessage {
            throw .libraryUnavailable(message.capitalizingFirstLetter())
        }
        let target = folder + "/" + fileName
        var information = stat()
        guard stat(folder, &information) == 0, (information.st_mode & S_IFMT) == S_IFDIR,
            let resolved = Self.resolved(folder)
        else {
            throw .folderMissing(folder)
        }
        if lstat(target, &information) == 0 { throw .exists(target) }
        let partName = "." + fileName + ".part"
        let part = try EnclosurePart(
            path: folder + "/" + partName, key: resolved + "/" + partName, target: target, ledger: ledger)
        if part.record.size > 0, part.record.validator == nil { try part.startOver() }
        var kept = part.record.size
        var outcome = await transfer(url, part: part, resumption: Self.resumption(of: part.record), progress)
        if outcome.stop == MOVIES_CURL_STOP_RANGE_MISMATCH {
            // The answer was refused at its headers, before a byte of it was written.
            try part.startOver()
            kept = 0
            outcome = await transfer(url, part: part, resumption: .init(), progress)
        }
        if outcome.stop == MOVIES_CURL_STOP_TOO_LARGE {
            part.discard()
            throw .tooLarge(limit: maximumBytes)
        }
        let answered = (200...299).contains(outcome.status)
        let validator = answered ? outcome.validator : part.record.validator
        let total = answered ? outcome.total : part.record.total
        if outcome.writeErrno != 0 {
            try? part.keep(validator: validator, total: total)
            throw .cannotWrite(part.path, reason: EnclosurePart.reason(outcome.writeErrno))
        }
        // 416 to `bytes=N-` with the whole size N: the part holds the whole file already (a download cut
        // after its last byte).
        let complete =
            (outcome.code == 0 && answered)
            || (kept > 0 && outcome.status == 416 && outcome.rangeTotal == kept)
        guard complete else {
            let saved = part.size
            if saved == 0 { part.discard() } else { try part.keep(validator: validator, total: total) }
            if outcome.stop == MOVIES_CURL_STOP_CANCELLED { throw .interrupted(keptBytes: saved) }
            let why =
                outcome.status >= 300 && outcome.code == 0 || outcome.stop == MOVIES_CURL_STOP_STATUS
                ? "the server answered \(outcome.status)" : outcome.message
            throw .failed(reason: why, keptBytes: saved)
        }
        guard fsync(part.descriptor) == 0 else {
            throw .cannotWrite(part.path, reason: EnclosurePart.reason(errno))
        }
        let bytes = part.size
        if let total, total != bytes {
            part.discard()
            throw .failed(reason: "the server sent \(bytes) bytes of a file of \(total)", keptBytes: 0)
        }
        // link(2) refuses an existing name: a file that appeared meanwhile is kept, and so is the part.
        guard link(part.path, target) == 0 else {
            let code = errno
            try? part.keep(validator: validator, total: total)
            throw code == EEXIST ? .exists(target) : .cannotWrite(target, reason: EnclosurePart.reason(code))
        }
        part.discard()
        return Downloaded(path: target, bytes: bytes, resumedFrom: outcome.resumed ? kept : 0)
    }

    private func transfer(
        _ url: URL, part: EnclosurePart, resumption: DownloadTransfer.Resumption,
        _ progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async -> DownloadTransfer.Outcome {
        await DownloadTransfer(
            url: url.absoluteString, userAgent: FetchOperation.headerValue(userAgent),
            descriptor: part.descriptor,
            resumption: resumption, maximumBytes: maximumBytes, timeout: timeout, progress: progress
        ).run()
    }

    private static func resumption(of record: DownloadPart) -> DownloadTransfer.Resumption {
        record.size > 0 ? .init(from: record.size, validator: record.validator, total: record.total) : .init()
    }

    /// `folder` as an absolute path without links (realpath(3)), the key the ledger records parts by.
    private static func resolved(_ folder: String) -> String? {
        guard let pointer = realpath(folder, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The longest file name, in bytes, that a download into `folder` can take: the folder's file
    /// system's limit (pathconf(3)'s `_PC_NAME_MAX`, 255 on most) less the `.` and `.part` of its part.
    public static func longestFileName(in folder: String) -> Int {
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        return (limit > 0 ? min(Int(limit), 4096) : 255) - 6
    }

    /// The name a file is saved under: the last part of its address's path, percent-decoded, without
    /// what a file name cannot hold safely (`/`, control characters, a leading dot). Counted in bytes
    /// (as file systems count names): one over `maximumBytes` gives way to `fallback` with the name's
    /// extension, and so does a name with nothing left.
    public static func fileName(for url: URL, fallback: String, maximumBytes: Int = 249) -> String {
        let last = url.path.split(separator: "/").last.map(String.init) ?? ""
        let decoded = percentDecoded(last)
        var name = String(
            decoded.unicodeScalars.filter {
                !$0.properties.isDefaultIgnorableCodePoint && !isControl($0) && $0 != "/"
            }
            .map(Character.init))
        while name.hasPrefix(".") { name.removeFirst() }
        guard !name.isEmpty else { return fallback }
        guard name.utf8.count > maximumBytes else { return name }
        // The extension, when it is a short one (`.mp3`), keeps the file openable by its type.
        let suffix = name.split(separator: ".").last.map { "." + $0 } ?? ""
        let short =
            suffix.utf8.count <= 16 && suffix.count > 1 && name.contains(".") ? fallback + suffix : fallback
        return short.utf8.count <= maximumBytes ? short : fallback
    }

    /// `text` with its `%XX` escapes decoded as UTF-8 (invalid sequences replaced).
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
