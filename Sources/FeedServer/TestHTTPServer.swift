import Basics
import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for testing the fetcher against real sockets.
///
/// It listens on a kernel-assigned port, serves each connection on its own thread, answers every
/// request with `Connection: close`, and closes cleanly (shutdown, drain, close). Every wait is
/// bounded, so a misbehaving client cannot keep it alive: it stops by itself.
public final class TestHTTPServer: Sendable {
    /// A request as the server read it; header names are lowercased.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
    }

    /// What to do with a request.
    public enum Reply: Sendable {
        /// A complete response, after an optional pause.
        case send(status: Int, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero)
        /// A long body written chunk by chunk (chunked encoding unless `declareLength`).
        case stream(
            total: Int, chunkSize: Int, declareLength: Bool, pause: Duration = .zero, status: Int = 200)
        /// Read the request and never answer; wait until the client gives up.
        case hang
        /// A response that declares `declaredLength` bytes of body but sends only `body`, then closes
        /// the connection: a download cut off halfway.
        case cut(status: Int, headers: [String: String], body: Data, declaredLength: Int)
        /// A `.cut` whose connection stays open, the rest never sent, until `gate` opens: a download in
        /// flight with bytes written, for as long as a test needs one.
        case stall(status: Int, headers: [String: String], body: Data, declaredLength: Int, gate: FeedGate)
    }

    /// What the server observed, for assertions.
    public struct Stats: Sendable {
        public var requests: [Request] = []
        public var active = 0
        public var maximumActive = 0
        public var streamedBytes = 0
        public var clientWentAway = false
        public var hungConnectionsClosedByClient = 0
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let stopping = Atomic<Bool>(false)
    private let stats = ObservedStats()
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Starts listening; `handler` decides the reply to each request.
    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (socket, port) = try TestHTTPServer.listen()
        self.listener = socket
        self.port = port
        guard DetachedThread.start({ [self] in acceptLoop() }) else {
            close(socket)
            throw POSIXError(.EAGAIN)
        }
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// A snapshot of what the server saw.
    public var observed: Stats {
        stats.current
    }

    /// What the server saw once `condition` holds, or after `timeout` when it never does (a hang: the
    /// wait is resumed by the request or connection event that satisfies it).
    public func observed(
        when condition: @escaping @Sendable (Stats) -> Bool, timeout: Duration = .seconds(300)
    ) async throws -> Stats {
        await stats.wait(until: condition, timeout: timeout)
    }

    /// Stops accepting and waits for the accept loop to end; open connections end on their own.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        acceptLoopDone.wait()
        close(listener)
    }

    // MARK: - Listening

    private static func listen() throws -> (Int32, Int) {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(socketFD, 128) == 0 else {
            close(socketFD)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return (socketFD, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed without listening).
    public static func closedPort() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        close(socketFD)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            if !DetachedThread.start({ [self] in serve(client) }) { close(client) }
        }
    }

    // MARK: - Connections

    private func serve(_ client: Int32) {
        defer { closeGracefully(client) }
        guard let request = readRequest(client) else { return }
        stats.update { stats in
            stats.requests.append(request)
            stats.active += 1
            stats.maximumActive = max(stats.maximumActive, stats.active)
        }
        let reply = handler(request)
        switch reply {
        case .send(let status, let headers, let body, let delay):
            if delay > .zero {
                usleep(useconds_t(TestHTTPServer.seconds(delay) * 1_000_000))
            }
            // Counted as done before the answer goes out: the client can start its next request
            // as soon as it has read it, and must not be seen as "still active" here.
            stats.update { $0.active -= 1 }
            var head = "HTTP/1.1 \(status) \(TestHTTPServer.reason(status))\r\n"
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                head += "\(name): \(value)\r\n"
            }
            _ = write(client, Data((head + "\r\n").utf8) + body)
        case .stream(let total, let chunkSize, let declareLength, let pause, let status):
            stats.update { $0.active -= 1 }
            stream(
                client, status: status, total: total, chunkSize: chunkSize, declareLength: declareLength,
                pause: pause)
        case .cut(let status, let headers, let body, let declaredLength):
            stats.update { $0.active -= 1 }
            var head = "HTTP/1.1 \(status) \(TestHTTPServer.reason(status))\r\n"
            head += "Content-Length: \(declaredLength)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                head += "\(name): \(value)\r\n"
            }
            _ = write(client, Data((head + "\r\n").utf8) + body)
        case .stall(let status, let headers, let body, let declaredLength, let gate):
            stats.update { $0.active -= 1 }
            var head = "HTTP/1.1 \(status) \(TestHTTPServer.reason(status))\r\n"
            head += "Content-Length: \(declaredLength)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                head += "\(name): \(value)\r\n"
            }
            _ = write(client, Data((head + "\r\n").utf8) + body)
            gate.wait()
        case .hang:
            stats.update { $0.active -= 1 }
            if waitForClientToClose(client, seconds: 10) {
                stats.update { $0.hungConnectionsClosedByClient += 1 }
            }
        }
    }

    private func stream(
        _ client: Int32, status: Int, total: Int, chunkSize: Int, declareLength: Bool, pause: Duration
    ) {
        var head = "HTTP/1.1 \(status) \(TestHTTPServer.reason(status))\r\n"
        head += "Content-Type: application/rss+xml\r\nConnection: close\r\n"
        head += declareLength ? "Content-Length: \(total)\r\n\r\n" : "Transfer-Encoding: chunked\r\n\r\n"
        guard write(client, Data(head.utf8)) else { return }
        let chunk = Data(repeating: UInt8(ascii: "x"), count: chunkSize)
        var sent = 0
        while sent < total, !stopping.load(ordering: .sequentiallyConsistent) {
            var piece = chunk
            if declareLength == false {
                piece = Data((String(chunkSize, radix: 16) + "\r\n").utf8) + chunk + Data("\r\n".utf8)
            }
            guard write(client, piece) else {
                stats.update { $0.clientWentAway = true }
                return
            }
            sent += chunkSize
            stats.update { $0.streamedBytes = sent }
            if pause > .zero {
                usleep(useconds_t(TestHTTPServer.seconds(pause) * 1_000_000))
            }
        }
        if !declareLength {
            _ = write(client, Data("0\r\n\r\n".utf8))
        }
    }

    /// Reads up to the end of the request head (this server ignores request bodies).
    private func readRequest(_ client: Int32) -> Request? {
        var received = Data()
        let deadline = ContinuousClock.now + .seconds(5)
        while received.count < 65_536, ContinuousClock.now < deadline {
            if let end = received.firstRange(of: Data("\r\n\r\n".utf8)) {
                return TestHTTPServer.parse(head: received[..<end.lowerBound])
            }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 else { return nil }
            if descriptor.revents == 0 {
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        return nil
    }

    private static func parse(head: Data) -> Request? {
        let lines = String(decoding: head, as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = String(line[line.index(after: colon)...]).trimmingSpacesAndTabs()
        }
        return Request(method: String(parts[0]), path: String(parts[1]), headers: headers)
    }

    /// Sends everything, without SIGPIPE; false when the peer has gone.
    private func write(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let count = send(client, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count <= 0 {
                    return false
                }
                offset += count
            }
            return true
        }
    }

    /// Waits until the peer closes (true) or `seconds` pass or the server stops (false).
    private func waitForClientToClose(_ client: Int32, seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline, !stopping.load(ordering: .sequentiallyConsistent) {
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 1024)
                if recv(client, &buffer, buffer.count, 0) <= 0 {
                    return true
                }
            }
        }
        return false
    }

    /// Half-closes, lets the client read what is left (briefly), then closes.
    private func closeGracefully(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        _ = waitForClientToClose(client, seconds: 1)
        close(client)
    }

    private static func reason(_ status: Int) -> String {
        let reasons = [
            200: "OK", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
            404: "Not Found", 416: "Range Not Satisfiable",
            500: "Internal Server Error",
        ]
        return reasons[status] ?? "Status"
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
