import FeedServer
import Foundation
import TestSupport
import Testing

/// Issue 25 through the real `movies` against a local server: a broken feed recovered and said so,
/// undated items counted, refresh counts that account for every feed, authors apart from feeds, OPML
/// as readers write it, a feed file imported into its subscription, and ignore rules.
@Suite("movies news: feeds as sites publish them", .offPool, .serialized)
struct NewsRealFeedsCommandTests {
    let movies = MoviesProcess()
    let server: FeedServer

    /// The Typepad feed of the parser's tests (FeedsTests/Fixtures/shapes), read from the source tree.
    static let typepad: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FeedsTests/Fixtures/shapes/typepad-unclosed-img.xml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Runs a command that must succeed with `environment` added; its standard output.
    private func succeed(_ arguments: String..., environment: [String: String]) throws -> String {
        let result = try movies.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result)")
        return result.stdout
    }

    static let forum = """
        <rss version="2.0"><channel><title>Forum</title><link>https://forum.example.cn/</link>
        <item><title>Slash date</title><guid>1</guid><pubDate>2020/1/10 14:03:00</pubDate></item>
        <item><title>No date it can read</title><guid>2</guid><pubDate>前天</pubDate></item>
        <item><title>Podcast</title><guid>3</guid><author>host@example.cn (The Host)</author>
        <enclosure url="https://forum.example.cn/ep3.mp3" type="audio/mpeg" length="1000"/></item>
        </channel></rss>
        """

    init() throws {
        server = try FeedServer()
        server.set("/typepad.xml", .body(Self.typepad, contentType: "application/atom+xml"))
        server.set("/forum.xml", .feed(Self.forum))
    }

    private func sql(_ query: String) throws -> String {
        try DirectSQL.run(movies.databasePath, query)
    }

    @Test(
        "a broken Typepad feed is recovered with its ten items, and news feeds says so; undated items are counted"
    )
    func recoveredAndUndated() throws {
        #expect(
            try movies.succeed("news", "subscribe", server.url("/typepad.xml"))
                == "Subscribed 1  Film Comment Weekly  (10 items)\n")
        #expect(
            try movies.succeed("news", "subscribe", server.url("/forum.xml"))
                == "Subscribed 2  Forum  (3 items)\n")
        let feeds = try movies.succeed("news", "feeds", "--format", "tsv")
        #expect(feeds.contains("\tmalformed XML at line 50: "), "\(feeds)")
        #expect(try sql("SELECT undated_items FROM feeds ORDER BY id") == "0\n1")
        #expect(try sql("SELECT recovered_from IS NULL FROM feeds ORDER BY id") == "0\n1")
        let table = try succeed("news", "feeds", environment: ["COLUMNS": "400"])
        #expect(table.contains("ok (recovered: malformed XML at line 50"), "\(table)")
        #expect(table.contains("ok (1 undated)"), "\(table)")
        #expect(
            try sql("SELECT published_at FROM news_items WHERE title = 'Slash date'")
                == "2020-01-10T14:03:00.000Z")
    }

    @Test("refresh accounts for every feed apart from items")
    func refreshCounts() throws {
        try movies.succeed("news", "subscribe", server.url("/typepad.xml"))
        try movies.succeed("news", "subscribe", server.url("/forum.xml"))
        try movies.succeed("news", "subscribe", "--no-fetch", server.url("/missing.xml"))
        // The forum answers 304 (ETag); the Typepad page has no validator, so it is fetched again with
        // nothing new; the missing feed fails.
        let result = try movies.run(["news", "refresh"])
        #expect(
            result.stdout
                == "Refreshed 3 feeds: 1 unchanged (304), 1 fetched with nothing new, 1 failed; 0 new items.\n",
            "\(result)")
    }

    @Test("an item's author and its feed are two fields: news show, the table and JSON agree")
    func authorApartFromFeed() throws {
        try movies.succeed("news", "subscribe", server.url("/typepad.xml"))
        try movies.succeed("news", "subscribe", server.url("/forum.xml"))
        let shown = try movies.succeed("news", "show", "1")
        #expect(shown.contains("  source     by Jane Critic in Film Comment Weekly (feed 1)\n"), "\(shown)")
        let untitled = try movies.succeed("news", "show", "11")
        #expect(untitled.contains("  source     in Forum (feed 2)\n"), "\(untitled)")
        let json = try movies.succeed("news", "list", "--feed", "2", "--format", "json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let podcast = try #require(rows.first { $0["title"] as? String == "Podcast" })
        #expect(podcast["feed_title"] as? String == "Forum")
        #expect(podcast["author"] as? String == "The Host")
        #expect(podcast["enclosures"] as? [String] == ["https://forum.example.cn/ep3.mp3"])
        #expect(podcast["source"] == nil)
        let undated = try #require(rows.first { $0["title"] as? String == "Slash date" })
        #expect(undated["author"] is NSNull)
        let table = try succeed("news", "list", "--feed", "2", environment: ["COLUMNS": "200"])
        let row = table.split(separator: "\n").first { $0.hasSuffix("Podcast") }
        #expect(row?.contains("  Forum  ") == true, "\(table)")
        #expect(try movies.succeed("news", "show", "--help").contains("--format <format>"))
    }

    @Test("unsubscribe says how many items went and how many starred ones were kept")
    func unsubscribeCounts() throws {
        try movies.succeed("news", "subscribe", server.url("/forum.xml"))
        try movies.succeed("news", "star", "1")
        #expect(
            try movies.succeed("news", "unsubscribe", "1")
                == "Unsubscribed 1  Forum: 2 items removed, 1 starred item kept\n")
    }

    @Test("OPML as readers write it: text over title, feedUrl, addresses without a scheme, folders moved")
    func opmlAsWritten() throws {
        try movies.succeed("news", "subscribe", "--no-fetch", "https://example.org/already.xml")
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="Journalism" title="jounalism">
              <outline text="Books" type="rss" xmlUrl="www.theguardian.com/books/rss"/>
              <outline text="Exported" type="rss" feedUrl="https://exporter.example.net/feed"/>
              <outline text="Already" type="rss" xmlUrl="https://example.org/already.xml"/>
            </outline></body></opml>
            """
        let file = URL(fileURLWithPath: movies.folder.file("subs.opml"))
        try opml.write(to: file, atomically: true, encoding: .utf8)
        let imported = try movies.succeed("news", "import", file.path)
        #expect(
            imported.hasPrefix(
                "Subscribed to 2 feeds from \(file.path) (1 already subscribed, 1 of them moved into its folders)"
            ),
            "\(imported)")
        #expect(
            try sql("SELECT url || ' ' || coalesce(folder, '-') FROM feeds ORDER BY id")
                == """
                https://example.org/already.xml Journalism
                https://www.theguardian.com/books/rss Journalism
                https://exporter.example.net/feed Journalism
                """)
        try movies.refuse(
            ["news", "list", "--folder", "jounalism"], status: 1,
            message: "Error: No feed is filed under the folder 'jounalism'")
    }

    @Test("news subscribe takes an address without a scheme, https first, then http")
    func subscribeWithoutScheme() throws {
        let address = server.url("/forum.xml").replacingOccurrences(of: "http://", with: "")
        #expect(try movies.succeed("news", "subscribe", address) == "Subscribed 1  Forum  (3 items)\n")
        #expect(try sql("SELECT url FROM feeds") == server.url("/forum.xml"))
    }

    @Test("a feed file imported by hand goes into its subscription, not a second loose copy")
    func importIntoSubscription() throws {
        try movies.succeed("news", "subscribe", server.url("/forum.xml"))
        let saved = Self.forum.replacingOccurrences(
            of: "</channel>",
            with: "<item><title>Saved later</title><guid>4</guid></item></channel>")
        let file = URL(fileURLWithPath: movies.folder.file("forum.xml"))
        try saved.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try movies.succeed("news", "import", file.path)
                == "Imported 1 item from \(file.path) into feed 1 (Forum) (3 already there)\n")
        #expect(try sql("SELECT count(*) FROM news_items WHERE feed_id IS NULL") == "0")
        #expect(try sql("SELECT count(*) FROM news_items WHERE feed_id = 1") == "4")
    }
}

/// `news download` against a local server that serves ranges (issue 25, point 5): resumable, capped,
/// never overwriting.
@Suite("movies news download", .offPool, .serialized)
struct NewsDownloadCommandTests {
    let movies = MoviesProcess()
    let server: FeedServer
    /// 300 KB of an "episode", bytes that say where they are.
    static let episode = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 256) })

    init() throws {
        server = try FeedServer()
        server.set(
            "/cast.xml",
            .feed(
                """
                <rss version="2.0"><channel><title>Cast</title>
                <item><title>Episode 1</title><guid>ep1</guid>
                <enclosure url="\(server.url("/media/ep%201.mp3"))" type="audio/mpeg" length="300000"/></item>
                <item><title>No audio</title><guid>ep0</guid></item>
                </channel></rss>
                """))
    }

    private var folder: String { movies.folder.file("downloads") }

    @Test("a download cut off is resumed with a Range request, and the file appears only when complete")
    func resumes() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        server.set("/media/ep%201.mp3", .file(Self.episode, contentType: "audio/mpeg", cutAt: 100_000))
        try movies.succeed("news", "subscribe", server.url("/cast.xml"))
        let first = try movies.run(["news", "download", "1", "--to", folder])
        #expect(first.status == 1, "\(first)")
        #expect(first.stderr.contains("100000 bytes are kept: run the command again to resume"), "\(first)")
        #expect(!fileExists(folder + "/ep 1.mp3"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/.ep 1.mp3.part"))
                == Self.episode.prefix(100_000))
        let second = try movies.run(["news", "download", "1", "--to", folder])
        #expect(second.status == 0, "\(second)")
        #expect(
            second.stdout == "Downloaded \(folder)/ep 1.mp3 (300.0 kB, resumed after 100.0 kB)\n", "\(second)"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/ep 1.mp3")) == Self.episode)
        #expect(!fileExists(folder + "/.ep 1.mp3.part"))
        let ranges = server.http.observed.requests.compactMap { $0.headers["range"] }
        #expect(ranges == ["bytes=100000-"])
        // Never overwritten: a second download of the same file is refused and the file is as it was.
        let again = try movies.run(["news", "download", "1", "--to", folder])
        #expect(again.status == 1)
        #expect(
            again.stderr.hasPrefix("Error: \(folder)/ep 1.mp3 exists already; it is never overwritten"),
            "\(again)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/ep 1.mp3")) == Self.episode)
    }

    @Test("a file over --max-size is refused before a byte is written; an item without enclosure says so")
    func refusals() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        server.set("/media/ep%201.mp3", .file(Self.episode, contentType: "audio/mpeg"))
        try movies.succeed("news", "subscribe", server.url("/cast.xml"))
        try movies.refuse(
            ["news", "download", "1", "--to", folder, "--max-size", "0"], status: 64,
            message: "Error: The value '0' is invalid for '--max-size <megabytes>'")
        let tiny = Data(count: 1_500_000)
        server.set("/media/ep%201.mp3", .file(tiny, contentType: "audio/mpeg"))
        let over = try movies.run(["news", "download", "1", "--to", folder, "--max-size", "1"])
        #expect(over.status == 1, "\(over)")
        #expect(
            over.stderr.contains("larger than the limit of 1000000 bytes (--max-size); nothing was kept"),
            "\(over)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("part") }.isEmpty
        )
        let none = try movies.run(["news", "download", "2", "--to", folder])
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("Error: News item 2 has no enclosure to download"), "\(none)")
        let missing = try movies.run(["news", "download", "1", "--to", folder + "/nope"])
        #expect(missing.stderr.contains("does not exist"), "\(missing)")
    }
}

/// Progress at a terminal (issue 25, point 5): `news refresh`, `news download` and `backup` draw it on
/// stderr when it is a terminal, and print nothing of it into a pipe.
@Suite("movies news: progress at a terminal", .offPool, .serialized)
struct NewsProgressTests {
    let movies = MoviesProcess()
    let server: FeedServer

    init() throws {
        server = try FeedServer()
        server.set("/a.xml", .feed(FeedXML.rss(title: "A", items: FeedXML.numberedItems(2, prefix: "a"))))
        server.set("/b.xml", .feed(FeedXML.rss(title: "B", items: FeedXML.numberedItems(2, prefix: "b"))))
        server.set(
            "/cast.xml",
            .feed(
                """
                <rss version="2.0"><channel><title>Cast</title><item><title>E</title><guid>e</guid>
                <enclosure url="\(server.url("/e.mp3"))" type="audio/mpeg"/></item></channel></rss>
                """))
        server.set("/e.mp3", .file(Data(count: 250_000), contentType: "audio/mpeg"))
    }

    private func atTerminal(_ arguments: String...) throws -> (status: Int32?, output: String) {
        let terminal = try PseudoTerminalProcess(
            MoviesProcess.binary, arguments, environment: movies.environment,
            currentDirectory: movies.folder.file(""))
        let status = terminal.waitForExit()
        return (status, terminal.output)
    }

    @Test("refresh, download and backup show progress at a terminal, and none in a pipe")
    func progress() throws {
        for path in ["/a.xml", "/b.xml", "/cast.xml"] {
            try movies.succeed("news", "subscribe", "--no-fetch", server.url(path))
        }
        let refresh = try atTerminal("news", "refresh")
        #expect(refresh.status == 0)
        #expect(refresh.output.contains("Refreshing feeds: 3/3"), "\(refresh.output)")
        let episode = try DirectSQL.run(movies.databasePath, "SELECT id FROM news_items WHERE guid = 'e'")
        let download = try atTerminal("news", "download", episode)
        #expect(download.status == 0, "\(download.output)")
        #expect(download.output.contains("Downloading e.mp3: 250.0 kB of 250.0 kB"), "\(download.output)")
        let backup = try atTerminal("backup", movies.folder.file("copy.sqlite"))
        #expect(backup.status == 0, "\(backup.output)")
        #expect(backup.output.contains("Backing up"), "\(backup.output)")
        // In pipes: the results, no progress.
        let piped = try movies.run(["news", "refresh"])
        #expect(!piped.stderr.contains("Refreshing") && !piped.stdout.contains("Refreshing"), "\(piped)")
        try FileManager.default.removeItem(atPath: movies.folder.file("e.mp3"))
        let pipedDownload = try movies.run(
            ["news", "download", episode, "--to", movies.folder.file("")])
        #expect(pipedDownload.status == 0, "\(pipedDownload)")
        #expect(!pipedDownload.stderr.contains("Downloading"), "\(pipedDownload)")
    }
}
