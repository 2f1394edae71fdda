import FeedServer
import Feeds
import Foundation
import TestSupport
import Testing

/// `news subscribe`, `news import` and `news unsubscribe` as a user runs them: addresses typed in any
/// case (issue 12), OPML imports whole or not at all (issue 11, point 15), item identity in a feed file
/// (point 8), and starred items kept (point 7).
@Suite("movies news: subscriptions", .offPool, .serialized)
struct NewsSubscriptionCommandTests {
    let movies = MoviesProcess()
    let server: FeedServer

    init() throws {
        server = try FeedServer()
        server.set("/one.xml", .feed(FeedXML.rss(title: "RDF Site", items: FeedXML.numberedItems(1))))
        server.set(
            "/two.xml", .feed(FeedXML.rss(title: "Two", items: FeedXML.numberedItems(2, prefix: "two"))))
    }

    /// The address of `path` with the scheme written in capitals, as some pages and OPML files have it.
    private func shouted(_ path: String) -> String {
        server.url(path).replacingOccurrences(of: "http://", with: "HTTP://")
    }

    private func feedURLs() throws -> String {
        try DirectSQL.run(
            movies.databasePath, "SELECT group_concat(url, ' ') FROM (SELECT url FROM feeds ORDER BY id)")
    }

    @Test("HTTP://host/feed.xml subscribes, stored lower-case; the same feed typed again is refused")
    func upperCaseScheme() throws {
        #expect(
            try movies.succeed("news", "subscribe", shouted("/one.xml"))
                == "Subscribed 1  RDF Site  (1 item)\n")
        #expect(try feedURLs() == server.url("/one.xml"))
        try movies.refuse(
            ["news", "subscribe", server.url("/one.xml")], status: 1,
            message: "Already subscribed to \(server.url("/one.xml")) as feed 1")
        try movies.refuse(
            ["news", "subscribe", "--no-fetch", shouted("/one.xml")],
            status: 1, message: "Already subscribed to")
        #expect(
            try movies.succeed("news", "subscribe", "--no-fetch", "HTTP://Example.ORG:80/Feed.xml")
                == "Subscribed 2  http://example.org/Feed.xml  (not fetched yet: run movies news refresh)\n")
        try movies.refuse(
            ["news", "subscribe", "http://example.org:99999/feed.xml"], status: 64,
            message:
                "Error: The value 'http://example.org:99999/feed.xml' is invalid for '<url>': expected an http or "
                + "https address")
        #expect(
            try movies.succeed("news", "unsubscribe", "HTTP://EXAMPLE.org/Feed.xml").hasPrefix(
                "Unsubscribed 2"))
    }

    @Test("an OPML file with HTTP:// addresses subscribes to every entry, each once; repeats are named so")
    func opmlWithUpperCaseSchemes() throws {
        let file = try movies.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="One" xmlUrl="\(server.url("/one.xml"))"/>
            <outline text="Shouted" xmlUrl="HTTP://Example.ORG/feed.xml"/>
            <outline text="Two" xmlUrl="\(shouted("/two.xml"))"/>
            <outline text="One again" xmlUrl="\(shouted("/one.xml"))"/>
            </body></opml>
            """, to: "subscriptions.opml")
        let result = try movies.run(["news", "import", file, "--skip-invalid"])
        #expect(result.status == 0, "\(result)")
        // "One again" repeats "One" in the file: on a fresh list nothing was subscribed already.
        #expect(result.stdout.hasPrefix("Subscribed to 3 feeds from \(file) (1 listed twice in the file)."))
        #expect(
            try feedURLs()
                == "\(server.url("/one.xml")) http://example.org/feed.xml \(server.url("/two.xml"))")
        #expect(try SQLiteShell.run(movies.databasePath, "SELECT title FROM feeds WHERE id = 1") == "One")
        let again = try movies.run(["news", "import", file])
        #expect(
            again.stdout.hasPrefix(
                "Subscribed to 0 feeds from \(file) (1 listed twice in the file; 3 already subscribed)."),
            "\(again)")
    }

    @Test("an OPML import that fails part-way subscribes to nothing, with or without --skip-invalid")
    func opmlAllOrNothing() throws {
        try movies.succeed("migrate")
        // A trigger written with sqlite3 refuses the third feed, after the first two would have been added.
        try DirectSQL.run(
            movies.databasePath,
            """
            CREATE TRIGGER refuse_third BEFORE INSERT ON feeds WHEN NEW.url LIKE '%third%'
            BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END;
            """)
        let file = try movies.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="First" xmlUrl="https://first.example/feed"/>
            <outline text="Second" xmlUrl="https://second.example/feed"/>
            <outline text="Third" xmlUrl="https://third.example/feed"/>
            <outline text="Gopher" xmlUrl="gopher://old.example/feed"/>
            </body></opml>
            """, to: "subscriptions.opml")
        try movies.refuse(
            ["news", "import", file, "--skip-invalid"], status: 1, message: "refused by a trigger")
        try movies.refuse(
            ["news", "import", file], status: 65, message: "1 entry has no usable feed address")
        #expect(try feedURLs() == "")
    }

    @Test("a feed file whose entries share a link imports each entry, and again adds nothing")
    func sharedLinks() throws {
        let file = try movies.folder.write(
            """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Home</title>
            <item><title>Post A</title><link>https://example.org/</link><description>a</description></item>
            <item><title>Post B</title><link>https://example.org/</link><description>b</description></item>
            <item><title>Post C</title><link>https://example.org/</link><description>c</description></item>
            </channel></rss>
            """, to: "home.xml")
        #expect(try movies.succeed("news", "import", file) == "Imported 3 items from \(file)\n")
        #expect(
            try movies.succeed("news", "import", file) == "Imported 0 items from \(file) (3 already there)\n")
    }

    @Test("unsubscribing two feeds whose starred items share guids keeps all of them")
    func starredItemsSurvive() throws {
        let items = FeedXML.rss(title: "Same", items: FeedXML.numberedItems(2))
        server.set("/a.xml", .feed(items))
        server.set("/b.xml", .feed(items))
        try movies.succeed("news", "subscribe", server.url("/a.xml"))
        try movies.succeed("news", "subscribe", server.url("/b.xml"))
        try movies.succeed("news", "star", "1", "2", "3", "4")
        try movies.succeed("news", "unsubscribe", "1")
        try movies.succeed("news", "unsubscribe", "2")
        let left = try movies.succeed("news", "list", "--starred", "--format", "csv")
        #expect(left.split(separator: "\n").count == 5, "\(left)")
    }
}
