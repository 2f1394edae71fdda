import Basics
import FoundationEssentials
import Glibc

/// RSS 2.0 documents written for tests.
public enum FeedXML {
    /// One entry of a generated feed; nil fields are left out of the XML.
    public struct Item: Sendable {
        public var guid: String?
        public var title: String?
        public var link: String?
        public var date: Date?
        public var summary: String?

        public init(
            guid: String? = nil, title: String? = nil, link: String? = nil, date: Date? = nil,
            summary: String? = nil
        ) {
            self.guid = guid
            self.title = title
            self.link = link
            self.date = date
            self.summary = summary
        }
    }

    /// An RSS 2.0 document with `items`.
    public static func rss(title: String = "Test Feed", link: String = "https://example.org/", items: [Item])
        -> String
    {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(escape(title))</title><link>\(escape(link))</link>

            """
        for item in items {
            xml += "<item>"
            if let guid = item.guid { xml += "<guid isPermaLink=\"false\">\(escape(guid))</guid>" }
            if let title = item.title { xml += "<title>\(escape(title))</title>" }
            if let link = item.link { xml += "<link>\(escape(link))</link>" }
            if let date = item.date { xml += "<pubDate>\(rfc822(date))</pubDate>" }
            if let summary = item.summary { xml += "<description>\(escape(summary))</description>" }
            xml += "</item>\n"
        }
        return xml + "</channel></rss>\n"
    }

    /// An RSS feed whose one item names an external entity (`file:///etc/passwd`) in its title and
    /// description: a parser that resolved it would store the file (XXE).
    public static let externalEntityAttack = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <rss version="2.0"><channel><title>XXE</title>
        <item><guid>1</guid><title>Leak &secret; here</title><description>&secret;</description></item>
        </channel></rss>
        """

    /// `n` items with guids `item-1`..., one minute apart, newest first, starting at `start`.
    public static func numberedItems(
        _ count: Int, start: Date = Date(timeIntervalSince1970: 1_700_000_000), prefix: String = "item"
    )
        -> [Item]
    {
        (1...max(1, count)).prefix(count).map { index in
            Item(
                guid: "\(prefix)-\(index)", title: "\(prefix.capitalized) \(index)",
                link: "https://example.org/\(prefix)/\(index)",
                date: start.addingTimeInterval(-Double(index) * 60), summary: "Summary of \(prefix) \(index)")
        }
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// `Tue, 14 Nov 2023 22:13:20 GMT`: English names whatever the locale, as RFC 822 wants them
    /// (https://www.rfc-editor.org/rfc/rfc822#section-5.1), from the C library's UTC calendar.
    static func rfc822(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):"
            + "\(twoDigits(parts.tm_sec)) GMT"
    }
}

/// A local feed server for tests: serves RSS documents by path, with ETag-based conditional GET, and
/// can be told to fail.
public final class FeedServer: Sendable {
    /// How the server answers a path.
    public enum Route: Sendable {
        case feed(String)
        case status(Int)
        case body(String, contentType: String)
        case slowFeed(String, delay: Duration)
        /// The feed, once `gate` is opened: the request waits at the gate (a minute at most), so a test
        /// can act while a fetch is in flight without guessing how long that takes.
        case held(String, gate: FeedGate)
        /// A redirect with this status (301, 302, 307, 308) to `path` on this server (or to an absolute
        /// address).
        case redirect(Int, to: String)
        /// A body of this many bytes (of `x`), streamed in 64 KiB pieces with its length declared: past
        /// the fetcher's 10 MB cap, a response too large to read.
        case large(bytes: Int)
        /// A file (a podcast episode) that answers `Range: bytes=N-` with 206 and the rest, as servers
        /// of media do; with `cutAt`, an answer without a Range header stops after that many bytes of
        /// the body (its whole length declared), as a dropped connection does.
        case file(Data, contentType: String, cutAt: Int? = nil)
        /// A `.file`, once `gate` is opened: a download in flight for as long as a test needs one.
        case heldFile(Data, gate: FeedGate)
        /// The first `after` bytes of a file (its whole length declared), then nothing until `gate`
        /// opens, and then the connection closes: a download in flight with bytes written.
        case stalledFile(Data, after: Int, gate: FeedGate)
        /// A file served wrongly: a `Range` request is answered 206 with the whole file and
        /// `contentRange` (`bytes 0-199/200` to `bytes=50-`); a request without one with the whole file.
        case misrangedFile(Data, contentRange: String)
    }

    /// The routes, shared with the server's handler.
    private final class RouteTable: Sendable {
        let routes: Locked<[String: Route]>
        init(_ routes: [String: Route]) { self.routes = Locked(routes) }
    }

    public let http: TestHTTPServer
    private let table: RouteTable

    public init(routes: [String: Route] = [:]) throws {
        let table = RouteTable(routes)
        self.table = table
        http = try TestHTTPServer { request in
            let route = table.routes.withLock { $0[request.path] }
            switch route {
            case .none:
                return .send(status: 404, body: Data("not found".utf8))
            case .status(let status):
                return .send(status: status, body: Data("error \(status)".utf8))
            case .redirect(let status, let target):
                return .send(status: status, headers: ["Location": target], body: Data("moved".utf8))
            case .large(let bytes):
                return .stream(total: bytes, chunkSize: 64 << 10, declareLength: true)
            case .body(let body, let contentType):
                return .send(status: 200, headers: ["Content-Type": contentType], body: Data(body.utf8))
            case .file(let data, let contentType, let cutAt):
                return FeedServer.fileReply(data, contentType: contentType, cutAt: cutAt, request: request)
            case .heldFile(let data, let gate):
                gate.wait()
                return FeedServer.fileReply(data, contentType: "audio/mpeg", cutAt: nil, request: request)
            case .stalledFile(let data, let after, let gate):
                return .stall(
                    status: 200, headers: ["ETag": FeedServer.etag(of: data), "Accept-Ranges": "bytes"],
                    body: data.prefix(after), declaredLength: data.count, gate: gate)
            case .misrangedFile(let data, let contentRange):
                var headers = ["ETag": FeedServer.etag(of: data), "Accept-Ranges": "bytes"]
                guard request.headers["range"] != nil else {
                    return .send(status: 200, headers: headers, body: data)
                }
                headers["Content-Range"] = contentRange
                return .send(status: 206, headers: headers, body: data)
            case .feed(let xml), .slowFeed(let xml, _), .held(let xml, _):
                let delay: Duration = if case .slowFeed(_, let delay) = route { delay } else { .zero }
                if case .held(_, let gate) = route { gate.wait() }
                let etag = "\"\(xml.hashValue)\""
                if request.headers["if-none-match"] == etag {
                    return .send(status: 304, delay: delay)
                }
                return .send(
                    status: 200, headers: ["Content-Type": "application/rss+xml", "ETag": etag],
                    body: Data(xml.utf8),
                    delay: delay)
            }
        }
    }

    /// The answer for a `.file` route: the whole file, the rest from a `bytes=N-` range (206), 416 for a
    /// range past its end, or the file cut at `cutAt` when no range is asked. Its ETag names its bytes,
    /// and a range asked `If-Range` another ETag is answered with the whole file (RFC 9110, 13.1.5), as
    /// a server whose file changed since answers.
    private static func fileReply(
        _ data: Data, contentType: String, cutAt: Int?, request: TestHTTPServer.Request
    )
        -> TestHTTPServer.Reply
    {
        let etag = etag(of: data)
        var headers = ["Content-Type": contentType, "Accept-Ranges": "bytes", "ETag": etag]
        let validatorHolds = request.headers["if-range"].map { $0 == etag } ?? true
        if let range = request.headers["range"], validatorHolds, range.hasPrefix("bytes="),
            range.hasSuffix("-"),
            let start = Int(range.dropFirst("bytes=".count).dropLast())
        {
            guard start < data.count else {
                return .send(status: 416, headers: ["Content-Range": "bytes */\(data.count)"])
            }
            headers["Content-Range"] = "bytes \(start)-\(data.count - 1)/\(data.count)"
            return .send(status: 206, headers: headers, body: data.subdata(in: start..<data.count))
        }
        if let cutAt, cutAt < data.count, request.headers["range"] == nil {
            return .cut(status: 200, headers: headers, body: data.prefix(cutAt), declaredLength: data.count)
        }
        return .send(status: 200, headers: headers, body: data)
    }

    /// A strong ETag that changes with the bytes (FNV-1a over them, and their count).
    static func etag(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"\(data.count)-\(String(hash, radix: 16))\""
    }

    /// Sets (or replaces) what `path` answers.
    public func set(_ path: String, _ route: Route) {
        table.routes.withLock { $0[path] = route }
    }

    /// The URL of `path`.
    public func url(_ path: String) -> String {
        http.url(path).absoluteString
    }

    /// How many requests reached `path` so far.
    public func requestCount(_ path: String) -> Int {
        http.observed.requests.filter { $0.path == path }.count
    }

    /// Waits until `count` requests have reached `path` (woken by the request that makes it `count`);
    /// false only after `timeout`, which only a hang reaches.
    public func waitForRequests(to path: String, count: Int = 1, timeout: Duration = .seconds(300)) async
        -> Bool
    {
        let seen = try? await http.observed(
            when: { $0.requests.filter { $0.path == path }.count >= count }, timeout: timeout)
        return (seen?.requests.filter { $0.path == path }.count ?? 0) >= count
    }

    public func stop() {
        http.stop()
    }
}
