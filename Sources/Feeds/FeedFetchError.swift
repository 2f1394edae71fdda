import Basics
import FoundationEssentials

/// Why a feed could not be fetched; `description` is a short message for the user, such as
/// "HTTP 404 Not Found" or "could not connect to 127.0.0.1:9".
public struct FeedFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure, for callers that react differently (e.g. retry later on a timeout).
    public enum Kind: Sendable, Equatable {
        /// The request URL is not http(s); carries the scheme ("" when there is none).
        case unsupportedScheme(String)
        /// The URL has no host.
        case invalidURL
        /// The server answered with a status other than 2xx or 304.
        case httpStatus(Int)
        /// The body was larger than the fetcher's limit (in bytes); the transfer was cut off.
        case tooLarge(limit: Int)
        /// The whole fetch took longer than the fetcher's timeout.
        case timedOut(seconds: Double)
        /// No connection could be made to `host:port`.
        case cannotConnect(String)
        /// The host name could not be resolved.
        case hostNotFound(String)
        /// The connection broke off during the transfer.
        case connectionLost
        /// A redirect pointed to a scheme other than http(s); carries that scheme.
        case redirectRefused(String)
        /// More redirects than the fetcher allows (the limit).
        case tooManyRedirects(Int)
        /// TLS failed (handshake, certificate).
        case secureConnectionFailed
        /// The fetch was cancelled (its Swift task was cancelled).
        case cancelled
        /// Anything else, with the system's message.
        case other(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The URL that was requested.
    public var url: URL

    /// Creates an error of `kind` for `url`.
    public init(_ kind: Kind, url: URL) {
        self.kind = kind
        self.url = url
    }

    /// A short, user-facing message.
    public var description: String {
        switch kind {
        case .unsupportedScheme(let scheme):
            let shown = scheme.isEmpty ? "a URL without a scheme" : "\"\(scheme):\" URLs"
            return "only http and https URLs can be fetched, not \(shown)"
        case .invalidURL:
            return "the URL has no host"
        case .httpStatus(let code):
            return "HTTP \(code) \(HTTPStatus.reasonPhrase(for: code))"
        case .tooLarge(let limit):
            return "response larger than \(ByteCount.describe(limit))"
        case .timedOut(let seconds):
            return "timed out after \(FeedFetchError.format(seconds: seconds)) s"
        case .cannotConnect(let endpoint):
            return "could not connect to \(endpoint)"
        case .hostNotFound(let host):
            return "could not resolve host \(host)"
        case .connectionLost:
            return "the connection was lost"
        case .redirectRefused(let scheme):
            return "redirect to a non-HTTP URL refused (\(scheme):)"
        case .tooManyRedirects(let limit):
            return "too many redirects (more than \(limit))"
        case .secureConnectionFailed:
            return "secure connection failed"
        case .cancelled:
            return "cancelled"
        case .other(let message):
            return message
        }
    }

    private static func format(seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds)" }
        if seconds == seconds.rounded() {
            return String(Int(seconds))
        }
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Reason phrases for status codes: the standard ones, not the server's own (which can say anything,
/// and HTTP/2 has none).
enum HTTPStatus {
    static func reasonPhrase(for code: Int) -> String {
        if let phrase = phrases[code] {
            return phrase
        }
        switch code {
        case 400..<500:
            return "Client Error"
        case 500..<600:
            return "Server Error"
        case 300..<400:
            return "Redirection"
        default:
            return "Unexpected Status"
        }
    }

    private static let phrases: [Int: String] = [
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
        401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
        415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        418: "I'm a teapot", 421: "Misdirected Request", 422: "Unprocessable Content", 423: "Locked",
        425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
        508: "Loop Detected", 511: "Network Authentication Required",
    ]
}
