import CCurlLoader
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcurl as this process sees it: loaded with `dlopen` on the first fetch, never before.
///
/// Linking libcurl (or FoundationNetworking, which links it) would make every `movies` command load
/// libcurl, a TLS library, Kerberos, LDAP, nghttp2... at start-up, about 11 ms, although only
/// `news subscribe` and `news refresh` fetch anything. Loaded lazily, a machine without libcurl
/// still runs every other command and gets a clear per-feed error when it fetches.
enum CurlLibrary {
    /// Why feeds cannot be fetched on this machine, or nil when libcurl is usable (loads it).
    static var unavailableMessage: String? {
        guard movies_curl_load() == 0 else { return nil }
        let name = libraryName
        let install = "install it (Debian and Ubuntu: apt-get install libcurl4)"
        if movies_curl_load_missing() != 0 {
            return "cannot fetch feeds: \(name) is not installed; \(install)"
        }
        return
            "cannot fetch feeds: \(name) could not be loaded (\(String(cString: movies_curl_load_error()))); "
            + install
    }

    /// The library name tried first: "libcurl.so.4" (or "libcurl.4.dylib" on macOS).
    static var libraryName: String {
        String(cString: movies_curl_library_name())
    }
}

/// A flag that stops a transfer running on another thread; thread-safe (an atomic int in C).
final class CurlCancelFlag: @unchecked Sendable {
    // The pointer is set once and freed in deinit; the C flag itself is an atomic, so raising it
    // from any thread while another thread's transfer reads it is safe.
    private let pointer: OpaquePointer?

    /// A lowered flag.
    init() {
        pointer = movies_curl_cancel_flag_new()
    }

    deinit {
        movies_curl_cancel_flag_free(pointer)
    }

    /// Raises the flag: the transfer stops at its next progress or write callback.
    func raise() {
        movies_curl_cancel_flag_raise(pointer)
    }

    /// Runs `body` with the C flag; the flag lives at least as long as this object.
    func withPointer<T>(_ body: (OpaquePointer?) -> T) -> T {
        withExtendedLifetime(self) { body(pointer) }
    }
}

/// One GET as `movies_curl_get` performs it: what to send and the limits.
struct CurlGet: Sendable {
    var url: String
    var userAgent: String
    var accept: String
    var ifNoneMatch: String?
    var ifModifiedSince: String?
    var timeoutMilliseconds: Int
    var connectTimeoutMilliseconds: Int
    var maximumBytes: Int
    var maximumRedirects: Int

    /// Performs the GET on the calling thread, which it blocks until the transfer ends: call it on a
    /// thread of its own, never on Swift's cooperative pool.
    func perform(cancel: CurlCancelFlag) -> CurlResponse {
        let strings = [url, userAgent, accept, ifNoneMatch, ifModifiedSince].map { $0.flatMap { strdup($0) } }
        defer {
            for string in strings {
                free(string)
            }
        }
        var result = movies_curl_get_result()
        cancel.withPointer { flag in
            var options = movies_curl_get_options(
                url: strings[0], user_agent: strings[1], accept: strings[2], if_none_match: strings[3],
                if_modified_since: strings[4], timeout_ms: timeoutMilliseconds,
                connect_timeout_ms: connectTimeoutMilliseconds, maximum_bytes: Int64(maximumBytes),
                maximum_redirects: maximumRedirects, cancel: flag, output_fd: -1, resume_from: 0,
                if_range: nil, expected_total: -1, progress: nil,
                progress_context: nil)
            movies_curl_get(&options, &result)
        }
        defer { movies_curl_get_result_free(&result) }
        var body = Data()
        if let bytes = result.body, result.body_length > 0 {
            // The buffer is handed over to Data, which frees it.
            body = Data(bytesNoCopy: bytes, count: result.body_length, deallocator: .free)
            result.body = nil
            result.body_length = 0
        }
        return CurlResponse(
            code: Int(result.curl_code), message: result.error_message.map { String(cString: $0) } ?? "",
            stop: CurlResponse.Stop(result.stop), status: result.status, redirectCount: result.redirect_count,
            temporaryRedirectCount: result.temporary_redirect_count,
            effectiveURL: result.effective_url.map { String(cString: $0) },
            location: result.location.map { String(cString: $0) },
            etag: result.etag.map { String(cString: $0) },
            lastModified: result.last_modified.map { String(cString: $0) },
            contentType: result.content_type.map { String(cString: $0) }, body: body)
    }
}

/// What `movies_curl_get` reported, in Swift types.
struct CurlResponse: Sendable, Equatable {
    /// Why the transfer was stopped on purpose, if it was.
    enum Stop: Sendable, Equatable {
        case none
        case tooLarge
        case cancelled
        case status

        init(_ stop: movies_curl_stop) {
            switch stop {
            case MOVIES_CURL_STOP_TOO_LARGE: self = .tooLarge
            case MOVIES_CURL_STOP_CANCELLED: self = .cancelled
            case MOVIES_CURL_STOP_STATUS: self = .status
            default: self = .none
            }
        }
    }

    /// libcurl's CURLcode (0 is success); -1 when libcurl could not be loaded or set up.
    var code: Int
    /// libcurl's message for `code`.
    var message: String = ""
    var stop: Stop = .none
    /// The last response's status code (0 when none arrived).
    var status: Int = 0
    var redirectCount: Int = 0
    /// How many of the redirects were not permanent (301 and 308 are).
    var temporaryRedirectCount: Int = 0
    /// The URL of the last request, after redirects.
    var effectiveURL: String?
    /// The last response's `Location` header.
    var location: String?
    var etag: String?
    var lastModified: String?
    /// The last response's `Content-Type` header.
    var contentType: String?
    var body = Data()
}

/// libcurl's error codes (CURLcode) that the fetcher tells apart; values from curl/curl.h. The
/// others become `.other` with libcurl's own message.
enum CurlCode {
    static let ok = 0
    static let unsupportedProtocol = 1
    static let couldNotResolveHost = 6
    static let couldNotConnect = 7
    static let weirdServerReply = 8
    static let partialFile = 18
    static let operationTimedOut = 28
    static let abortedByCallback = 42
    static let tooManyRedirects = 47
    static let gotNothing = 52
    static let sendError = 55
    static let receiveError = 56
    static let fileSizeExceeded = 63

    /// TLS failures: connect error, local certificate, cipher, peer verification, CA file, shutdown,
    /// CRL file, issuer, pinned key, certificate status, client certificate.
    static let secureConnection: Set<Int> = [35, 58, 59, 60, 77, 80, 82, 83, 90, 91, 98]
}
