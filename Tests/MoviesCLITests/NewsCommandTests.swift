import FeedServer
import Feeds
import Foundation
import TestSupport
import Testing

@Suite("movies news", .offPool, .serialized)
struct NewsCommandTests {
    let movies = MoviesProcess()
    let server: FeedServer

    init() throws {
        server = try FeedServer()
        server.set(
            "/alpha.xml",
            .feed(FeedXML.rss(title: "Alpha", items: FeedXML.numberedItems(30, prefix: "alpha"))))
        server.set(
            "/beta.xml", .feed(FeedXML.rss(title: "Beta", items: FeedXML.numberedItems(5, prefix: "beta"))))
    }

    private func run(_ arguments: String...) throws -> ProcessResult {
        try movies.run(arguments, environment: ["TZ": "UTC"])
    }

    @Test("subscribe, refresh twice, list a page at a time, show marks read, star, feeds, OPML out")
    func transcript() throws {
        #expect(
            try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
                == "Subscribed 1  Alpha  (30 items)\n")
        #expect(
            try movies.succeed("news", "subscribe", server.url("/beta.xml"))
                == "Subscribed 2  Beta  (5 items)\n")
        let refresh = try run("news", "refresh")
        #expect(refresh.status == 0)
        #expect(
            refresh.stdout
                == "Refreshed 2 feeds: 2 unchanged (304), 0 fetched with nothing new, 0 failed; 0 new items.\n"
        )

        // Pages by cursor visit every item once.
        var cursor: String?
        var titles: [String] = []
        repeat {
            var arguments = ["news", "list", "--limit", "7", "--format", "tsv"]
            if let cursor { arguments += ["--after", cursor] }
            let page = try movies.run(arguments)
            #expect(page.status == 0, "\(page)")
            titles += page.stdout.split(separator: "\n").dropFirst().map {
                String($0.split(separator: "\t")[4])
            }
            cursor = page.stderr.components(separatedBy: "--after ").last.flatMap {
                page.stderr.isEmpty ? nil : $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } while cursor != nil
        #expect(titles.count == 35)
        #expect(Set(titles).count == 35)
        #expect(titles.first == "Alpha 1" || titles.first == "Beta 1")

        let table = try run("news", "list", "--limit", "3")
        #expect(table.stdout.hasPrefix("   #      PUBLISHED         FEED  SOURCE  TITLE\n"))
        #expect(table.stdout.contains("●   2023-11-14 22:12     1  Alpha   Alpha 1"))

        let shown = try movies.succeed("news", "show", "1")
        #expect(shown.hasPrefix("1  Alpha 1\n  source     in Alpha (feed 1)\n"), "\(shown)")
        #expect(shown.contains("status     read"))
        #expect(shown.contains("Summary of alpha 1"))
        #expect(try movies.succeed("news", "star", "1", "2").contains(" ★ 1  Alpha 1"))
        #expect(
            try movies.succeed("news", "list", "--starred", "--format", "csv").split(separator: "\n").count
                == 3)
        #expect(
            try movies.succeed(
                "news", "list", "--unread", "--feed", "1", "--limit", "100", "--format", "ndjson"
            ).split(separator: "\n").count == 29)

        let feeds = try movies.succeed("news", "feeds", "--format", "json")
        let decoded = try JSONSerialization.jsonObject(with: Data(feeds.utf8)) as? [[String: Any]]
        #expect(decoded?.map { $0["title"] as? String } == ["Alpha", "Beta"])
        // The machine formats carry what the table shows: the unread count beside the feed's columns.
        let unreadInTable = try DirectSQL.run(
            movies.databasePath, "SELECT count(*) FROM news_items WHERE feed_id = 1 AND read_at IS NULL")
        #expect(decoded?.first?["unread"] as? Int == Int(unreadInTable))
        #expect(decoded?.first?.keys.contains("folder") == true)

        let opml = try movies.succeed("news", "export-opml")
        #expect(opml.contains("xmlUrl=\"\(server.url("/alpha.xml"))\""))
        #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
    }

    @Test("invoked as `news` through a symlink, the news commands answer directly")
    func symlink() throws {
        let link = movies.folder.file("news")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: MoviesProcess.binary)
        try movies.succeed("news", "add", "--title", "Read later")
        let result = try ProcessRunner.run(
            link, ["list", "--format", "csv"], environment: movies.environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(",Read later,"))
    }

    @Test("hand-written items, unsubscribe keeps starred ones")
    func handWrittenAndUnsubscribe() throws {
        #expect(
            try movies.succeed(
                "news", "add", "--title", "Note", "--url", "https://x.example", "--published", "2026-01-02")
                == "Added 1  Note\n")
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        try movies.succeed("news", "star", "2")
        #expect(
            try movies.succeed("news", "unsubscribe", "1")
                == "Unsubscribed 1  Beta: 4 items removed, 1 starred item kept\n")
        let left = try movies.succeed("news", "list", "--format", "csv")
        #expect(left.split(separator: "\n").count == 3)  // header, the note, the starred item
    }

    @Test("an OPML file subscribes to its feeds; bad addresses refuse the file unless --skip-invalid")
    func opmlImport() throws {
        let good = try movies.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
            <outline text="Alpha" xmlUrl="\(server.url("/alpha.xml"))"/>
            <outline text="Folder"><outline text="Beta" xmlUrl="\(server.url("/beta.xml"))"/></outline>
            </body></opml>
            """, to: "good.opml")
        #expect(try movies.succeed("news", "import", good).hasPrefix("Subscribed to 2 feeds from"))
        #expect(try movies.succeed("news", "import", good).contains("(2 already subscribed)"))
        let bad = try movies.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="Fine" xmlUrl="https://fine.example/feed"/>
            <outline text="Local file" xmlUrl="file:///etc/passwd"/>
            <outline text="No address"/>
            <outline text="Gopher" xmlUrl="gopher://old.example/feed"/>
            </body></opml>
            """, to: "bad.opml")
        let refused = try movies.refuse(
            ["news", "import", bad], status: 65, message: "entries have no usable feed address")
        #expect(refused.stderr.contains("Local file"))
        #expect(refused.stderr.contains("Gopher"))
        #expect(try movies.succeed("news", "import", bad, "--skip-invalid").contains("Subscribed to 1 feed"))
    }

    @Test("an RSS file's items import once")
    func feedFileImport() throws {
        let file = try movies.folder.write(FeedXML.rss(items: FeedXML.numberedItems(4)), to: "saved.xml")
        #expect(try movies.succeed("news", "import", file) == "Imported 4 items from \(file)\n")
        #expect(
            try movies.succeed("news", "import", file) == "Imported 0 items from \(file) (4 already there)\n")
    }

    @Test("bad feeds and bad input are refused clearly, and change nothing")
    func refusals() throws {
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        server.set("/404.xml", .status(404))
        server.set("/500.xml", .status(500))
        server.set(
            "/page.html",
            .body("<!DOCTYPE html><html><body>Not a feed</body></html>", contentType: "text/html"))
        server.set(
            "/truncated.xml",
            .body(
                "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><item><title>cut",
                contentType: "text/xml"))
        let closed = "http://127.0.0.1:\(TestHTTPServer.closedPort())/feed.xml"

        try movies.refuse(
            ["news", "subscribe", server.url("/404.xml")], status: 1,
            message: "HTTP 404 Not Found. Nothing was stored")
        try movies.refuse(
            ["news", "subscribe", server.url("/500.xml")], status: 1,
            message: "HTTP 500 Internal Server Error")
        try movies.refuse(["news", "subscribe", server.url("/page.html")], status: 65, message: "not a feed")
        try movies.refuse(
            ["news", "subscribe", server.url("/truncated.xml")], status: 65, message: "Cannot subscribe to")
        try movies.refuse(["news", "subscribe", closed], status: 1, message: "could not connect")
        try movies.refuse(
            ["news", "subscribe", "ftp://example.org/feed"], status: 64,
            message:
                "The value 'ftp://example.org/feed' is invalid for '<url>': expected an http or https address"
        )
        try movies.refuse(
            ["news", "subscribe", server.url("/beta.xml")], status: 1, message: "Already subscribed to")
        try movies.refuse(["news", "show", "999"], status: 1, message: "No news item with id 999")
        try movies.refuse(["news", "read", "1", "999"], status: 1, message: "No news item with id 999")
        try movies.refuse(["news", "unsubscribe", "42"], status: 1, message: "No subscribed feed 42")
        try movies.refuse(
            ["news", "list", "--after", "yesterday"], status: 64,
            message: "expected a cursor printed by a previous page")
        try movies.refuse(
            ["news", "add", "--summary", "no title"], status: 64,
            message: "Give the item's --title, or its address to take the title from")
        try movies.refuse(["news", "add", "--title", "   "], status: 64, message: "The title is blank")
        try movies.refuse(
            ["news", "import", movies.folder.file("missing.opml")], status: 66, message: "no such file")
        let garbage = try movies.folder.write("this is neither OPML nor a feed", to: "garbage.xml")
        try movies.refuse(["news", "import", garbage], status: 65, message: "Cannot use ")
        try movies.refuse(
            ["news", "lst"], status: 64, message: "Unknown command 'lst'. Did you mean 'list'?")
    }

    @Test("hostile feeds: external entities, billions of laughs, 50 MB, all contained")
    func hostileFeeds() throws {
        server.set(
            "/xxe.xml",
            .body(FeedXML.externalEntityAttack, contentType: "text/xml"))
        let laughs = (1...9).map {
            "<!ENTITY lol\($0) \"" + String(repeating: "&lol\($0 - 1);", count: 10) + "\">"
        }.joined()
        server.set(
            "/laughs.xml",
            .body(
                "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY lol0 \"lol\">\(laughs)]><rss version=\"2.0\"><channel>"
                    + "<title>Laughs</title><item><guid>1</guid><title>&lol9;</title></item></channel></rss>",
                contentType: "text/xml"))
        try movies.succeed("news", "subscribe", server.url("/xxe.xml"))
        // Billions of laughs: the run ends (the expansion is never performed) and stores nothing huge.
        _ = try movies.run(["news", "subscribe", server.url("/laughs.xml")])
        let everything = try movies.succeed("news", "list", "--format", "json", "--limit", "100")
        #expect(!everything.contains("root:"))
        #expect(everything.count < 100_000)

        let huge = try TestHTTPServer { _ in
            .stream(total: 50 << 20, chunkSize: 64 << 10, declareLength: false, pause: .milliseconds(1))
        }
        defer { huge.stop() }
        try movies.refuse(
            ["news", "subscribe", huge.url("/huge.xml").absoluteString], status: 1, message: "larger than")
    }

    @Test("a refresh where every feed fails exits 1 and says why; the failure shows in `news feeds`")
    func refreshFailures() throws {
        try movies.succeed("news", "subscribe", "--no-fetch", server.url("/gone.xml"))
        let result = try run("news", "refresh")
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "Refreshed 1 feed: 0 unchanged (304), 0 fetched with nothing new, 1 failed; 0 new items.\n"
        )
        #expect(result.stderr.contains("1  \(server.url("/gone.xml")): HTTP 404 Not Found"))
        #expect(try movies.succeed("news", "feeds").contains("error: HTTP 404 Not Found"))
    }

    @Test("in the shell, `news` switches to the news list: more, refresh, show, movies")
    func shellNews() throws {
        try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
        let result = try movies.run(
            ["shell"], input: "news\nmore\nshow 1\nrefresh\nmovies\nlist\n", environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Alpha 20"))
        #expect(result.stdout.contains("Alpha 21"))  // from `more`
        #expect(result.stdout.contains("1  Alpha 1\n"))
        #expect(result.stdout.contains("0 new, 0 failed."))
        #expect(result.stdout.contains("Back to the movie list."))
    }
}
