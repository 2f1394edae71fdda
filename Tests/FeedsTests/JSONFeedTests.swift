import FeedServer
import Foundation
import Testing

@testable import Feeds

/// JSON Feed 1.0 and 1.1 (https://www.jsonfeed.org/version/1.1/), read like RSS and Atom, and the
/// hostile JSON a server can send instead.
@Suite("JSON Feed")
struct JSONFeedTests {
    private func parse(_ json: String, baseURL: URL? = nil) throws -> ParsedFeed {
        try FeedParser.parse(Data(json.utf8), baseURL: baseURL)
    }

    private func parseError(_ data: Data) -> FeedParseError? {
        do {
            _ = try FeedParser.parse(data)
            return nil
        } catch {
            return error
        }
    }

    static let version11 = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "My Example Feed",
          "home_page_url": "https://example.org/",
          "feed_url": "https://example.org/feed.json",
          "authors": [{"name": "Feed Writer"}],
          "items": [
            {
              "id": "2",
              "content_text": "This is a second item.",
              "url": "https://example.org/second-item",
              "date_published": "2010-02-07T14:04:00-05:00"
            },
            {
              "id": "1",
              "title": "First <item>",
              "content_html": "<p>Hello, <a href=\\"/world\\">world</a>!</p>",
              "summary": "A greeting.",
              "url": "/initial-post",
              "image": "images/1.png",
              "date_modified": "2010-02-08T10:00:00Z",
              "authors": [{"url": "https://x.example/"}, {"name": "Item Author"}],
              "attachments": [
                {"url": "https://example.org/1.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 89970236},
                {"url": "https://example.org/1.mp3", "mime_type": "audio/mpeg"},
                {"mime_type": "audio/ogg"}
              ]
            }
          ]
        }
        """

    @Test("a JSON Feed 1.1 document gives the same fields as RSS and Atom")
    func version11() throws {
        let feed = try parse(JSONFeedTests.version11, baseURL: URL(string: "https://example.org/feed.json"))
        #expect(feed.title == "My Example Feed")
        #expect(feed.siteURL == "https://example.org/")
        #expect(feed.items.count == 2)
        let second = feed.items[0]
        #expect(second.guid == "2")
        #expect(second.title == nil)
        #expect(second.link == "https://example.org/second-item")
        #expect(second.summary == "This is a second item.")
        #expect(second.content == ArticleText(text: "This is a second item."))
        #expect(second.author == "Feed Writer")
        #expect(second.publishedAt == Date(timeIntervalSince1970: 1_265_569_440))
        let first = feed.items[1]
        #expect(first.title == "First <item>")
        #expect(first.link == "https://example.org/initial-post")
        #expect(first.summary == "A greeting.")
        #expect(
            first.content
                == ArticleText(
                    text: "Hello, world[1]!",
                    links: [ArticleLink(number: 1, url: "https://example.org/world", kind: .link)]))
        #expect(first.author == "Item Author")
        #expect(first.publishedAt == Date(timeIntervalSince1970: 1_265_623_200))
        #expect(first.imageURL == "https://example.org/images/1.png")
        #expect(
            first.enclosures == [
                FeedEnclosure(url: "https://example.org/1.mp3", mimeType: "audio/mpeg", length: 89_970_236)
            ])
    }

    @Test("JSON Feed 1.0: a single author object, a numeric id, external_url for a link")
    func version10() throws {
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1", "title": "Old",
             "author": {"name": "Solo"},
             "items": [{"id": 42, "external_url": "https://elsewhere.example/a", "content_text": "Line one\\nLine two",
                        "author": {"name": "Guest"}}]}
            """)
        let item = try #require(feed.items.first)
        #expect(item.guid == "42")
        #expect(item.link == "https://elsewhere.example/a")
        #expect(item.summary == "Line one\nLine two")
        #expect(item.author == "Guest")
    }

    @Test("served as application/feed+json, it is read from the fetched bytes")
    func overHTTP() async throws {
        let body = Data(JSONFeedTests.version11.utf8)
        let server = try TestHTTPServer { _ in
            .send(status: 200, headers: ["Content-Type": "application/feed+json"], body: body)
        }
        defer { server.stop() }
        let result = await FeedFetcher(timeout: .seconds(60)).fetch(
            FeedRequest(url: server.url("/feed.json")))
        guard case .success(.fetched(let data, _, _, let finalURL, let contentType, _)) = result else {
            Issue.record("expected a body, got \(result)")
            return
        }
        let feed = try FeedParser.parse(data, baseURL: finalURL, contentType: contentType)
        #expect(
            feed.items.map(\.link) == [
                "https://example.org/second-item", server.url("/initial-post").absoluteString,
            ])
    }

    @Test("fields of the wrong type count as absent; items that are not objects are skipped")
    func wrongTypes() throws {
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": 5, "home_page_url": ["x"],
             "authors": "nobody",
             "items": [1, "two", null, [3],
               {"id": {"a": 1}, "title": true, "url": 7, "content_html": ["<p>x</p>"], "content_text": "kept",
                "date_published": 20100207, "attachments": "none", "authors": {"name": "wrong shape"}},
               {"id": "ok", "attachments": [{"url": "https://e.example/a", "size_in_bytes": "12"}, 5]}]}
            """)
        #expect(feed.title == nil)
        #expect(feed.siteURL == nil)
        #expect(feed.items.count == 2)
        #expect(feed.items[0].guid == nil)
        #expect(feed.items[0].title == nil)
        #expect(feed.items[0].link == nil)
        #expect(feed.items[0].summary == "kept")
        #expect(feed.items[0].publishedAt == nil)
        #expect(feed.items[1].enclosures == [FeedEnclosure(url: "https://e.example/a")])
        #expect(try parse(#"{"version": "https://jsonfeed.org/version/1", "items": "x"}"#).items.isEmpty)
    }

    @Test("JSON that is not a JSON Feed, invalid JSON and deep nesting are clear errors")
    func notFeeds() {
        #expect(parseError(Data("{}".utf8)) == .notAJSONFeed)
        #expect(parseError(Data("[1, 2]".utf8)) == .notAJSONFeed)
        #expect(parseError(Data(#"{"version": "https://example.org/other"}"#.utf8)) == .notAJSONFeed)
        #expect(parseError(Data(#"{"version": 1.1}"#.utf8)) == .notAJSONFeed)
        #expect(FeedParseError.notAJSONFeed.description == "not a feed: the JSON document is not a JSON Feed")
        let truncated = parseError(Data(#"{"version": "https://jsonfeed.org/version/1", "items": [{"#.utf8))
        guard case .malformedJSON = truncated else {
            Issue.record("expected malformed JSON, got \(String(describing: truncated))")
            return
        }
        let depth = 100_000
        let deep =
            #"{"version": "https://jsonfeed.org/version/1", "x": "# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
        #expect(parseError(Data(deep.utf8)) == truncated)
        #expect(parseError(Data([0x7B, 0xFF, 0xFE, 0x7D])) == truncated)
    }

    @Test("a JSON document over the size cap is refused before it is decoded")
    func tooLarge() {
        var data = Data(#"{"version": "https://jsonfeed.org/version/1", "title": ""#.utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: FeedParser.maximumFeedBytes))
        data.append(Data(#""}"#.utf8))
        #expect(parseError(data) == .tooLarge(bytes: data.count, limit: FeedParser.maximumFeedBytes))
    }

    @Test("terminal escapes and control characters in JSON strings never come out")
    func escapes() throws {
        let feed = try parse(
            #"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Red \u001b[31mfeed\u0007",
             "items": [{"id": "\u001b]0;x\u0007id", "title": "a\u0000b\u202ec", "content_html": "<p>&#27;[2Jx\u009b1m</p>",
                        "url": "https://e.example/\u001b[1m"}]}
            """#)
        #expect(feed.title == "Red feed")
        let item = try #require(feed.items.first)
        #expect(item.guid == "id")
        #expect(item.title == "abc")
        #expect(item.link == "https://e.example/")
        for text in [item.content?.text, item.summary].compactMap({ $0 }) {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}
