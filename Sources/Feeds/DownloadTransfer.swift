import Basics
import CCurlLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One download on a thread of its own (libcurl's transfer blocks its thread), with the progress
/// callback handed to C through an unretained box that lives as long as the call.
final class DownloadTransfer: Sendable {
    struct Outcome: Sendable {
        var code: Int32
        var status: Int
        var stop: movies_curl_stop
        var message: String
        var resumed: Bool
        var writeErrno: Int32
        /// What the answer said of the file: its strong ETag, else its Last-Modified (for If-Range).
        var validator: String?
        /// The Content-Range's first byte and whole size, and the Content-Length (-1 when absent).
        var rangeStart: Int64
        var rangeTotal: Int64
        var declaredLength: Int64

        /// The whole file's size as a 2xx answer gave it: a 206's Content-Range, a 200's length.
        var total: Int64? {
            switch status {
            case 206: rangeTotal >= 0 ? rangeTotal : nil
            case 200...299: declaredLength >= 0 ? declaredLength : nil
            default: nil
            }
        }
    }

    /// Where the transfer starts and what it expects of a 206.
    struct Resumption: Sendable {
        /// The bytes kept (asked for from there with `Range`), 0 for the whole file.
        var from: Int64 = 0
        /// Sent as If-Range.
        var validator: String?
        /// The whole size a 206 must give.
        var total: Int64?
    }

    let url: String
    let userAgent: String
    let descriptor: Int32
    let resumption: Resumption
    let maximumBytes: Int64
    let timeout: Duration
    let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Raised when the task awaiting `run()` is cancelled.
    private let cancel = CurlCancelFlag()

    init(
        url: String, userAgent: String, descriptor: Int32, resumption: Resumption, maximumBytes: Int64,
        timeout: Duration,
        progress: (@Sendable (Int64, Int64?) -> Void)?
    ) {
        self.url = url
        self.userAgent = userAgent
        self.descriptor = descriptor
        self.resumption = resumption
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.progress = progress
    }

    /// The transfer, stopped (`MOVIES_CURL_STOP_CANCELLED`) when the calling task is cancelled: Ctrl-C
    /// ends a download with what it wrote recorded, so that the next one resumes it.
    func run() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let started = DetachedThread.start { [self] in
                    continuation.resume(returning: perform())
                }
                if !started {
                    continuation.resume(
                        returning: Outcome(
                            code: -1, status: 0, stop: MOVIES_CURL_STOP_NONE,
                            message: "could not start a thread", resumed: false, writeErrno: 0,
                            rangeStart: -1,
                            rangeTotal: -1, declaredLength: -1))
                }
            }
        } onCancel: {
            cancel.raise()
        }
    }

    private static let onProgress: @convention(c) (UnsafeMutableRawPointer?, Int64, Int64) -> Void = {
        context, received, total in
        guard let context else { return }
        let transfer = Unmanaged<DownloadTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.progress?(received, total >= 0 ? total : nil)
    }

    /// `duration` in milliseconds for libcurl, from 1 to `Int32.max` (24 days): checked arithmetic, as
    /// a duration can be any length.
    static func milliseconds(_ duration: Duration) -> Int {
        let limit = Int64(Int32.max)
        let (scaled, overflow) = duration.components.seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return duration < .zero ? 1 : Int(limit) }
        // Attoseconds add less than a millisecond's thousand: added only below the limit.
        let total = scaled >= limit ? limit : scaled + duration.components.attoseconds / 1_000_000_000_000_000
        return Int(min(max(1, total), limit))
    }

    private func perform() -> Outcome {
        let texts: [String] = [url, userAgent, "*/*", resumption.validator ?? ""]
        let strings = texts.map { text in text.withCString { strdup($0) } }
        defer {
            for string in strings { free(string) }
        }
        var result = movies_curl_get_result()
        withExtendedLifetime(self) {
            cancel.withPointer { flag in
                var options = movies_curl_get_options(
                    url: strings[0], user_agent: strings[1], accept: strings[2], if_none_match: nil,
                    if_modified_since: nil, timeout_ms: Self.milliseconds(timeout),
                    connect_timeout_ms: 30_000,
                    maximum_bytes: maximumBytes, maximum_redirects: 5, cancel: flag, output_fd: descriptor,
                    resume_from: resumption.from, if_range: strings[3],
                    expected_total: resumption.total ?? -1,
                    progress: progress == nil ? nil : Self.onProgress,
                    progress_context: Unmanaged.passUnretained(self).toOpaque())
                movies_curl_get(&options, &result)
            }
        }
        defer { movies_curl_get_result_free(&result) }
        let etag = result.etag.map { String(cString: $0) }
        let lastModified = result.last_modified.map { String(cString: $0) }
        // A weak ETag (W/"...") cannot be an If-Range validator (RFC 9110, 13.1.5).
        let validator = etag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? lastModified
        return Outcome(
            code: result.curl_code, status: result.status, stop: result.stop,
            message: result.error_message.map { String(cString: $0) } ?? "", resumed: result.resumed != 0,
            writeErrno: result.write_errno, validator: validator?.isEmpty == false ? validator : nil,
            rangeStart: result.range_start, rangeTotal: result.range_total,
            declaredLength: result.declared_length)
    }
}
