import FeedServer
import Foundation
import Testing

@testable import Feeds

/// What the parser takes from how a feed was served and when it is read (issue 11, point 19): the
/// charset of the HTTP `Content-Type` when the document declares none, and item dates in the future.
@Suite("FeedParser and the HTTP response")
struct FeedParserServedTests {
    /// A feed whose title and item are "café" in ISO-8859-1 (one byte, 0xE9), with `declaration` first.
    private func latin1Feed(declaration: String = "<?xml version=\"1.0\"?>") -> Data {
        var data = Data("\(declaration)\n<rss version=\"2.0\"><channel><title>caf".utf8)
        data.append(0xE9)
        data.append(Data("</title><item><title>caf".utf8))
        data.append(0xE9)
        data.append(Data(" cr".utf8))
        data.append(0xE8)
        data.append(Data("me</title></item></channel></rss>".utf8))
        return data
    }

    /// Serves `body` with `contentType`, fetches it, and parses it as `NewsRefresher` does.
    private func fetchAndParse(_ body: Data, contentType: String) async throws -> ParsedFeed {
        let server = try TestHTTPServer { _ in
            .send(status: 200, headers: ["Content-Type": contentType], body: body)
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(
            FeedRequest(url: server.url("/latin1.xml")))
        guard case .success(.fetched(let data, _, _, let finalURL, let servedType, _)) = result else {
            Issue.record("expected a body, got \(result)")
            return ParsedFeed()
        }
        #expect(servedType == contentType)
        return try FeedParser.parse(data, baseURL: finalURL, contentType: servedType)
    }

    @Test("a Latin-1 feed served as text/xml; charset=iso-8859-1 reads \"café\", not \"caf\u{FFFD}\"")
    func charsetFromHeader() async throws {
        let feed = try await fetchAndParse(latin1Feed(), contentType: "text/xml; charset=iso-8859-1")
        #expect(feed.title == "café")
        #expect(feed.items.first?.title == "café crème")
        // Quoted, upper-case, among other parameters.
        let quoted = try await fetchAndParse(
            latin1Feed(), contentType: "application/rss+xml; q=1; Charset=\"ISO-8859-1\"")
        #expect(quoted.title == "café")
        // Without a charset anywhere the bytes are taken as UTF-8, and the invalid one is replaced.
        let unlabelled = try await fetchAndParse(latin1Feed(), contentType: "text/xml")
        #expect(unlabelled.title == "caf\u{FFFD}")
    }

    @Test("the document's own declaration wins over the header")
    func declarationWins() async throws {
        let declared = latin1Feed(declaration: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        let feed = try await fetchAndParse(declared, contentType: "text/xml; charset=utf-8")
        #expect(feed.title == "café")
        let utf8 = Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss><channel><title>café</title></channel></rss>".utf8
        )
        #expect(try await fetchAndParse(utf8, contentType: "text/xml; charset=iso-8859-1").title == "café")
    }

    @Test("the charset parameter is read from a Content-Type header")
    func charsetParameter() {
        #expect(ContentType.charset(of: "text/xml; charset=iso-8859-1") == "iso-8859-1")
        #expect(ContentType.charset(of: "text/xml;charset=\"windows-1252\"") == "windows-1252")
        #expect(ContentType.charset(of: "text/xml; format=flowed") == nil)
        #expect(ContentType.charset(of: "text/xml; charset=") == nil)
        #expect(ContentType.charset(of: nil) == nil)
    }

    @Test("an item dated more than a day after the time of reading counts as undated")
    func futureDates() throws {
        let now = Date(timeIntervalSince1970: 1_764_547_200)  // Mon, 01 Dec 2025 00:00:00 GMT
        func date(_ pubDate: String) throws -> Date? {
            let xml =
                "<rss><channel><item><title>x</title><pubDate>\(pubDate)</pubDate></item></channel></rss>"
            return try FeedParser.parse(Data(xml.utf8), now: now).items.first?.publishedAt
        }
        #expect(try date("Fri, 31 Dec 9999 23:59:59 GMT") == nil)
        #expect(try date("Wed, 03 Dec 2025 00:00:00 GMT") == nil)
        #expect(try date("Tue, 02 Dec 2025 00:00:01 GMT") == nil)
        // Within a day (a clock or a time zone off) the date is kept, and so is any past date.
        #expect(try date("Tue, 02 Dec 2025 00:00:00 GMT") == Date(timeIntervalSince1970: 1_764_633_600))
        #expect(try date("Sun, 30 Nov 2025 12:00:00 GMT") == Date(timeIntervalSince1970: 1_764_504_000))
        // A JSON Feed item too.
        let json =
            #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","date_published":"9999-12-31T00:00:00Z"}]}"#
        #expect(try FeedParser.parse(Data(json.utf8), now: now).items.first?.publishedAt == nil)
    }
}
