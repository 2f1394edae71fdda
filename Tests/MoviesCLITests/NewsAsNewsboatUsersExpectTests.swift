import FeedServer
import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// News as newsboat users expect it (issue 45, point 7): an item added by its address takes the page's
/// or feed's title, podcast episodes show their length, and a feed is named by its title too. Through
/// the CLI's entry point, against a real local HTTP server.
@Suite("news as newsboat users expect", .serialized)
@MainActor
struct NewsAsNewsboatUsersExpectTests {
    let cli = InProcessCLI()
    let server: FeedServer

    static let podcast = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Film Talk</title><link>https://example.org/</link>
        <item><title>Long episode</title><guid>ep3</guid><pubDate>Wed, 02 Dec 2026 10:00:00 GMT</pubDate>
        <itunes:duration>1:02:03</itunes:duration>
        <enclosure url="https://example.org/ep3.mp3" type="audio/mpeg" length="1000"/></item>
        <item><title>Short episode</title><guid>ep2</guid><pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate>
        <itunes:duration>2525</itunes:duration></item>
        <item><title>Unreadable length</title><guid>ep1</guid><pubDate>Mon, 30 Nov 2026 10:00:00 GMT</pubDate>
        <itunes:duration>about an hour</itunes:duration></item>
        </channel></rss>
        """

    init() throws {
        server = try FeedServer()
        server.set(
            "/article",
            .body(
                "<!doctype html><html><head><title>\n  Ten films &amp; more  </title></head><body>x</body></html>",
                contentType: "text/html"))
        server.set(
            "/untitled", .body("<!doctype html><html><body>no title</body></html>", contentType: "text/html"))
        server.set("/podcast.xml", .feed(Self.podcast))
        server.set(
            "/other.xml", .feed(FeedXML.rss(title: "Other", items: FeedXML.numberedItems(2, prefix: "o"))))
    }

    @Test("news add URL takes the page's title, or the feed's; --title still names it")
    func addTakesTheTitle() async throws {
        let article = server.url("/article")
        #expect(try await cli.succeed("news", "add", article) == "Added 1  Ten films & more\n")
        #expect(try DirectSQL.run(cli.databasePath, "SELECT url FROM news_items WHERE id = 1") == article)
        #expect(try await cli.succeed("news", "add", server.url("/podcast.xml")) == "Added 2  Film Talk\n")
        #expect(try await cli.succeed("news", "add", "--url", article) == "Added 3  Ten films & more\n")
        #expect(try await cli.succeed("news", "add", article, "--title", "Mine") == "Added 4  Mine\n")
    }

    @Test("an address without a title, or none at all, is refused and nothing is stored")
    func addRefusals() async throws {
        try await cli.succeed("news", "add", "--title", "First")
        try await cli.refuse(
            ["news", "add", server.url("/untitled")], status: 65,
            message:
                "has no title (neither a feed's nor a page's <title>). Nothing was stored; give one with --title"
        )
        try await cli.refuse(
            ["news", "add", server.url("/missing")], status: 1,
            message: "Cannot take a title from \(server.url("/missing")): ")
        try await cli.refuse(
            ["news", "add"], status: 64,
            message: "Give the item's --title, or its address to take the title from")
        try await cli.refuse(
            ["news", "add", server.url("/article"), "--url", server.url("/article")], status: 64,
            message: "Give the address once: as an argument or with --url")
    }

    @Test("a podcast's episodes show their length in news list, its JSON and news show")
    func episodeLengths() async throws {
        try await cli.succeed("news", "subscribe", server.url("/podcast.xml"))
        let table = try await cli.succeed("news", "list")
        let lines = table.split(separator: "\n")
        #expect(lines.first?.contains("LENGTH") == true, "\(table)")
        #expect(lines.contains { $0.contains("1:02:03") && $0.contains("Long episode") }, "\(table)")
        #expect(lines.contains { $0.contains("42:05") && $0.contains("Short episode") }, "\(table)")
        let json = try await cli.succeed("news", "list", "--format", "json")
        #expect(json.contains("\"duration_seconds\":3723"), "\(json)")
        #expect(
            json.contains("\"duration_seconds\":2525") && json.contains("\"duration_seconds\":null"),
            "\(json)")
        #expect(try await cli.succeed("news", "show", "1").contains("\n  length     1:02:03\n"))
        // Items without lengths have no such column.
        try await cli.succeed("news", "subscribe", server.url("/other.xml"))
        #expect(!(try await cli.succeed("news", "list", "--feed", "2")).contains("LENGTH"))
    }

    @Test("news list --feed takes a feed's title, in any case, as well as its number")
    func feedByTitle() async throws {
        try await cli.succeed("news", "subscribe", server.url("/podcast.xml"))
        try await cli.succeed("news", "subscribe", server.url("/other.xml"))
        let byTitle = try await cli.succeed("news", "list", "--feed", "film talk", "--format", "csv")
        #expect(byTitle == (try await cli.succeed("news", "list", "--feed", "1", "--format", "csv")))
        #expect(byTitle.split(separator: "\n").count == 4, "\(byTitle)")
        try await cli.refuse(
            ["news", "list", "--feed", "Nobody"], status: 1, message: "No subscribed feed Nobody")
        // Two feeds of one title: neither is taken.
        try DirectSQL.run(cli.databasePath, "UPDATE feeds SET title = 'Film Talk' WHERE id = 2")
        try await cli.refuse(
            ["news", "list", "--feed", "Film Talk"], status: 64,
            message: "More than one feed is titled 'Film Talk' (1, 2); give its number")
    }
}
