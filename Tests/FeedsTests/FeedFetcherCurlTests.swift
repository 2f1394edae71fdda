import FeedServer
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Feeds

/// What the libcurl-based fetcher adds to `FeedFetcherTests`: loading libcurl, content encodings,
/// the edges of the size cap and of redirects, header injection, and where transfers run.
@Suite("FeedFetcher on libcurl", .serialized)
struct FeedFetcherCurlTests {
    private func failure(_ result: Result<FeedFetchResult, FeedFetchError>) -> FeedFetchError? {
        if case .failure(let error) = result {
            return error
        }
        return nil
    }

    private func body(_ result: Result<FeedFetchResult, FeedFetchError>) -> Data? {
        if case .success(.fetched(let body, _, _, _, _, _)) = result {
            return body
        }
        return nil
    }

    // MARK: - Loading libcurl

    @Test("libcurl loads (7.32.0 or newer, which the loader checks)")
    func loads() {
        #expect(CurlLibrary.unavailableMessage == nil)
    }

    // MARK: - Bodies

    @Test("a gzip body is decoded, and the size cap applies to the decoded bytes")
    func gzip() async throws {
        // x-4MiB.gz: 4 MiB of "x", 4 kB on the wire (`head -c 4194304 /dev/zero | tr '\0' x | gzip -9n`).
        let compressed = Fixture.data("x-4MiB.gz")
        try #require(compressed.count > 1000)
        let server = try TestHTTPServer { _ in
            .send(status: 200, headers: ["Content-Encoding": "gzip"], body: compressed)
        }
        defer { server.stop() }
        // Sizes as typed constants: literal arithmetic inside #expect took the type checker 3 s.
        let mebibyte: Int = 1 << 20
        let fetched = await FeedFetcher(timeout: .seconds(60), maximumBytes: 8 * mebibyte)
            .fetch(FeedRequest(url: server.url("/feed")))
        let decoded: Data? = body(fetched)
        let x = UInt8(ascii: "x")
        #expect(decoded?.count == 4 * mebibyte)
        #expect(decoded?.allSatisfy { (byte: UInt8) -> Bool in byte == x } == true)
        #expect(server.observed.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        let capped = await FeedFetcher(timeout: .seconds(60), maximumBytes: mebibyte)
            .fetch(FeedRequest(url: server.url("/feed")))
        #expect(failure(capped)?.kind == .tooLarge(limit: mebibyte))
    }

    @Test("a body of exactly the limit is accepted, one byte more is not")
    func limitEdges() async throws {
        let size = 4 * 65_536
        let server = try TestHTTPServer { request in
            request.path == "/declared"
                ? .send(status: 200, body: Data(repeating: 0x41, count: size))
                : .stream(total: size, chunkSize: 65_536, declareLength: false)
        }
        defer { server.stop() }
        for path in ["/declared", "/streamed"] {
            let exact = await FeedFetcher(timeout: .seconds(60), maximumBytes: size)
                .fetch(FeedRequest(url: server.url(path)))
            #expect(body(exact)?.count == size, "\(path)")
            let over = await FeedFetcher(timeout: .seconds(60), maximumBytes: size - 1)
                .fetch(FeedRequest(url: server.url(path)))
            #expect(failure(over)?.kind == .tooLarge(limit: size - 1), "\(path)")
        }
    }

    @Test("an error status with a huge body is the status, and the body is not read")
    func errorStatusWithHugeBody() async throws {
        let total = 50 * 1024 * 1024
        let server = try TestHTTPServer { _ in
            .stream(
                total: total, chunkSize: 64 * 1024, declareLength: false, pause: .milliseconds(1), status: 404
            )
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60), maximumBytes: 1024 * 1024)
            .fetch(FeedRequest(url: server.url("/gone")))
        #expect(failure(result)?.kind == .httpStatus(404))
        #expect(failure(result)?.description == "HTTP 404 Not Found")
        let observed = try await server.observed(when: \.clientWentAway)
        #expect(observed.clientWentAway)
        #expect(observed.streamedBytes < total / 2)
    }

    // MARK: - Redirects

    @Test("redirects to other schemes are refused and named")
    func redirectSchemes() async throws {
        let server = try TestHTTPServer { request in
            .send(status: 302, headers: ["Location": String(request.path.dropFirst())])
        }
        defer { server.stop() }
        let fetcher = FeedFetcher(timeout: .seconds(60))
        for (location, scheme) in [
            ("ftp://127.0.0.1/feed", "ftp"), ("FILE:///etc/passwd", "file"),
            ("gopher://127.0.0.1/", "gopher"),
        ] {
            let url = try #require(URL(string: server.url("/").absoluteString + location))
            let error = failure(await fetcher.fetch(FeedRequest(url: url)))
            #expect(error?.kind == .redirectRefused(scheme), "\(location)")
            #expect(error?.description == "redirect to a non-HTTP URL refused (\(scheme):)", "\(location)")
        }
    }

    @Test("with no redirects allowed, the first one is an error")
    func noRedirectsAllowed() async throws {
        let server = try TestHTTPServer { _ in .send(status: 301, headers: ["Location": "/elsewhere"]) }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60), maximumRedirects: 0)
            .fetch(FeedRequest(url: server.url("/feed")))
        #expect(failure(result)?.kind == .tooManyRedirects(0))
        #expect(failure(result)?.description == "too many redirects (more than 0)")
        #expect(server.observed.requests.count == 1)
    }

    @Test("a redirect without a Location is an HTTP error")
    func redirectWithoutLocation() async throws {
        let server = try TestHTTPServer { _ in .send(status: 302, body: Data("moved".utf8)) }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/feed")))
        #expect(failure(result)?.description == "HTTP 302 Found")
    }

    @Test("a redirect to a closed port names the server it was sent to")
    func redirectToClosedPort() async throws {
        let port = TestHTTPServer.closedPort()
        let server = try TestHTTPServer { _ in
            .send(status: 301, headers: ["Location": "http://127.0.0.1:\(port)/feed"])
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/old")))
        #expect(failure(result)?.description == "could not connect to 127.0.0.1:\(port)")
    }

    // MARK: - Requests

    @Test("validators and User-Agent cannot inject header lines")
    func headerInjection() async throws {
        let server = try TestHTTPServer { _ in .send(status: 304) }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60), userAgent: "agent\r\nX-Agent: 1")
            .fetch(
                FeedRequest(
                    url: server.url("/feed"), etag: "\"v1\"\r\nX-Injected: yes",
                    lastModified: "Tue, 10 Jun 2003 04:00:00 GMT\nX-Other: 1"))
        #expect(result == .success(.notModified))
        let headers = try #require(server.observed.requests.first?.headers)
        #expect(headers["x-injected"] == nil)
        #expect(headers["x-other"] == nil)
        #expect(headers["x-agent"] == nil)
        #expect(headers["if-none-match"] == "\"v1\"X-Injected: yes")
        #expect(headers["user-agent"] == "agentX-Agent: 1")
        #expect(headers["accept"]?.hasPrefix("application/rss+xml") == true)
    }

    @Test(
        "TLS certificates are verified: a self-signed server is refused (needs openssl, which CI installs)",
        .requires(.openssl), .offPool)
    func selfSignedCertificate() async throws {
        let openssl = try #require(ProcessRunner.which("openssl"))
        let folder = TemporaryDirectory()
        let made = try ProcessRunner.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-days",
                "1", "-subj", "/CN=127.0.0.1", "-keyout", folder.file("key.pem"), "-out",
                folder.file("cert.pem"),
            ])
        try #require(made.status == 0, "\(made)")
        let port = TestHTTPServer.closedPort()
        // It prints ACCEPT once it listens: the fetch waits for that, not for a time.
        let server = try BackgroundProcess(
            openssl,
            [
                "s_server", "-www", "-accept", "127.0.0.1:\(port)", "-cert", folder.file("cert.pem"),
                "-key", folder.file("key.pem"),
            ])
        defer { server.send(SIGKILL) }
        #expect(await server.waitForOutput("ACCEPT"), "\(server.result)")
        let url = try #require(URL(string: "https://127.0.0.1:\(port)/feed.xml"))
        let error = failure(await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: url)))
        #expect(error?.kind == .secureConnectionFailed)
        #expect(error?.description == "secure connection failed")
    }

    @Test("an unknown host is reported as such")
    func unknownHost() async throws {
        let url = try #require(URL(string: "http://movies-test-host.invalid/feed"))
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: url))
        #expect(failure(result)?.description == "could not resolve host movies-test-host.invalid")
    }

    // MARK: - Threads and cancellation

    @Test("blocking transfers leave Swift's cooperative threads free")
    func offTheCooperativePool() async throws {
        // The server never answers (it closes a silent connection after 10 s), so the six transfers
        // block until they are cancelled.
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let requests = Array(repeating: FeedRequest(url: server.url("/slow")), count: 6)
        let fetches = Task { await FeedFetcher(timeout: .seconds(60)).fetchAll(requests, maxConcurrent: 6) }
        let started = try await server.observed(when: { $0.requests.count == 6 })
        #expect(started.requests.count == 6)
        // Six transfers block six threads now; were they the pool's (one per core), this group could not
        // run until they ended. An order of events proves it, not a time: the group finishes, then the
        // fetches are cancelled, and all six end as cancelled, so they were still open when it ran (had
        // the group waited for them, they would have ended first, with the server's close).
        let sum = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask { (0..<1000).reduce(index, +) }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 8 * 499_500 + 28)
        fetches.cancel()
        let results = await fetches.value
        #expect(results.allSatisfy { failure($0)?.kind == .cancelled }, "\(results)")
    }

    @Test("a cancelled fetch returns at once, and the connection closes soon after")
    func cancellationClosesConnection() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        let url = server.url("/slow")
        // The server never answers and the timeout is far away: only the cancellation can end the fetch,
        // so `.cancelled` (not `.timedOut`) shows it returned because of it, with no clock in the test.
        let task = Task { await FeedFetcher(timeout: .seconds(300)).fetch(FeedRequest(url: url)) }
        _ = try await server.observed(when: { !$0.requests.isEmpty })
        task.cancel()
        let result = await task.value
        #expect(failure(result)?.kind == .cancelled)
        // libcurl sees the flag at its next progress callback (about once a second when idle).
        let observed = try await server.observed(when: { $0.hungConnectionsClosedByClient > 0 })
        #expect(observed.hungConnectionsClosedByClient == 1)
    }

    @Test("a fetch in an already cancelled task sends nothing")
    func cancelledBeforeStart() async throws {
        let server = try TestHTTPServer { _ in .send(status: 200) }
        defer { server.stop() }
        let url = server.url("/feed")
        let result = await withTaskGroup(of: Result<FeedFetchResult, FeedFetchError>.self) { group in
            group.cancelAll()
            group.addTask { await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: url)) }
            return await group.next()
        }
        #expect(result.flatMap(failure)?.kind == .cancelled)
        // The cancelled fetch has returned, so whatever it would send was sent: a fetch after it is the
        // only request the server sees (an order of events, not a time waited).
        _ = await FeedFetcher(timeout: .seconds(60)).fetch(FeedRequest(url: server.url("/after")))
        #expect(server.observed.requests.map(\.path) == ["/after"])
    }
}

/// How libcurl's answers map to the fetcher's results, for the cases a local server cannot produce.
@Suite("FeedFetcher outcome mapping")
struct FetchOutcomeTests {
    private let request = FeedRequest(url: URL(string: "https://feeds.example/news.xml")!)
    private let limits = FetchLimits(
        timeoutSeconds: 1.5, maximumBytes: 1000, maximumRedirects: 5, userAgent: "test")

    private func kind(_ response: CurlResponse) -> FeedFetchError.Kind? {
        if case .failure(let error) = FetchOperation.outcome(of: response, for: request, limits: limits) {
            return error.kind
        }
        return nil
    }

    @Test("TLS failures, lost connections, DNS and connection errors")
    func transportErrors() {
        for code in [35, 58, 60, 77, 83, 90, 91, 98] {
            #expect(kind(CurlResponse(code: code)) == .secureConnectionFailed, "\(code)")
        }
        for code in [18, 52, 55, 56] {
            #expect(kind(CurlResponse(code: code)) == .connectionLost, "\(code)")
        }
        #expect(kind(CurlResponse(code: 6)) == .hostNotFound("feeds.example"))
        #expect(kind(CurlResponse(code: 7)) == .cannotConnect("feeds.example:443"))
        #expect(
            kind(CurlResponse(code: 7, redirectCount: 1, effectiveURL: "http://mirror.example:8080/x"))
                == .cannotConnect("mirror.example:8080"))
        #expect(kind(CurlResponse(code: 28)) == .timedOut(seconds: 1.5))
        #expect(kind(CurlResponse(code: 42)) == .cancelled)
        #expect(kind(CurlResponse(code: 47)) == .tooManyRedirects(5))
        #expect(kind(CurlResponse(code: 8)) == .other("the server sent an invalid response"))
        #expect(
            kind(CurlResponse(code: 5, message: "Could not resolve proxy: proxy.example"))
                == .other("Could not resolve proxy: proxy.example"))
        #expect(kind(CurlResponse(code: -1, message: "no libcurl")) == .other("no libcurl"))
    }

    @Test("stops made by the write callback win over libcurl's write error")
    func stops() {
        #expect(kind(CurlResponse(code: 23, stop: .tooLarge, status: 200)) == .tooLarge(limit: 1000))
        #expect(kind(CurlResponse(code: 23, stop: .status, status: 503)) == .httpStatus(503))
        #expect(kind(CurlResponse(code: 42, stop: .cancelled)) == .cancelled)
        #expect(kind(CurlResponse(code: 23, status: 200)) == .other("libcurl error 23"))
    }

    @Test("a refused redirect names the scheme from Location; no redirect means libcurl lacks the protocol")
    func refusedRedirects() {
        #expect(
            kind(CurlResponse(code: 1, status: 302, location: "FILE:///etc/passwd"))
                == .redirectRefused("file"))
        #expect(
            kind(CurlResponse(code: 1, status: 302, redirectCount: 1, effectiveURL: "ldap://x/"))
                == .redirectRefused("ldap"))
        #expect(
            kind(CurlResponse(code: 1, message: "Protocol \"https\" not supported"))
                == .other("Protocol \"https\" not supported"))
    }

    @Test("success: the request URL unless redirected, validators cleaned")
    func success() {
        let plain = FetchOperation.outcome(
            of: CurlResponse(
                code: 0, status: 200, effectiveURL: "https://feeds.example/news.xml", etag: " \"v1\"\u{7}",
                lastModified: "", body: Data("b".utf8)), for: request, limits: limits)
        #expect(
            plain
                == .success(
                    .fetched(
                        body: Data("b".utf8), etag: "\"v1\"", lastModified: nil, finalURL: request.url,
                        contentType: nil)))
        let moved = FetchOperation.outcome(
            of: CurlResponse(
                code: 0, status: 200, redirectCount: 2, effectiveURL: "https://new.example/feed"),
            for: request, limits: limits)
        #expect(
            moved
                == .success(
                    .fetched(
                        body: Data(), etag: nil, lastModified: nil,
                        finalURL: URL(string: "https://new.example/feed")!, contentType: nil,
                        permanentURL: URL(string: "https://new.example/feed")!)))
        // One temporary redirect on the way: the final address is not the feed's new one.
        let visiting = FetchOperation.outcome(
            of: CurlResponse(
                code: 0, status: 200, redirectCount: 2, temporaryRedirectCount: 1,
                effectiveURL: "https://new.example/feed"),
            for: request, limits: limits)
        #expect(
            visiting
                == .success(
                    .fetched(
                        body: Data(), etag: nil, lastModified: nil,
                        finalURL: URL(string: "https://new.example/feed")!, contentType: nil,
                        permanentURL: nil)))
        #expect(
            FetchOperation.outcome(of: CurlResponse(code: 0, status: 304), for: request, limits: limits)
                == .success(.notModified))
        #expect(kind(CurlResponse(code: 0, status: 302)) == .httpStatus(302))
    }

    @Test("the scheme of a URL reference")
    func schemes() {
        #expect(URLText.scheme(of: "file:///etc/passwd") == "file")
        #expect(URLText.scheme(of: "HTTPS://x/") == "https")
        #expect(URLText.scheme(of: "svn+ssh://x/") == "svn+ssh")
        #expect(URLText.scheme(of: "/relative:path") == nil)
        #expect(URLText.scheme(of: "//host/x") == nil)
        #expect(URLText.scheme(of: "1abc:x") == nil)
        #expect(URLText.scheme(of: "no colon") == nil)
    }
}
