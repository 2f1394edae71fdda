import Foundation
import Testing

@testable import Feeds

/// Feeds in the shapes real sites publish them (issue 25, point 1): a document that is not
/// well-formed, dates as sites write them, titles and links from where feeds put them when the usual
/// element is missing.
@Suite("FeedParser real shapes")
struct FeedParserRealShapesTests {
    private func parse(_ xml: String, baseURL: URL? = nil) throws -> ParsedFeed {
        try FeedParser.parse(
            Data(xml.utf8), baseURL: baseURL, now: Date(timeIntervalSince1970: 2_000_000_000))
    }

    // MARK: - Recovery

    @Test("a Typepad Atom feed with an unclosed <img> is recovered, all ten items, and says so")
    func typepadUnclosedImage() throws {
        let feed = try FeedParser.parse(Fixture.data("shapes/typepad-unclosed-img.xml"))
        #expect(feed.items.count == 10)
        #expect(feed.items.map(\.title) == (1...10).map { "Post \($0)" })
        #expect(feed.items.allSatisfy { $0.author == "Jane Critic" })
        #expect(feed.items.allSatisfy { $0.publishedAt != nil })
        #expect(feed.items[3].content?.text.contains("A still from the film") == true)
        #expect(feed.items[4].link == "https://critic.typepad.com/blog/2020/01/post-5.html")
        let recovered = try #require(feed.recoveredFrom)
        #expect(recovered.hasPrefix("malformed XML at line 50"))
        #expect(feed.title == "Film Comment Weekly")
    }

    @Test("a well-formed feed is not marked recovered")
    func wellFormedIsNotRecovered() throws {
        let feed = try FeedParser.parse(Fixture.data("atom10.xml"))
        #expect(feed.recoveredFrom == nil)
    }

    @Test("a broken document that recovers no item is still refused with the strict parse's reason")
    func brokenWithoutItemsIsRefused() {
        let data = Data("<rss>\n<channel>\n<title>x</titel>\n</channel></rss>".utf8)
        #expect(throws: FeedParseError.malformed(line: 3, reason: "the closing tag does not match <title>")) {
            try FeedParser.parse(data)
        }
    }

    @Test("a truncated feed is not recovered: half an item would be stored as a new one")
    func truncatedIsNotRecovered() {
        let xml = "<rss><channel><title>t</title><item><title>One</title></item><item><title>Tw"
        #expect(throws: FeedParseError.self) { try FeedParser.parse(Data(xml.utf8)) }
    }

    // MARK: - Dates

    @Test(
        "dates as sites write them",
        arguments: [
            ("2020/1/10 14:03:00", 1_578_664_980.0),
            ("2020/01/10 14:03", 1_578_664_980.0),
            ("2020/1/10", 1_578_614_400.0),
            ("2020-1-10 14:03:00", 1_578_664_980.0),
            ("Fri Jan 10 14:03:00 2020", 1_578_664_980.0),
            ("Fri Jan 10 14:03:00 UTC 2020", 1_578_664_980.0),
            ("Fri Jan 10 14:03:00 PST 2020", 1_578_693_780.0),
            ("2020", 1_577_836_800.0),
            ("2020-01", 1_577_836_800.0),
            ("2020-01-10T14:03Z", 1_578_664_980.0),
            ("2020-01-10T14:03:00.5+01:00", 1_578_661_380.5),
            ("2020-01-10T14Z", 1_578_664_800.0),
            ("20200110T140300Z", 1_578_664_980.0),
            ("2020-01-10T14:03:00 +0100", 1_578_661_380.0),
            ("Fri, 10 Jan 2020 14:03:00 GMT+0100", 1_578_661_380.0),
            ("Fri, 10 Jan 2020 14:03:00 Etc/GMT", 1_578_664_980.0),
            ("Fri, 10 Jan 2020 14:03:00 XYZT", 1_578_664_980.0),
            ("Fri, 10 Jan 2020 14:03:00 +01:00", 1_578_661_380.0),
            ("Fri, 10 Jan 2020 14:03:00 -0000", 1_578_664_980.0),
            ("Fri, 10 Jan 2020 14:03 EST", 1_578_682_980.0),
            ("Fr, 10 Jan 2020 14:03:00 +0100", 1_578_661_380.0),
            ("Fre, 10 Jan 2020 14:03:00 +0100", 1_578_661_380.0),
            ("ven., 10 janv. 2020 14:03:00 +0100", 1_578_661_380.0),
            ("vie, 10 ene 2020 14:03:00 +0100", 1_578_661_380.0),
            ("Pt, 10 sty 2020 14:03:00 +0100", 1_578_661_380.0),
            ("Fr, 10 Jan. 2020 14:03:00 +0100", 1_578_661_380.0),
            ("金, 10 Jan 2020 14:03:00 +0900", 1_578_632_580.0),
            ("Fri, 10 Jan 2020 2:03:00 PM +0000", 1_578_664_980.0),
        ])
    func siteDates(text: String, seconds: Double) {
        #expect(FeedDate.parse(text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test(
        "dates that still say nothing are nil", arguments: ["yesterday", "2020/13/10", "32 Jan 2020", "Fri"])
    func unreadableDates(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test("an item whose date cannot be read is counted on the feed")
    func unreadableDatesCounted() throws {
        let feed = try parse(
            """
            <rss version="2.0"><channel><title>Forum</title>
            <item><title>a</title><guid>1</guid><pubDate>2020/1/10 14:03:00</pubDate></item>
            <item><title>b</title><guid>2</guid><pubDate>the day before yesterday</pubDate></item>
            <item><title>c</title><guid>3</guid></item>
            </channel></rss>
            """)
        #expect(feed.items[0].publishedAt == Date(timeIntervalSince1970: 1_578_664_980))
        #expect(feed.items[1].publishedAt == nil)
        #expect(feed.items[1].hasUnreadableDate)
        #expect(!feed.items[2].hasUnreadableDate)
        #expect(feed.unreadableDateCount == 1)
    }

    // MARK: - Titles and links

    @Test("dc:title and media:title stand in for a missing <title>")
    func alternativeTitles() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Clips</title>
            <item><guid>1</guid><dc:title>From Dublin Core</dc:title></item>
            <item><guid>2</guid><media:group><media:title>From Media RSS</media:title>
              <media:content url="https://example.org/clip.mp4" type="video/mp4"/></media:group></item>
            <item><guid>3</guid><title>Own title</title><dc:title>Not this</dc:title><media:title>Nor this</media:title></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.title) == ["From Dublin Core", "From Media RSS", "Own title"])
    }

    @Test("an entry id that is a link is the link; xml:base resolves relative links, nested")
    func idAndBase() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/blog/">
            <title>t</title>
            <entry><id>https://example.org/posts/1</id><title>by id</title></entry>
            <entry xml:base="2020/"><id>urn:x:2</id><title>relative</title><link href="post.html"/>
              <content type="html">&lt;a href="img/a.png"&gt;pic&lt;/a&gt;</content></entry>
            <entry><id>urn:x:3</id><title>rooted</title><link href="/about"/></entry>
            </feed>
            """)
        #expect(
            feed.items.map(\.link) == [
                "https://example.org/posts/1", "https://example.org/blog/2020/post.html",
                "https://example.org/about",
            ])
        #expect(feed.items[1].content?.links.map(\.url) == ["https://example.org/blog/2020/img/a.png"])
    }

    @Test("Atom 0.3 content in base64 mode is decoded")
    func atom03Base64() throws {
        let html = Data("<p>Decoded <b>HTML</b> body.</p>".utf8).base64EncodedString()
        let feed = try parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title>
            <entry><title>Encoded</title><id>tag:x,2004:1</id><issued>2004-01-10T14:03:00Z</issued>
            <link rel="alternate" type="text/html" href="https://example.org/1"/>
            <content type="text/html" mode="base64">\(html)</content></entry></feed>
            """)
        let item = try #require(feed.items.first)
        #expect(item.content?.text == "Decoded HTML body.")
        #expect(item.summary == "Decoded HTML body.")
        #expect(item.publishedAt == Date(timeIntervalSince1970: 1_073_743_380))
    }

    @Test("Atom without its namespace, and a standalone <entry> document")
    func atomWithoutNamespaceAndStandaloneEntry() throws {
        let bare = try parse(
            "<feed><title>Bare</title><entry><title>One</title><link href=\"https://example.org/1\"/></entry></feed>"
        )
        #expect(bare.items.map(\.link) == ["https://example.org/1"])
        let entry = try parse(
            """
            <?xml version="1.0"?>
            <entry xmlns="http://www.w3.org/2005/Atom"><title>Alone</title><id>urn:x:1</id>
            <link href="https://example.org/alone"/><updated>2020-01-10T14:03:00Z</updated>
            <summary>Just one.</summary></entry>
            """)
        #expect(entry.items.count == 1)
        #expect(entry.items.first?.title == "Alone")
        #expect(entry.items.first?.link == "https://example.org/alone")
        #expect(entry.items.first?.summary == "Just one.")
        let bareEntry = try parse(
            "<entry><title>Bare alone</title><link href=\"https://example.org/b\"/></entry>")
        #expect(bareEntry.items.first?.link == "https://example.org/b")
    }

    @Test("where an RSS item gives both forms, its own element wins whatever the order")
    func precedence() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>t</title>
            <item><atom:link href="https://example.org/atom"/><link>https://example.org/rss</link>
              <dc:creator>Dublin</dc:creator><author>rss@example.org (Rich Site)</author>
              <dc:date>2019-01-01T00:00:00Z</dc:date><pubDate>Fri, 10 Jan 2020 14:03:00 GMT</pubDate>
              <title>Both</title></item>
            </channel></rss>
            """)
        let item = try #require(feed.items.first)
        #expect(item.link == "https://example.org/rss")
        #expect(item.author == "Rich Site")
        #expect(item.publishedAt == Date(timeIntervalSince1970: 1_578_664_980))
    }

    @Test("a relative link holding a space and a { is encoded once")
    func encodedOnce() throws {
        let feed = try parse(
            "<rss><channel><item><title>x</title><link>/a b{c}.html</link></item></channel></rss>",
            baseURL: URL(string: "https://example.org/feed.xml"))
        #expect(feed.items.first?.link == "https://example.org/a%20b%7Bc%7D.html")
    }

    @Test("JSON Feeds as the reference suite writes them")
    func jsonFeeds() throws {
        let example = try parse(
            """
            {"__TEST__": "basic", "version": "https://jsonfeed.org/version/1", "title": "My Example Feed",
             "home_page_url": "https://example.org/", "feed_url": "https://example.org/feed.json",
             "author": {"name": "me"},
             "items": [
               {"id": "2", "title": "post 2", "content_text": "This is a second item.",
                "url": "https://example.org/second-item", "tags": ["test", "JSON"],
                "attachments": [{"url": "https://example.org/show.mp4", "mime_type": "video/mp4",
                                 "size_in_bytes": 12000000}]},
               {"id": "1", "author": {"name": "you", "url": "http://example.net/~you"},
                "content_html": "<p>Hello, world!</p>\\n\\n<script>alert();</script>",
                "url": "https://example.org/initial-post"}]}
            """)
        #expect(example.title == "My Example Feed")
        #expect(example.items.count == 2)
        #expect(example.items[1].author == "you")
        #expect(example.items[0].enclosures.first?.length == 12_000_000)
        // Without a version, as the suite's single-field files are: read all the same.
        let unversioned = try parse(#"{"items": [{"id": 1, "title": "one"}]}"#)
        #expect(unversioned.items.first?.guid == "1")
        #expect(unversioned.items.first?.title == "one")
        let titleOnly = try parse(#"{"title": [1, 2, 3], "items": []}"#)
        #expect(titleOnly.title == nil)
        #expect(throws: FeedParseError.notAJSONFeed) { try parse(#"{"name": "not a feed"}"#) }
    }
}
