import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One fetch: owns a `URLSession`, acts as its delegate, enforces the limits and turns the outcome
/// into a `Result` exactly once.
///
/// swift-corelibs-foundation (Linux) has sharp edges this works around:
/// - a delegate's answer to `didReceive response` is ignored, so a transfer is stopped with `cancel()`;
/// - calling a redirect completion handler after the task was cancelled traps inside Foundation, so
///   the redirect callback and `fail` are serialised by the state lock and a finished operation never
///   answers a redirect;
/// - its own timeout is whole seconds per transfer, so the overall deadline is enforced here;
/// - a cancelled transfer stops only when the task's queue gets to it: against a server that floods a
///   fast link the socket may go on being read (not stored) for a while after the fetch has returned
///   its error, until the server stops or the process exits.
final class FetchOperation: NSObject, URLSessionDataDelegate, Sendable {
    private typealias Outcome = Result<FeedFetchResult, FeedFetchError>

    private struct State {
        var body = Data()
        var redirects = 0
        var redirectFailure: FeedFetchError.Kind?
        var finished = false
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
    }

    private let request: FeedRequest
    private let limits: FetchLimits
    private let state = Mutex(State())

    init(request: FeedRequest, limits: FetchLimits) {
        self.request = request
        self.limits = limits
    }

    // MARK: - Running

    /// Performs the fetch and returns its outcome; cancelling the calling task cancels the transfer.
    func run() async -> Result<FeedFetchResult, FeedFetchError> {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: makeConfiguration(), delegate: self, delegateQueue: queue)
        let task = session.dataTask(with: makeRequest())
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let early: Outcome? = state.withLock { state in
                    if state.finished {
                        return state.outcome
                    }
                    state.continuation = continuation
                    state.task = task
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                    return
                }
                startTimer()
                task.resume()
            }
        } onCancel: {
            fail(.cancelled)
        }
        // Off this thread for the same reason as `cancelLater`: invalidating cancels tasks, and
        // `cancel()` waits on Foundation's queue. Invalidation also releases this delegate.
        DispatchQueue.global().async {
            session.invalidateAndCancel()
        }
        return outcome
    }

    private func makeConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Foundation's own timer only backs ours up: it counts whole seconds, per transfer.
        let backstop = (limits.timeoutSeconds + 5).rounded(.up)
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        return configuration
    }

    private func makeRequest() -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = (limits.timeoutSeconds + 5).rounded(.up)
        urlRequest.setValue(FetchOperation.headerValue(limits.userAgent), forHTTPHeaderField: "User-Agent")
        urlRequest.setValue(
            "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, "
                + "text/xml;q=0.9, */*;q=0.5",
            forHTTPHeaderField: "Accept")
        if let etag = request.etag.map(FetchOperation.headerValue), !etag.isEmpty {
            urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if let date = request.lastModified.map(FetchOperation.headerValue), !date.isEmpty {
            urlRequest.setValue(date, forHTTPHeaderField: "If-Modified-Since")
        }
        return urlRequest
    }

    /// A header value without line breaks or other control characters, which could otherwise
    /// inject headers (validators come back from storage, and ultimately from a server).
    private static func headerValue(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
            .trimmingCharacters(in: .whitespaces)
    }

    private func startTimer() {
        let timeout = limits.timeout
        let seconds = limits.timeoutSeconds
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.fail(.timedOut(seconds: seconds))
        }
        let alreadyFinished = state.withLock { state in
            state.timer = timer
            return state.finished
        }
        if alreadyFinished {
            timer.cancel()
        }
    }

    // MARK: - Finishing

    /// Ends the fetch with `kind` and stops the transfer (no-op when already finished).
    private func fail(_ kind: FeedFetchError.Kind) {
        finish(.failure(FeedFetchError(kind, url: request.url))).map(FetchOperation.cancelLater)
    }

    /// Cancels `task` from another thread. `cancel()` blocks on the task's internal queue, and
    /// calling it from a Swift task-cancellation handler can deadlock with Foundation's network
    /// thread (swift-corelibs-foundation issue #5412), so it is never called inline.
    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async {
            task.cancel()
        }
    }

    /// Records the outcome and resumes the caller, once; returns the task when this call finished it.
    @discardableResult
    private func finish(_ outcome: Outcome) -> URLSessionDataTask? {
        let taken = state.withLock {
            state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?, URLSessionDataTask?)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.outcome = outcome
            let continuation = state.continuation
            state.continuation = nil
            return (continuation, state.timer, state.task)
        }
        guard let (continuation, timer, task) = taken else { return nil }
        timer?.cancel()
        continuation?.resume(returning: outcome)
        return task
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Foundation on Linux rewrites a Location without a host (such as `file:///etc/passwd`) into a
        // path on the same server, so the scheme the server asked for is read from the header itself.
        let location = FetchOperation.header("Location", in: response).flatMap { URL(string: $0) }
        let scheme = location?.scheme?.lowercased() ?? newRequest.url?.scheme?.lowercased() ?? ""
        state.withLock { state in
            // A finished (cancelled) task must not get an answer: Foundation would trap.
            guard !state.finished else { return }
            state.redirects += 1
            if scheme != "http" && scheme != "https" {
                state.redirectFailure = .redirectRefused(scheme)
                completionHandler(nil)
            } else if state.redirects > limits.maximumRedirects {
                state.redirectFailure = .tooManyRedirects(limits.maximumRedirects)
                completionHandler(nil)
            } else {
                completionHandler(newRequest)
            }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        let redirectFailure = state.withLock { $0.redirectFailure }
        guard let http = response as? HTTPURLResponse else { return }
        if let redirectFailure {
            fail(redirectFailure)
        } else if http.statusCode == 304 {
            finish(.success(.notModified)).map(FetchOperation.cancelLater)
        } else if !(200...299).contains(http.statusCode) {
            fail(.httpStatus(http.statusCode))
        } else if http.expectedContentLength > Int64(limits.maximumBytes) {
            fail(.tooLarge(limit: limits.maximumBytes))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.body.append(data)
            return state.body.count > limits.maximumBytes
        }
        if exceeded {
            fail(.tooLarge(limit: limits.maximumBytes))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            fail(kind(of: error))
            return
        }
        let (body, redirectFailure) = state.withLock { ($0.body, $0.redirectFailure) }
        if let redirectFailure {
            fail(redirectFailure)
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            fail(.other("the server's answer is not an HTTP response"))
            return
        }
        switch http.statusCode {
        case 304:
            finish(.success(.notModified))
        case 200...299:
            let fetched = FeedFetchResult.fetched(
                body: body, etag: FetchOperation.header("ETag", in: http),
                lastModified: FetchOperation.header("Last-Modified", in: http),
                finalURL: http.url ?? request.url)
            finish(.success(fetched))
        default:
            fail(.httpStatus(http.statusCode))
        }
    }

    // MARK: - Helpers

    private static func header(_ name: String, in response: HTTPURLResponse) -> String? {
        let lowered = name.lowercased()
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, key.lowercased() == lowered, let value = value as? String {
                let cleaned = headerValue(value)
                return cleaned.isEmpty ? nil : cleaned
            }
        }
        return nil
    }

    private func kind(of error: any Error) -> FeedFetchError.Kind {
        guard let urlError = error as? URLError else {
            return .other((error as NSError).localizedDescription)
        }
        let url = request.url
        switch urlError.code {
        case .timedOut:
            return .timedOut(seconds: limits.timeoutSeconds)
        case .cannotConnectToHost, .notConnectedToInternet:
            let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
            return .cannotConnect("\(url.host ?? "?"):\(port)")
        case .cannotFindHost, .dnsLookupFailed:
            return .hostNotFound(url.host ?? "?")
        case .networkConnectionLost:
            return .connectionLost
        case .httpTooManyRedirects:
            return .tooManyRedirects(limits.maximumRedirects)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return .secureConnectionFailed
        case .cancelled:
            return .cancelled
        case .badServerResponse:
            return .other("the server sent an invalid response")
        default:
            return .other(urlError.localizedDescription)
        }
    }
}
