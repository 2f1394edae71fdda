import Basics
import FeedServer
import Foundation
import TestSupport
import Testing

@testable import Feeds

/// The fetcher against a real HTTP server on 127.0.0.1.
@Suite("FeedFetcher", .serialized)
struct FeedFetcherTests {
    private let body = Data("<rss version=\"2.0\"><channel><title>t</title></channel></rss>".utf8)

    private func failure(_ result: Result<FeedFetchResult, FeedFetchError>) -> FeedFetchError? {
        if case .failure(let error) = result {
            return error
        }
        return nil
    }

    @Test("200 with validators, then 304 for the conditional request")
    func conditionalGet() async throws {
        let body = self.body
        let server = try TestHTTPServer { request in
            if request.headers["if-none-match"] == "\"v1\"" {
                return .send(status: 304)
            }
            return .send(
                status: 200,
                headers: ["ETag": "\"v1\"", "Last-Modified": "Tue, 10 Jun 2003 04:00:00 GMT"], body: body)
        }
        defer { server.stop() }
        let fetcher = FeedFetcher(timeout: .seconds(60))
        let first = await fetcher.fetch(FeedRequest(url: server.url("/feed")))
        guard case .success(.fetched(let data, let etag, let lastModified, let finalURL, _, _)) = first else {
            Issue.record("expected a body, got \(first)")
            return
        }
        #expect(data == body)
        #expect(etag == "\"v1\"")
        #expect(lastModified == "Tue, 10 Jun 2003 04:00:00 GMT")
        #expect(finalURL == server.url("/feed"))
        let second = await fetcher.fetch(
            FeedRequest(url: server.url("/feed"), etag: etag, lastModified: lastModified))
        #expect(second == .success(.notModified))
        let requests = server.observed.requests
        #expect(requests.count == 2)
        #expect(requests.first?.headers["user-agent"] == "movies/0.1 (+feed reader)")
        #expect(requests.first?.headers["if-none-match"] == nil)
        #expect(requests.last?.headers["if-modified-since"] == "Tue, 10 Jun 2003 04:00:00 GMT")
    }

    @Test("non-2xx statuses are errors with code and reason")
    func httpErrors() async throws {
        let server = try TestHTTPServer { request in
            .send(status: request.path == "/missing" ? 404 : 500, body: Data("error page".utf8))
        }
        defer { server.stop() }
        let fetcher = FeedFetcher(timeout: .seconds(60))
        let missing = failure(await fetcher.fetch(FeedRequest(url: server.url("/missing"))))
        #expect(missing?.kind == .httpStatus(404))
        #expect(missing?.description == "HTTP 404 Not Found")
        let broken = failure(await fetcher.fetch(FeedRequest(url: server.url("/broken"))))
        #expect(broken?.kind == .httpStatus(500))
        #expect(broken?.description == "HTTP 500 Internal Server Error")
    }

    @Test(
        "redirects are followed to the final URL, which is the new address only when each was permanent",
        arguments: [
            ([301], true), ([308], true), ([301, 308], true), ([302], false), ([307], false),
            ([301, 307], false),
        ])
    func redirect(statuses: [Int], isPermanent: Bool) async throws {
        let body = self.body
        let server = try TestHTTPServer { request in
            // /hop0 → /hop1 → … → /new, each hop with the status given for it.
            if let index = Int(request.path.dropFirst(4)), request.path.hasPrefix("/hop"),
                index < statuses.count
            {
                let next = index + 1 < statuses.count ? "/hop\(index + 1)" : "/new"
                return .send(status: statuses[index], headers: ["Location": next])
            }
            return .send(status: 200, body: body)
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/hop0")))
        #expect(
            result
                == .success(
                    .fetched(
                        body: body, etag: nil, lastModified: nil, finalURL: server.url("/new"),
                        contentType: nil, permanentURL: isPermanent ? server.url("/new") : nil)))
        #expect(server.observed.requests.last?.path == "/new")
        #expect(server.observed.requests.count == statuses.count + 1)
    }

    @Test("a redirect to file:// is refused")
    func redirectToFile() async throws {
        let server = try TestHTTPServer { _ in .send(status: 302, headers: ["Location": "file:///etc/passwd"])
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/evil")))
        let error = failure(result)
        #expect(error?.kind == .redirectRefused("file"))
        #expect(error?.description == "redirect to a non-HTTP URL refused (file:)")
    }

    @Test("a redirect loop ends with an error at the limit")
    func redirectLoop() async throws {
        let server = try TestHTTPServer { _ in .send(status: 302, headers: ["Location": "/loop"]) }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60), maximumRedirects: 5)
            .fetch(FeedRequest(url: server.url("/loop")))
        #expect(failure(result)?.kind == .tooManyRedirects(5))
        #expect(server.observed.requests.count == 6)
    }

    @Test("a 50 MB streamed body is cut off at the size limit")
    func streamedBodyTooLarge() async throws {
        let total = 50 * 1024 * 1024
        // Paced at up to ~60 MB/s, so "the client went away early" shows in how much was sent.
        let server = try TestHTTPServer { _ in
            .stream(total: total, chunkSize: 64 * 1024, declareLength: false, pause: .milliseconds(1))
        }
        defer { server.stop() }
        let limit = 2 * 1024 * 1024
        let result = await FeedFetcher(timeout: .seconds(60), maximumBytes: limit)
            .fetch(FeedRequest(url: server.url("/huge")))
        #expect(failure(result)?.kind == .tooLarge(limit: limit))
        #expect(failure(result)?.description == "response larger than 2 MB")
        // The client went away long before the server could send everything.
        let observed = try await server.observed(when: \.clientWentAway)
        #expect(observed.clientWentAway)
        #expect(observed.streamedBytes < total / 2)
    }

    @Test("a declared Content-Length over the limit fails before the body")
    func declaredLengthTooLarge() async throws {
        let server = try TestHTTPServer { _ in
            .stream(
                total: 50 * 1024 * 1024, chunkSize: 64 * 1024, declareLength: true, pause: .milliseconds(1))
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/big")))
        #expect(failure(result)?.kind == .tooLarge(limit: 10 * 1024 * 1024))
    }

    @Test("a server that never answers times out")
    func timeout() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(1)).fetch(FeedRequest(url: server.url("/slow")))
        #expect(failure(result)?.kind == .timedOut(seconds: 1))
        #expect(failure(result)?.description == "timed out after 1 s")
        let observed = try await server.observed(when: { $0.hungConnectionsClosedByClient > 0 })
        #expect(observed.hungConnectionsClosedByClient == 1)
    }

    @Test("a closed port is a clear connection error")
    func connectionRefused() async throws {
        let port = TestHTTPServer.closedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/feed"))
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: url))
        #expect(failure(result)?.kind == .cannotConnect("127.0.0.1:\(port)"))
        #expect(failure(result)?.description == "could not connect to 127.0.0.1:\(port)")
    }

    @Test("only http and https URLs are fetched")
    func schemes() async throws {
        let fetcher = FeedFetcher()
        let file = try #require(URL(string: "file:///etc/passwd"))
        let error = failure(await fetcher.fetch(FeedRequest(url: file)))
        #expect(error?.kind == .unsupportedScheme("file"))
        #expect(error?.description == "only http and https URLs can be fetched, not \"file:\" URLs")
        let ftp = try #require(URL(string: "ftp://example.com/feed"))
        #expect(failure(await fetcher.fetch(FeedRequest(url: ftp)))?.kind == .unsupportedScheme("ftp"))
    }

    @Test("cancelling the calling task cancels the fetch promptly")
    func cancellation() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let url = server.url("/slow")
        let task = Task { await FeedFetcher(timeout: .seconds(300)).fetch(FeedRequest(url: url)) }
        // Cancelled once the request is in flight (the server saw it), not after a guessed time.
        _ = try await server.observed(when: { !$0.requests.isEmpty })
        task.cancel()
        let result = await task.value
        #expect(failure(result)?.kind == .cancelled)
    }

    @Test("fetchAll keeps input order, isolates failures and bounds concurrency")
    func fetchAll() async throws {
        let server = try TestHTTPServer { request in
            let number = Int(request.path.split(separator: "/").last ?? "") ?? -1
            if number % 5 == 3 {
                return .send(status: 404, delay: .milliseconds(50))
            }
            return .send(status: 200, body: Data("feed \(number)".utf8), delay: .milliseconds(80))
        }
        defer { server.stop() }
        let closed = try #require(URL(string: "http://127.0.0.1:\(TestHTTPServer.closedPort())/x"))
        var requests = (0..<20).map { FeedRequest(url: server.url("/feed/\($0)")) }
        requests[17] = FeedRequest(url: closed)
        let progressCalls = Locked<[Int]>([])
        let results = await FeedFetcher(timeout: .seconds(60)).fetchAll(requests, maxConcurrent: 4) {
            done, total in
            #expect(total == 20)
            progressCalls.withLock { $0.append(done) }
        }
        #expect(results.count == 20)
        for (index, result) in results.enumerated() {
            if index == 17 {
                guard case .cannotConnect = failure(result)?.kind else {
                    Issue.record("request 17 should not connect: \(result)")
                    continue
                }
            } else if index % 5 == 3 {
                #expect(failure(result)?.kind == .httpStatus(404))
            } else if case .success(.fetched(let body, _, _, _, _, _)) = result {
                #expect(String(decoding: body, as: UTF8.self) == "feed \(index)")
            } else {
                Issue.record("request \(index) failed: \(result)")
            }
        }
        let observed = server.observed
        #expect(observed.requests.count == 19)
        #expect(observed.maximumActive <= 4)
        #expect(observed.maximumActive >= 2)
        #expect(progressCalls.withLock { $0 } == Array(1...20))
    }
}
