import Basics
import FoundationEssentials

/// Fetches feeds over HTTP(S) with the limits a feed reader needs against slow, huge or hostile
/// servers: an overall timeout, a size cap enforced while the body streams in, a redirect limit,
/// http(s)-only URLs and redirects, and conditional GET.
///
/// Fetches go through libcurl's easy interface, loaded with `dlopen` on the first fetch (see
/// `CurlLibrary`): linking it, or FoundationNetworking, would slow every command's start-up, and only
/// `news subscribe` and `news refresh` fetch. Each fetch has its own libcurl handle (no cache, no
/// cookies, no `.netrc`) on its own thread, so fetches share nothing and a cancelled one cannot
/// disturb the others. A machine without libcurl gets a clear error for each feed.
public struct FeedFetcher: Sendable {
    /// The longest a whole fetch (connection, redirects and body) may take.
    public var timeout: Duration
    /// The largest body accepted; the transfer is cancelled as soon as more arrives.
    public var maximumBytes: Int
    /// How many redirects are followed before giving up.
    public var maximumRedirects: Int
    /// The `User-Agent` sent with every request.
    public var userAgent: String

    /// A fetcher with the given limits; the defaults suit interactive refreshes.
    public init(
        timeout: Duration = .seconds(15), maximumBytes: Int = 10 * 1024 * 1024, maximumRedirects: Int = 5,
        userAgent: String = "movies/0.1 (+feed reader)"
    ) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
        self.userAgent = userAgent
    }

    /// Fetches one feed. Never throws: every failure, including cancellation of the calling task,
    /// is a `FeedFetchError` in the result.
    public func fetch(_ request: FeedRequest) async -> Result<FeedFetchResult, FeedFetchError> {
        let scheme = request.url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return .failure(FeedFetchError(.unsupportedScheme(scheme), url: request.url))
        }
        guard let host = request.url.host, !host.isEmpty else {
            return .failure(FeedFetchError(.invalidURL, url: request.url))
        }
        let operation = FetchOperation(request: request, limits: limits)
        return await operation.run()
    }

    /// Fetches many at once with at most `maxConcurrent` in flight; results in input order; one failure
    /// never stops the others. `progress` is called with (finished, total) after each fetch ends.
    public func fetchAll(
        _ requests: [FeedRequest], maxConcurrent: Int, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> [Result<FeedFetchResult, FeedFetchError>] {
        let results = await concurrentlyMap(count: requests.count, width: maxConcurrent, progress: progress) {
            await fetch(requests[$0])
        }
        return results.enumerated().map { index, result in
            result ?? .failure(FeedFetchError(.cancelled, url: requests[index].url))
        }
    }

    private var limits: FetchLimits {
        let parts = timeout.components
        let seconds = max(0.001, Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
        return FetchLimits(
            timeoutSeconds: seconds, maximumBytes: max(0, maximumBytes),
            maximumRedirects: max(0, maximumRedirects), userAgent: userAgent)
    }
}

/// The fetcher's settings as one fetch needs them.
struct FetchLimits: Sendable {
    var timeoutSeconds: Double
    var maximumBytes: Int
    var maximumRedirects: Int
    var userAgent: String
}
