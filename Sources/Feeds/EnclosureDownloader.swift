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

    /// Downloads `url` to `folder/fileName`. `progress` hears (bytes so far, whole size when known) from
    /// the transfer's thread. Throws `DownloadError`; a download cut off keeps its part for the next try.
    public func download(
        _ url: URL, into folder: String, fileName: String,
        progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(DownloadError) -> Downloaded {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw .notAWebAddress(url.absoluteString)
        }
        if let message = CurlLibrary.unavailableMessage { throw .libraryUnavailable(message) }
        let target = folder + "/" + fileName
        let part = folder + "/." + fileName + ".part"
        var information = stat()
        guard stat(folder, &information) == 0, (information.st_mode & S_IFMT) == S_IFDIR else {
            throw .folderMissing(folder)
        }
        if lstat(target, &information) == 0 { throw .exists(target) }
        let descriptor = open(part, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(part, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &information) == 0, lseek(descriptor, 0, SEEK_END) >= 0 else {
            throw .cannotWrite(part, reason: Self.reason(errno))
        }
        let kept = Int64(information.st_size)
        let transfer = DownloadTransfer(
            url: url.absoluteString, userAgent: FetchOperation.headerValue(userAgent), descriptor: descriptor,
            resumeFrom: kept, maximumBytes: maximumBytes, timeout: timeout, progress: progress)
        let outcome = await transfer.run()
        if outcome.stop == MOVIES_CURL_STOP_TOO_LARGE {
            unlink(part)
            throw .tooLarge(limit: maximumBytes)
        }
        if outcome.writeErrno != 0 { throw .cannotWrite(part, reason: Self.reason(outcome.writeErrno)) }
        // 416 to `bytes=N-`: the part holds the whole file already (a download cut after its last byte).
        let complete =
            (outcome.code == 0 && (200...299).contains(outcome.status)) || (kept > 0 && outcome.status == 416)
        guard complete else {
            var now = stat()
            let saved = fstat(descriptor, &now) == 0 ? Int64(now.st_size) : 0
            if saved == 0 { unlink(part) }
            let why =
                outcome.status >= 300 && outcome.code == 0 || outcome.stop == MOVIES_CURL_STOP_STATUS
                ? "the server answered \(outcome.status)" : outcome.message
            throw .failed(reason: why, keptBytes: saved)
        }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(part, reason: Self.reason(errno)) }
        var finished = stat()
        let bytes = fstat(descriptor, &finished) == 0 ? Int64(finished.st_size) : 0
        // link(2) refuses an existing name: a file that appeared meanwhile is kept, and so is the part.
        guard link(part, target) == 0 else {
            let code = errno
            throw code == EEXIST ? .exists(target) : .cannotWrite(target, reason: Self.reason(code))
        }
        unlink(part)
        return Downloaded(path: target, bytes: bytes, resumedFrom: outcome.resumed ? kept : 0)
    }

    /// The name a file is saved under: the last part of its address's path, percent-decoded, without
    /// what a file name cannot hold safely (`/`, control characters, a leading dot); `fallback` when
    /// nothing is left.
    public static func fileName(for url: URL, fallback: String) -> String {
        let last = url.path.split(separator: "/").last.map(String.init) ?? ""
        let decoded = percentDecoded(last)
        var name = String(
            decoded.unicodeScalars.filter {
                !$0.properties.isDefaultIgnorableCodePoint && !isControl($0) && $0 != "/"
            }
            .map(Character.init))
        while name.hasPrefix(".") { name.removeFirst() }
        name = String(name.prefix(200))
        return name.isEmpty ? fallback : name
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

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Why a download did not finish.
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

    public var description: String {
        switch self {
        case .notAWebAddress(let url): "'\(url)' is not an http or https address"
        case .libraryUnavailable(let message): message
        case .folderMissing(let folder): "the folder \(folder) does not exist"
        case .exists(let path):
            "\(path) exists already; it is never overwritten (move it away to download again)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .tooLarge(let limit):
            "the file is larger than the limit of \(limit) bytes (--max-size); nothing was kept"
        case .failed(let reason, let kept):
            "the download failed: \(reason)"
                + (kept > 0 ? " (\(kept) bytes are kept: run the command again to resume)" : "")
        }
    }
}

/// One download on a thread of its own (libcurl's transfer blocks its thread), with the progress
/// callback handed to C through an unretained box that lives as long as the call.
private final class DownloadTransfer: Sendable {
    struct Outcome: Sendable {
        var code: Int32
        var status: Int
        var stop: movies_curl_stop
        var message: String
        var resumed: Bool
        var writeErrno: Int32
    }

    let url: String
    let userAgent: String
    let descriptor: Int32
    let resumeFrom: Int64
    let maximumBytes: Int64
    let timeout: Duration
    let progress: (@Sendable (Int64, Int64?) -> Void)?

    init(
        url: String, userAgent: String, descriptor: Int32, resumeFrom: Int64, maximumBytes: Int64,
        timeout: Duration,
        progress: (@Sendable (Int64, Int64?) -> Void)?
    ) {
        self.url = url
        self.userAgent = userAgent
        self.descriptor = descriptor
        self.resumeFrom = resumeFrom
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.progress = progress
    }

    func run() async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let started = DetachedThread.start { [self] in
                continuation.resume(returning: perform())
            }
            if !started {
                continuation.resume(
                    returning: Outcome(
                        code: -1, status: 0, stop: MOVIES_CURL_STOP_NONE, message: "could not start a thread",
                        resumed: false, writeErrno: 0))
            }
        }
    }

    private static let onProgress: @convention(c) (UnsafeMutableRawPointer?, Int64, Int64) -> Void = {
        context, received, total in
        guard let context else { return }
        let transfer = Unmanaged<DownloadTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.progress?(received, total >= 0 ? total : nil)
    }

    private func perform() -> Outcome {
        let milliseconds = Int(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds
                / 1_000_000_000_000_000)
        let texts: [String] = [url, userAgent, "*/*"]
        let strings = texts.map { text in text.withCString { strdup($0) } }
        defer {
            for string in strings { free(string) }
        }
        var result = movies_curl_get_result()
        withExtendedLifetime(self) {
            var options = movies_curl_get_options(
                url: strings[0], user_agent: strings[1], accept: strings[2], if_none_match: nil,
                if_modified_since: nil, timeout_ms: max(1, milliseconds), connect_timeout_ms: 30_000,
                maximum_bytes: maximumBytes, maximum_redirects: 5, cancel: nil, output_fd: descriptor,
                resume_from: resumeFrom, progress: progress == nil ? nil : Self.onProgress,
                progress_context: Unmanaged.passUnretained(self).toOpaque())
            movies_curl_get(&options, &result)
        }
        defer { movies_curl_get_result_free(&result) }
        return Outcome(
            code: result.curl_code, status: result.status, stop: result.stop,
            message: result.error_message.map { String(cString: $0) } ?? "", resumed: result.resumed != 0,
            writeErrno: result.write_errno)
    }
}
