import Foundation
import Testing

@testable import Feeds

/// Parsing of well-formed feeds in each supported format.
@Suite("FeedParser formats")
struct FeedParserFormatTests {
    @Test("RSS 0.91 with a DOCTYPE and HTML named entities")
    func rss091Entities() throws {
        let feed = try FeedParser.parse(Fixture.data("rss091-entities.xml"))
        #expect(feed.title == "Café Cinéma — Reviews")
        #expect(feed.siteURL == "http://www.example.com/")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "Amélie – a review")
        #expect(first.link == "http://www.example.com/reviews/amelie")
        #expect(first.summary == "A charming film … Tom & Jerry’s favourite. ½ price end.")
        #expect(first.guid == nil)
        #expect(first.publishedAt == nil)
        let second = feed.items[1]
        #expect(second.title == "Ampersand & friends")
        #expect(second.link == "http://www.example.com/reviews/relative")
        #expect(second.summary == "Bare & ampersand and a “quote” and ’cp1252’")
    }

    @Test("RSS 1.0 (RDF) with dc:date, dc:creator and content:encoded")
    func rss10() throws {
        let feed = try FeedParser.parse(Fixture.data("rss10-rdf.xml"))
        #expect(feed.title == "RDF Example")
        #expect(feed.siteURL == "http://rdf.example.org/")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.guid == "http://rdf.example.org/1")
        #expect(first.title == "First RDF item")
        #expect(first.link == "http://rdf.example.org/1")
        #expect(first.summary == "Short.")
        #expect(first.content?.text == "The full content of the first item.\n\nSecond paragraph & more.")
        #expect(first.author == "Alice Example")
        #expect(first.publishedAt == Date(timeIntervalSince1970: 1_071_336_602))
        let second = feed.items[1]
        #expect(second.guid == "http://rdf.example.org/2")
        #expect(second.link == "http://rdf.example.org/2")
        #expect(second.summary == "Only a description, which is longer than nothing.")
        #expect(second.content?.text == second.summary)
        #expect(second.publishedAt == Date(timeIntervalSince1970: 1_071_360_000))
    }

    @Test("RSS 2.0 with enclosures, Media RSS, CDATA, guids and missing fields")
    func rss20() throws {
        let feed = try FeedParser.parse(
            Fixture.data("rss20-media.xml"), baseURL: URL(string: "https://news.example.com/feed.xml"))
        #expect(feed.title == "Media & <Friends>")
        #expect(feed.siteURL == "https://news.example.com/")
        #expect(feed.items.count == 4)
        let enclosure = feed.items[0]
        #expect(enclosure.guid == "tag:news.example.com,2024:a")
        #expect(enclosure.link == "https://news.example.com/a")
        #expect(enclosure.summary == "Hello world\nsecond line")
        #expect(
            enclosure.content
                == ArticleText(
                    text: "Hello world[1]\nsecond line",
                    links: [ArticleLink(number: 1, url: "https://x", kind: .link)]))
        #expect(
            enclosure.enclosures == [
                FeedEnclosure(url: "https://news.example.com/audio.mp3", mimeType: "audio/mpeg", length: 1),
                FeedEnclosure(url: "https://news.example.com/a.jpg", mimeType: "image/jpeg", length: 2),
            ])
        #expect(enclosure.author == "Eddie Editor")
        #expect(enclosure.publishedAt == Date(timeIntervalSince1970: 1_055_217_600))
        #expect(enclosure.imageURL == "https://news.example.com/a.jpg")
        let media = feed.items[1]
        #expect(media.guid == "https://news.example.com/b-guid")
        #expect(media.link == "https://news.example.com/b")
        #expect(media.summary == "Plain text\nwith a line break")
        #expect(
            media.content?.text
                == "Longer content for b, which wins over the description because it is much longer.")
        #expect(
            media.enclosures == [
                FeedEnclosure(url: "https://news.example.com/video.mp4", mimeType: "video/mp4"),
                FeedEnclosure(url: "https://news.example.com/b.png"),
            ])
        #expect(media.publishedAt == Date(timeIntervalSince1970: 1_055_320_200))
        #expect(media.imageURL == "https://news.example.com/b.png")
        let thumbnail = feed.items[2]
        #expect(thumbnail.guid == nil)
        #expect(thumbnail.publishedAt == nil)
        #expect(thumbnail.link == "https://news.example.com/relative/c")
        #expect(thumbnail.imageURL == "https://news.example.com/images/c.jpg")
        let untitled = feed.items[3]
        #expect(untitled.title == nil)
        #expect(untitled.link == "https://news.example.com/d")
        #expect(untitled.guid == "https://news.example.com/d")
    }

    @Test("a plain-text description keeps its line break")
    func plainTextDescription() throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title><item><title>x</title>
            <description>Plain text
            with a line break</description></item></channel></rss>
            """
        let feed = try FeedParser.parse(Data(xml.utf8))
        #expect(feed.items.first?.summary == "Plain text\nwith a line break")
    }

    @Test("Atom 1.0 with xhtml content, xml:base, enclosure links and a source element")
    func atom() throws {
        let feed = try FeedParser.parse(Fixture.data("atom10.xml"))
        #expect(feed.title == "Atom <Example> Blog")
        #expect(feed.siteURL == "https://blog.example.net/")
        #expect(feed.items.count == 3)
        let one = feed.items[0]
        #expect(one.title == "Entry one")
        #expect(one.link == "https://blog.example.net/posts/one.html")
        #expect(one.imageURL == "https://blog.example.net/images/one.png")
        #expect(one.guid == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
        #expect(one.author == "Entry Author")
        #expect(one.publishedAt == Date(timeIntervalSince1970: 1_071_318_569))
        #expect(one.summary == "Short summary.")
        #expect(
            one.content?.text == "This is XHTML content & it is longer than the summary.\n\n• first\n• second"
        )
        #expect(
            one.enclosures == [
                FeedEnclosure(url: "https://blog.example.net/images/one.png", mimeType: "image/png")
            ])
        let two = feed.items[1]
        #expect(two.title == "Entry two")
        #expect(two.link == "https://other.example.org/base/two")
        #expect(two.guid == "tag:blog.example.net,2003:two")
        #expect(two.author == "Feed Author")
        #expect(two.publishedAt == Date(timeIntervalSince1970: 1_071_489_600.5))
        #expect(two.summary == "HTML summary")
        let three = feed.items[2]
        #expect(three.title == "XHTML title")
        #expect(three.link == "https://blog.example.net/three")
        #expect(three.summary == "Plain <text> content\nsecond line")
        #expect(three.content?.text == "Plain <text> content\nsecond line")
        #expect(three.publishedAt == nil)
    }

    @Test("an ISO-8859-1 document declared in the prolog")
    func latin1() throws {
        let feed = try FeedParser.parse(Fixture.data("latin1.xml"))
        #expect(feed.title == "Café über £")
        #expect(feed.items.first?.title == "Crème brûlée")
    }

    @Test("a UTF-16 document with a byte order mark")
    func utf16() throws {
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
            + "<rss><channel><title>Ünïcödé ✓</title></channel></rss>"
        let data = try #require(xml.data(using: .utf16))
        let feed = try FeedParser.parse(data)
        #expect(feed.title == "Ünïcödé ✓")
    }

    @Test("a Windows-1252 document is converted by libxml2")
    func windows1252() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><title>".utf8)
        data.append(contentsOf: [0x93, 0x80, 0x35, 0x94])
        data.append(Data("</title></channel></rss>".utf8))
        let feed = try FeedParser.parse(data)
        #expect(feed.title == "“€5”")
    }

    @Test("undeclared conventional prefixes still count")
    func undeclaredPrefix() throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title><item><title>x</title>
            <dc:creator>Bob</dc:creator><dc:date>2020-01-02T03:04:05Z</dc:date></item></channel></rss>
            """
        let item = try #require(try FeedParser.parse(Data(xml.utf8)).items.first)
        #expect(item.author == "Bob")
        #expect(item.publishedAt == Date(timeIntervalSince1970: 1_577_934_245))
    }

    @Test("XHTML line breaks and Atom-style links in RSS")
    func xhtmlBreaksAndHrefLinks() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">one<br/>two</div></content>
            </entry></feed>
            """
        #expect(try FeedParser.parse(Data(atom.utf8)).items.first?.summary == "one\ntwo")
        #expect(try FeedParser.parse(Data(atom.utf8)).items.first?.content?.text == "one\ntwo")
        let rss = """
            <rss version="2.0"><channel><link href="https://site.example/"/>
            <item><link href="/post"/></item></channel></rss>
            """
        let feed = try FeedParser.parse(Data(rss.utf8))
        #expect(feed.siteURL == "https://site.example/")
        #expect(feed.items.first?.link == "https://site.example/post")
    }
}
