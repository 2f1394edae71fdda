import Basics
import FoundationEssentials

/// One fetch: runs libcurl's blocking transfer on a thread of its own and turns its outcome into a
/// `Result` exactly once.
///
/// `curl_easy_perform` blocks its thread for the whole transfer, so it never runs on Swift's
/// cooperative pool (one thread per core: a few slow feeds would stall every task in the process).
/// Cancelling the calling task returns `.cancelled` at once and raises a flag that libcurl's
/// progress callback checks, so the transfer itself stops within about a second (libcurl calls the
/// callback about once a second while it waits for a silent server, more often while data moves).
final class FetchOperation: Sendable {
    typealias Outcome = Result<FeedFetchResult, FeedFetchError>

    private struct State {
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
    }

    private let request: FeedRequest
    private let limits: FetchLimits
    private let cancelFlag = CurlCancelFlag()
    /// Touched from three threads: the caller's, the transfer's and the canceller's.
    private let state = Locked(State())

    init(request: FeedRequest, limits: FetchLimits) {
        self.request = request
        self.limits = limits
    }

    // MARK: - Running

    /// Performs the fetch and returns its outcome; cancelling the calling task cancels the transfer.
    func run() async -> Outcome {
        if let message = CurlLibrary.unavailableMessage {
            return .failure(FeedFetchError(.other(message), url: request.url))
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let early: Outcome? = state.withLock { state in
                    if let outcome = state.outcome {
                        return outcome
                    }
                    state.continuation = continuation
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                    return
                }
                let started = DetachedThread.start { [self] in
                    finish(
                        FetchOperation.outcome(
                            of: get.perform(cancel: cancelFlag), for: request, limits: limits))
                }
                if !started {
                    finish(.failure(FeedFetchError(.other("could not start a thread"), url: request.url)))
                }
            }
        } onCancel: {
            cancelFlag.raise()
            finish(.failure(FeedFetchError(.cancelled, url: request.url)))
        }
    }

    /// The transfer to perform, with the validators and the User-Agent cleaned of control characters.
    private var get: CurlGet {
        let timeout = FetchOperation.milliseconds(limits.timeoutSeconds)
        return CurlGet(
            url: request.url.absoluteString, userAgent: FetchOperation.headerValue(limits.userAgent),
            accept: "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, "
                + "text/xml;q=0.9, */*;q=0.5",
            ifNoneMatch: request.etag.map(FetchOperation.headerValue),
            ifModifiedSince: request.lastModified.map(FetchOperation.headerValue),
            timeoutMilliseconds: timeout,
            // One deadline for the whole fetch: connecting may use all of it, never more.
            connectTimeoutMilliseconds: timeout, maximumBytes: limits.maximumBytes,
            maximumRedirects: limits.maximumRedirects)
    }

    /// Records the outcome and resumes the caller, once; later calls do nothing.
    private func finish(_ outcome: Outcome) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }

    // MARK: - Outcome

    /// What libcurl's answer means for the feed reader. Checks the stops this code caused first
    /// (size cap, cancellation, an error status), then libcurl's error code, then the status.
    static func outcome(of response: CurlResponse, for request: FeedRequest, limits: FetchLimits) -> Outcome {
        let url = request.url
        func failure(_ kind: FeedFetchError.Kind) -> Outcome {
            .failure(FeedFetchError(kind, url: url))
        }
        switch response.stop {
        case .tooLarge:
            return failure(.tooLarge(limit: limits.maximumBytes))
        case .cancelled:
            return failure(.cancelled)
        case .status:
            return failure(.httpStatus(response.status))
        case .none:
            break
        }
        // Connection errors name the server libcurl was talking to, which a redirect may have changed.
        let server =
            response.effectiveURL.flatMap { URL(string: $0) }.flatMap { $0.host == nil ? nil : $0 } ?? url
        switch response.code {
        case CurlCode.ok:
            break
        case CurlCode.unsupportedProtocol where response.location != nil || response.redirectCount > 0:
            // libcurl refused to follow (CURLOPT_REDIR_PROTOCOLS): name the scheme the server asked for.
            let scheme =
                response.location.flatMap(URLText.scheme(of:))
                ?? response.effectiveURL.flatMap(URLText.scheme(of:)) ?? ""
            return failure(.redirectRefused(scheme))
        case CurlCode.couldNotResolveHost:
            return failure(.hostNotFound(server.host ?? "?"))
        case CurlCode.couldNotConnect:
            let port = server.port ?? (server.scheme?.lowercased() == "https" ? 443 : 80)
            return failure(.cannotConnect("\(server.host ?? "?"):\(port)"))
        case CurlCode.operationTimedOut:
            return failure(.timedOut(seconds: limits.timeoutSeconds))
        case CurlCode.tooManyRedirects:
            return failure(.tooManyRedirects(limits.maximumRedirects))
        case CurlCode.partialFile, CurlCode.gotNothing, CurlCode.sendError, CurlCode.receiveError:
            return failure(.connectionLost)
        case CurlCode.abortedByCallback:
            return failure(.cancelled)
        case CurlCode.fileSizeExceeded:
            return failure(.tooLarge(limit: limits.maximumBytes))
        case CurlCode.weirdServerReply:
            return failure(.other("the server sent an invalid response"))
        case let code where CurlCode.secureConnection.contains(code):
            return failure(.secureConnectionFailed)
        default:
            let message = response.message.isEmpty ? "libcurl error \(response.code)" : response.message
            return failure(.other(message))
        }
        switch response.status {
        case 304:
            return .success(.notModified)
        case 200...299:
            let finalURL =
                response.redirectCount > 0 ? response.effectiveURL.flatMap { URL(string: $0) } : nil
            return .success(
                .fetched(
                    body: response.body, etag: cleanedHeader(response.etag),
                    lastModified: cleanedHeader(response.lastModified), finalURL: finalURL ?? url,
                    contentType: cleanedHeader(response.contentType),
                    permanentURL: response.temporaryRedirectCount == 0 ? finalURL : nil))
        default:
            // Includes a redirect without a Location, which libcurl does not follow.
            return failure(.httpStatus(response.status))
        }
    }

    // MARK: - Helpers

    /// A header value without line breaks or other control characters, which could otherwise
    /// inject headers (validators come back from storage, and ultimately from a server).
    static func headerValue(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isControlCharacter }))
            .trimmingWhitespace()
    }

    private static func cleanedHeader(_ value: String?) -> String? {
        guard let cleaned = value.map(headerValue), !cleaned.isEmpty else { return nil }
        return cleaned
    }

    /// Whole milliseconds, rounded up, at least 1.
    private static func milliseconds(_ seconds: Double) -> Int {
        let value = (seconds * 1000).rounded(.up)
        return value >= Double(Int32.max) ? Int(Int32.max) : max(1, Int(value))
    }
}
