import Foundation
import Testing

@testable import Feeds

/// OPML import (flattening, problem reporting, entity safety) and export (valid, escaped OPML 2.0).
@Suite("OPML")
struct OPMLTests {
    @Test("nested outlines are flattened, each with its innermost folder, and unusable ones reported")
    func parse() throws {
        let outlines = try OPML.parse(Fixture.data("subscriptions.opml"))
        #expect(
            outlines == [
                // The outline's text, which OPML 2.0 says is what is shown, before its title.
                OPMLOutline(
                    title: "Example News", xmlURL: "https://news.example.com/feed.xml",
                    htmlURL: "https://news.example.com/", folder: "News"),
                OPMLOutline(title: "Deep", xmlURL: "http://deep.example.org/rss", folder: "Tech"),
                OPMLOutline(title: "No URL", xmlURL: "", problem: .missingFeedURL),
                OPMLOutline(
                    title: "FTP feed", xmlURL: "ftp://files.example.com/feed.xml",
                    problem: .unsupportedScheme("ftp")),
                OPMLOutline(
                    title: "Local file", xmlURL: "file:///etc/passwd", problem: .unsupportedScheme("file")),
                OPMLOutline(title: "Old style", xmlURL: "http://old.example.com/index.rss"),
                OPMLOutline(title: "Broken", xmlURL: "http://", problem: .invalidURL),
                OPMLOutline(title: "Entity", xmlURL: "https://e.example.com/feed"),
                // A leaf without xmlUrl cannot be told from an empty folder; it is reported too.
                OPMLOutline(title: "Empty folder", xmlURL: "", problem: .missingFeedURL),
            ])
        #expect(OPMLOutlineProblem.missingFeedURL.description == "the outline has no feed address (xmlUrl)")
    }

    @Test("non-OPML and broken documents are errors")
    func errors() {
        #expect(throws: FeedParseError.notOPML(rootElement: "rss")) {
            try OPML.parse(Data("<rss><channel/></rss>".utf8))
        }
        #expect(throws: FeedParseError.empty) { try OPML.parse(Data()) }
        #expect(throws: FeedParseError.self) { try OPML.parse(Data("<opml><body><outline".utf8)) }
    }

    @Test("export escapes everything and parses back to the same outlines")
    func roundTrip() throws {
        let outlines = [
            OPMLOutline(
                title: "Tom & Jerry's <\"quoted\"> feed", xmlURL: "https://example.com/feed?a=1&b=2",
                htmlURL: "https://example.com/?x=\"y\""),
            OPMLOutline(title: nil, xmlURL: "http://no-title.example.com/rss"),
            OPMLOutline(title: "bad\u{0}char", xmlURL: "http://c.example.com/"),
            OPMLOutline(title: "skipped", xmlURL: "", problem: .missingFeedURL),
        ]
        let document = OPML.export(outlines, title: "Movies & news <export>")
        #expect(document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        #expect(document.contains("<title>Movies &amp; news &lt;export&gt;</title>"))
        #expect(document.contains("xmlUrl=\"https://example.com/feed?a=1&amp;b=2\""))
        #expect(!document.contains("skipped"))
        let parsed = try OPML.parse(Data(document.utf8))
        #expect(
            parsed == [
                // A quote is no URL character: it comes back percent-encoded, once.
                OPMLOutline(
                    title: outlines[0].title, xmlURL: outlines[0].xmlURL,
                    htmlURL: "https://example.com/?x=%22y%22"),
                OPMLOutline(
                    title: "http://no-title.example.com/rss", xmlURL: "http://no-title.example.com/rss"),
                OPMLOutline(title: "badchar", xmlURL: "http://c.example.com/"),
            ])
    }
}
