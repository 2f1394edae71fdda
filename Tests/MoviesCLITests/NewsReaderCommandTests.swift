import FeedServer
import Feeds
import Foundation
import TestSupport
import Testing

/// Issue 15: news that reads like a feed reader, through the real `movies` against a local server:
/// the full article with numbered links and enclosures, `news open`, feeds found on a web page,
/// redirects, the feeds and list tables, and the daily moves (read many, refresh one, prune).
@Suite("movies news: reading like a feed reader", .offPool, .serialized)
struct NewsReaderCommandTests {
    let movies = MoviesProcess()
    let server: FeedServer

    /// An Atom entry with a short summary, a full content with a link and an image, and a podcast
    /// enclosure.
    static let article = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Reader Blog</title>
        <link href="https://example.org/"/><id>urn:reader</id><updated>2026-11-30T10:00:00Z</updated>
        <entry><title>Full article</title><id>urn:reader:1</id>
        <link href="https://example.org/posts/1"/>
        <link rel="enclosure" type="audio/mpeg" length="12345678" href="https://example.org/ep1.mp3"/>
        <updated>2026-11-30T10:00:00Z</updated>
        <summary>Only the short text.</summary>
        <content type="html">&lt;p&gt;First paragraph.&lt;/p&gt;&lt;p&gt;Second paragraph with
        &lt;a href="https://example.org/more"&gt;a link&lt;/a&gt;.&lt;/p&gt;&lt;img src="https://example.org/photo.jpg" alt="A photo"&gt;</content>
        </entry></feed>
        """

    init() throws {
        server = try FeedServer()
        server.set("/article.xml", .body(Self.article, contentType: "application/atom+xml"))
        server.set(
            "/alpha.xml", .feed(FeedXML.rss(title: "Alpha", items: FeedXML.numberedItems(4, prefix: "alpha")))
        )
        server.set(
            "/beta.xml", .feed(FeedXML.rss(title: "Beta", items: FeedXML.numberedItems(3, prefix: "beta"))))
    }

    private func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessResult {
        try movies.run(arguments, environment: ["TZ": "UTC"].merging(environment) { $1 })
    }

    private func sql(_ query: String) throws -> String {
        try DirectSQL.run(movies.databasePath, query)
    }

    // MARK: - The article

    @Test("news show prints the fullest text with its links numbered and listed, then the enclosures")
    func fullArticle() throws {
        #expect(
            try movies.succeed("news", "subscribe", server.url("/article.xml"))
                == "Subscribed 1  Reader Blog  (1 item)\n")
        let shown = try movies.succeed("news", "show", "1")
        #expect(shown.contains("First paragraph.\n\nSecond paragraph with a link[1]."), "\(shown)")
        #expect(shown.contains("[image 2: A photo]"), "\(shown)")
        #expect(
            shown.contains(
                "Links:\n[1]: https://example.org/more (link)\n[2]: https://example.org/photo.jpg (image)\n"),
            "\(shown)")
        #expect(
            shown.contains("Enclosures:\n  https://example.org/ep1.mp3 (audio/mpeg, 12.3 MB)\n"), "\(shown)")
        #expect(!shown.contains("Only the short text."))
        // The list and search keep the short text.
        #expect(try sql("SELECT summary FROM news_items") == "Only the short text.")
        #expect(try movies.succeed("news", "list", "--format", "tsv").contains("Only the short text."))
        // A refresh of the same document changes nothing, enclosures included.
        #expect(
            try movies.succeed("news", "refresh")
                == "Refreshed 1 feed: 1 unchanged (304), 0 fetched with nothing new, 0 failed; 0 new items.\n"
                || (try sql("SELECT count(*) FROM news_enclosures")) == "1")
        #expect(try sql("SELECT count(*) FROM news_enclosures") == "1")
    }

    // MARK: - news open

    /// A `$BROWSER` that writes each argument it gets on a line of `argv.txt`; `named` gives the program
    /// a name of its own (in a folder of its own).
    private func recordingBrowser(named name: String = "browser.sh") throws -> (
        program: String, record: String
    ) {
        let record = movies.folder.file("argv.txt")
        let folder = movies.folder.file("bin-" + name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let program = folder + "/" + name
        try ExecutableFile.write(
            "#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\"; done > '\(record)'\n", to: program)
        return (program, record)
    }

    /// What the recording browser was given, one argument a line; nil when it did not run.
    private func recorded(_ record: String) -> String? {
        defer { try? FileManager.default.removeItem(atPath: record) }
        return try? String(contentsOfFile: record, encoding: .utf8)
    }

    @Test("news open gives the link to $BROWSER as one argument, never through a shell, and marks it read")
    func openInBrowser() throws {
        let hostile = "https://example.org/a b;touch pwned$(id)'\"`x`"
        try movies.succeed("news", "add", "--title", "Odd link", "--url", hostile)
        let (browser, record) = try recordingBrowser()
        let result = try run("news", "open", "1", environment: ["BROWSER": browser + " --new-tab"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Opened 1  Odd link\n")
        #expect(recorded(record) == "--new-tab\n\(hostile)\n")
        #expect(!fileExists(movies.folder.file("pwned")))
        #expect(try sql("SELECT read_at IS NOT NULL FROM news_items WHERE id = 1") == "1")

        // In the shell's news screen too.
        try movies.succeed("news", "unread", "1")
        let shell = try movies.run(
            ["shell"], input: "news\nopen 1\nshow 1\n", environment: ["BROWSER": browser, "TZ": "UTC"])
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdout.contains("Opened 1  Odd link"))
        #expect(shell.stdout.contains("1  Odd link\n"))
        #expect(recorded(record) == "\(hostile)\n")
        #expect(try sql("SELECT read_at IS NOT NULL FROM news_items WHERE id = 1") == "1")
    }

    @Test(
        "news open refuses an item without a link, a missing item and a browser that fails; nothing changes")
    func openRefusals() throws {
        try movies.succeed("news", "add", "--title", "A note")
        try movies.succeed("news", "add", "--title", "Linked", "--url", "https://example.org/x")
        try movies.refuse(
            ["news", "open", "1"], status: 1, message: "Error: News item 1 has no link to open")
        try movies.refuse(["news", "open", "9"], status: 1, message: "Error: No news item with id 9")
        try movies.refuse(
            ["news", "open", "2"], status: 1, message: "Error: Cannot start the browser 'no-such-browser-x'",
            environment: ["BROWSER": "no-such-browser-x"])
        try movies.refuse(
            ["news", "open", "2"], status: 1, message: "Error: The browser 'false' failed with status 1",
            environment: ["BROWSER": "false"])
    }

    @Test("$BROWSER: %s and %%, browsers separated by colons tried in turn, -- for openers that take it")
    func browserConventions() throws {
        let link = "https://example.org/a?b=1%20c"
        try movies.succeed("news", "add", "--title", "Linked", "--url", link)
        let (browser, record) = try recordingBrowser()
        func open(_ value: String) throws -> ProcessResult {
            try run("news", "open", "1", environment: ["BROWSER": value])
        }
        // %s is the address, %% a %; a browser that cannot start or fails hands on to the next one.
        let substituted = try open("no-such-browser-x:false:\(browser) --flag %s --literal=100%%::")
        #expect(substituted.status == 0 && substituted.stdout == "Opened 1  Linked\n", "\(substituted)")
        #expect(recorded(record) == "--flag\n\(link)\n--literal=100%\n")
        // Without %s the address comes last; a browser known to end its options at -- gets one first.
        #expect(try open("\(browser) --new-window").status == 0)
        #expect(recorded(record) == "--new-window\n\(link)\n")
        let (chromium, _) = try recordingBrowser(named: "chromium")
        #expect(try open("\(chromium) --incognito").status == 0)
        #expect(recorded(record) == "--incognito\n--\n\(link)\n")
        // When none of them opens it, each says why; nothing is marked read.
        try movies.succeed("news", "unread", "1")
        try movies.refuse(
            ["news", "open", "1"], status: 1,
            message: "Error: No browser of $BROWSER opened the link: 'no-such-browser-x' could not be "
                + "started (No such file or directory); 'false' failed with status 1\n",
            environment: ["BROWSER": "no-such-browser-x:false"])
        #expect(recorded(record) == nil)
    }

    @Test("news open hands a browser http(s) links only: other links are stored as text, old ones refused")
    func onlyWebLinksOpen() throws {
        server.set(
            "/schemes.xml",
            .body(
                """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Schemes</title>
                <item><title>File</title><guid>1</guid><link>file:///etc/passwd</link>
                <description>A local file.</description></item>
                <item><title>Option</title><guid>2</guid><link>--gpu-launcher=xcalc:</link></item>
                <item><title>Script</title><guid>3</guid><link>javascript:alert(1)</link></item>
                <item><title>Web</title><guid>4</guid><link>https://example.org/web</link></item>
                </channel></rss>
                """, contentType: "application/rss+xml"))
        try movies.succeed("news", "subscribe", server.url("/schemes.xml"))
        #expect(
            try sql(
                "SELECT group_concat(ifnull(url, '-'), ' ') FROM (SELECT url FROM news_items ORDER BY id)")
                == "- - - https://example.org/web")
        let (browser, record) = try recordingBrowser()
        for id in 1...3 {
            try movies.refuse(
                ["news", "open", "\(id)"], status: 1, message: "Error: News item \(id) has no link to open",
                environment: ["BROWSER": browser])
        }
        #expect(recorded(record) == nil)
        // The link stays readable as text, listed with the text's own links.
        let shown = try movies.succeed("news", "show", "1")
        #expect(shown.contains("A local file.\n\nLinks:\n[1]: file:///etc/passwd (link)\n"), "\(shown)")
        #expect(!shown.contains("  link "), "\(shown)")
        #expect(
            try movies.succeed("news", "show", "2").contains("\nLinks:\n[1]: --gpu-launcher=xcalc: (link)\n"))
        // A refresh of the same document changes nothing.
        #expect(
            try movies.succeed("news", "refresh")
                == "Refreshed 1 feed: 1 unchanged (304), 0 fetched with nothing new, 0 failed; 0 new items.\n"
                || (try sql("SELECT count(*) FROM news_items")) == "4")
        #expect(try sql("SELECT count(*) FROM news_items") == "4")

        // Links an earlier version stored, whatever their scheme, are refused before any browser starts.
        for (id, link) in [
            (1, "file:///etc/passwd"), (2, "--gpu-launcher=xcalc:"), (3, "javascript:alert(1)"),
        ] {
            _ = try sql("UPDATE news_items SET url = '\(link)', read_at = NULL WHERE id = \(id)")
            try movies.refuse(
                ["news", "open", "\(id)"], status: 1,
                message:
                    "Error: News item \(id)'s link is not an http(s) address, so it is not opened: \(link)",
                environment: ["BROWSER": browser])
        }
        #expect(recorded(record) == nil)
        #expect(try run("news", "open", "4", environment: ["BROWSER": browser]).status == 0)
        #expect(recorded(record) == "https://example.org/web\n")
        // A link typed by hand is held to the same rule.
        try movies.refuse(
            ["news", "add", "--title", "Typed", "--url", "smb://attacker.example/share"], status: 64,
            message: "Error: 'smb://attacker.example/share' is not a web address")
    }

    // MARK: - Subscribing

    @Test("a site's address finds its feed; several are listed, the first taken, --all takes them all")
    func autodiscovery() throws {
        server.set(
            "/site/",
            .body(
                """
                <!DOCTYPE html><html><head><title>Site</title>
                <link rel="stylesheet" href="/style.css">
                <link rel="alternate" type="application/rss+xml" title="Alpha posts" href="/alpha.xml">
                <link rel="ALTERNATE" type="application/atom+xml" href="\(server.url("/article.xml"))">
                </head><body>Hello</body></html>
                """, contentType: "text/html; charset=utf-8"))
        server.set(
            "/one/",
            .body(
                "<html><head><link rel=alternate type=application/rss+xml href=../beta.xml></head></html>",
                contentType: "text/html"))
        server.set("/none/", .body("<html><body>No feed here</body></html>", contentType: "text/html"))

        #expect(
            try movies.succeed("news", "subscribe", server.url("/one/"))
                == "Found the feed \(server.url("/beta.xml")) on the page.\nSubscribed 1  Beta  (3 items)\n")
        #expect(
            try movies.succeed("news", "subscribe", server.url("/site/"))
                == """
                The page announces 2 feeds; took the first (--all takes them all):
                  * \(server.url("/alpha.xml"))  Alpha posts
                    \(server.url("/article.xml"))
                Subscribed 2  Alpha  (4 items)

                """)
        let all = try movies.succeed("news", "subscribe", "--all", server.url("/site/"))
        #expect(
            all.hasSuffix(
                "Subscribed 3  Reader Blog  (1 item)\n1 of the page's feeds was subscribed already.\n"))
        try movies.refuse(
            ["news", "subscribe", server.url("/site/")], status: 1,
            message: "Error: Already subscribed to \(server.url("/alpha.xml")) as feed 2")
        try movies.refuse(
            ["news", "subscribe", server.url("/none/")], status: 65,
            message: "the address is a web page, not a feed, and it announces none")
        try movies.refuse(
            ["news", "subscribe", "--all", "--no-fetch", server.url("/none/")], status: 64,
            message: "With --no-fetch nothing is fetched, so --all")
    }

    /// A web page announcing the feeds at `paths`, in order.
    private func page(announcing paths: [String]) -> FeedServer.Route {
        .body(
            "<!DOCTYPE html><html><head>"
                + paths.map { "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"\($0)\">" }
                .joined()
                + "</head><body>Site</body></html>", contentType: "text/html")
    }

    @Test("a page's feeds are tried in turn until one reads; one that fails is named, not the page")
    func failingAlternates() throws {
        server.set("/huge.xml", .large(bytes: 12 << 20))
        server.set("/tried/", page(announcing: ["/missing.xml", "/huge.xml", "/beta.xml"]))
        let missing = server.url("/missing.xml")
        let huge = server.url("/huge.xml")
        // Without --all the first two fail, are passed over and named; the third is taken.
        let taken = try run("news", "subscribe", server.url("/tried/"))
        #expect(taken.status == 0, "\(taken)")
        #expect(
            taken.stdout == """
                The page announces 3 feeds; took the first that could be read (--all takes them all):
                    \(missing)
                    \(huge)
                  * \(server.url("/beta.xml"))
                Subscribed 1  Beta  (3 items)

                """, "\(taken)")
        #expect(
            taken.stderr == "  Passed over the page's feed \(missing): HTTP 404 Not Found\n"
                + "  Passed over the page's feed \(huge): response larger than 10 MB\n"
                + "Created a new list at \(movies.databasePath)\n", "\(taken)")
        // A page whose one feed is too large names that feed, not the page.
        server.set("/big/", page(announcing: ["/huge.xml"]))
        try movies.refuse(
            ["news", "subscribe", server.url("/big/")], status: 1,
            message: "Error: Cannot subscribe to \(server.url("/big/")): the page's feed \(huge): response "
                + "larger than 10 MB. Nothing was stored")
        // With --all, each that fails is named; none subscribed is a refusal, with nothing stored.
        server.set("/bad/", page(announcing: ["/missing.xml", "/huge.xml"]))
        try movies.refuse(
            ["news", "subscribe", "--all", server.url("/bad/")], status: 1,
            message:
                "none of the page's 2 feeds could be subscribed (\(missing): HTTP 404 Not Found; \(huge): "
                + "response larger than 10 MB). Nothing was stored")
        // With --all, the others are subscribed and the failing one named.
        server.set("/some/", page(announcing: ["/alpha.xml", "/huge.xml"]))
        let some = try run("news", "subscribe", "--all", server.url("/some/"))
        #expect(some.status == 0, "\(some)")
        #expect(
            some.stdout == "The page announces 2 feeds.\nSubscribed 2  Alpha  (4 items)\n", "\(some)")
        #expect(some.stderr == "  Passed over the page's feed \(huge): response larger than 10 MB\n")
    }

    @Test("a page announcing more than 50 feeds: the first 50 are looked at, and the message says so")
    func crowdedPage() throws {
        server.set("/crowded/", page(announcing: ["/alpha.xml"] + (1...60).map { "/f\($0).xml" }))
        let result = try run("news", "subscribe", server.url("/crowded/"))
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "The page announces more than 50 feeds (only the first 50 are looked at); took the first "
                + "(--all takes them all):", "\(result)")
        #expect(lines.count == 52, "\(result)")
        #expect(lines.last == "Subscribed 1  Alpha  (4 items)")
    }

    @Test("a feed reached through a redirect is one subscription; 301 and 308 move it, 302 and 307 do not")
    func redirects() throws {
        for status in [301, 302, 307, 308] {
            server.set("/r\(status)", .redirect(status, to: "/beta.xml"))
        }
        // A temporary redirect keeps the address typed; the final feed is then known by both.
        #expect(try movies.succeed("news", "subscribe", server.url("/r302")).hasPrefix("Subscribed 1  Beta"))
        #expect(try sql("SELECT url FROM feeds") == server.url("/r302"))
        try movies.refuse(
            ["news", "subscribe", server.url("/r307")], status: 1,
            message: "Error: Already subscribed to \(server.url("/r302")) as feed 1")
        try movies.refuse(
            ["news", "subscribe", server.url("/beta.xml")], status: 1,
            message: "Error: Already subscribed to \(server.url("/r302")) as feed 1")
        try movies.succeed("news", "unsubscribe", "1")
        // A permanent one stores the new address, so the feed's own address is refused afterwards.
        #expect(try movies.succeed("news", "subscribe", server.url("/r301")).hasPrefix("Subscribed 2  Beta"))
        #expect(try sql("SELECT url FROM feeds") == server.url("/beta.xml"))
        try movies.refuse(
            ["news", "subscribe", server.url("/r308")], status: 1, message: "Error: Already subscribed to")
        try movies.refuse(
            ["news", "subscribe", server.url("/beta.xml")], status: 1, message: "Error: Already subscribed to"
        )

        // During a refresh: a feed that moves for good takes its new address; a temporary move does not.
        try movies.succeed("news", "unsubscribe", "2")
        server.set("/moving.xml", .feed(FeedXML.rss(title: "Moving", items: FeedXML.numberedItems(1))))
        server.set("/visiting.xml", .feed(FeedXML.rss(title: "Visiting", items: FeedXML.numberedItems(1))))
        try movies.succeed("news", "subscribe", server.url("/moving.xml"))
        try movies.succeed("news", "subscribe", server.url("/visiting.xml"))
        server.set("/moving.xml", .redirect(308, to: "/alpha.xml"))
        server.set("/visiting.xml", .redirect(307, to: "/alpha.xml"))
        try movies.succeed("news", "refresh")
        #expect(
            try sql("SELECT group_concat(url, ' ') FROM (SELECT url FROM feeds ORDER BY id)")
                == "\(server.url("/alpha.xml")) \(server.url("/visiting.xml"))")
    }

    @Test("re-subscribing after an unsubscribe takes back the starred item it kept, without a copy")
    func resubscribeReattaches() throws {
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        try movies.succeed("news", "star", "1")
        try movies.succeed("news", "unsubscribe", "1")
        #expect(try sql("SELECT count(*) FROM news_items") == "1")
        #expect(
            try movies.succeed("news", "subscribe", server.url("/beta.xml")).hasPrefix("Subscribed 2  Beta"))
        #expect(try sql("SELECT count(*) FROM news_items") == "3")
        #expect(
            try sql("SELECT feed_id, kept_from, starred FROM news_items WHERE guid = 'beta-1'") == "2||1")
    }

    @Test("OPML import keeps folders and titles; news list --folder filters; export-opml writes them back")
    func opmlFolders() throws {
        let file = try movies.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="Tech"><outline text="Alpha site" xmlUrl="\(server.url("/alpha.xml"))"/></outline>
            <outline text="Beta" xmlUrl="\(server.url("/beta.xml"))"/>
            </body></opml>
            """, to: "folders.opml")
        #expect(try movies.succeed("news", "import", file).hasPrefix("Subscribed to 2 feeds"))
        #expect(
            try sql("SELECT group_concat(title || '/' || coalesce(folder, '-'), ' ') FROM feeds")
                == "Alpha site/Tech Beta/-")
        try movies.succeed("news", "refresh")
        let tech = try movies.succeed("news", "list", "--folder", "Tech", "--format", "tsv")
        #expect(tech.split(separator: "\n").count == 5, "\(tech)")
        #expect(!tech.contains("Beta"))
        // A folder no feed is filed under is refused: a typo in it is not an empty folder.
        try movies.refuse(
            ["news", "list", "--folder", "Nothing"], status: 1,
            message: "Error: No feed is filed under the folder 'Nothing'")
        let exported = try movies.succeed("news", "export-opml")
        #expect(
            exported.contains(
                """
                        <outline text="Tech" title="Tech">
                            <outline type="rss" text="Alpha" title="Alpha" xmlUrl="\(server.url("/alpha.xml"))"
                """), "\(exported)")
        // The exported file imports into a fresh list with the same folders.
        let again = MoviesProcess()
        try again.succeed("news", "import", try again.folder.write(exported, to: "back.opml"))
        #expect(
            try DirectSQL.run(
                again.databasePath, "SELECT group_concat(coalesce(folder, '-'), ' ') FROM feeds")
                == "- Tech")
    }

    // MARK: - Tables

    @Test("news feeds shows each address and unread count; news list shows the feed's id and title")
    func tables() throws {
        try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        try movies.succeed("news", "read", "1", "2")
        let feeds = try movies.succeed("news", "feeds")
        #expect(feeds.contains("ADDRESS"), "\(feeds)")
        #expect(feeds.contains("UNREAD"), "\(feeds)")
        #expect(feeds.contains("Alpha  \(server.url("/alpha.xml"))       2"), "\(feeds)")
        #expect(feeds.contains("Beta   \(server.url("/beta.xml"))        3"), "\(feeds)")
        let list = try run("news", "list", "--limit", "2").stdout
        #expect(list.hasPrefix("  #      PUBLISHED         FEED  SOURCE  TITLE\n"), "\(list)")
        #expect(list.contains("2023-11-14 22:12     1  Alpha   Alpha 1\n"), "\(list)")
    }

    // MARK: - The daily moves

    @Test("news read --all, --feed and --before mark many items at once; wrong combinations are refused")
    func readMany() throws {
        try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        func unread() throws -> String {
            try sql(
                "SELECT group_concat(guid, ' ') FROM (SELECT guid FROM news_items WHERE read_at IS NULL ORDER BY id)"
            )
        }
        // Alpha n and Beta n share dates, so by (date, id) Beta 2 (id 6) comes after Alpha 2 (id 2): up to
        // it are Alpha 2 to 4 and Beta 2 and 3.
        #expect(try movies.succeed("news", "read", "--before", "6") == "Marked 5 items read.\n")
        #expect(try unread() == "alpha-1 beta-1")
        #expect(try movies.succeed("news", "read", "--feed", "2") == "Marked 1 item read.\n")
        #expect(try unread() == "alpha-1")
        #expect(try movies.succeed("news", "read", "--all") == "Marked 1 item read.\n")
        #expect(try unread() == "")
        try movies.succeed("news", "unread", "1")
        try movies.refuse(["news", "read"], status: 64, message: "Error: Say which items")
        try movies.refuse(
            ["news", "read", "1", "--all"], status: 64,
            message: "Error: Give item ids, --all, --feed or --before")
        try movies.refuse(["news", "read", "--feed", "9"], status: 1, message: "Error: No subscribed feed 9")
        try movies.refuse(
            ["news", "read", "--before", "99"], status: 1, message: "Error: No news item with id 99")
    }

    @Test("news refresh --feed fetches one feed; --timeout bounds each fetch")
    func refreshOne() throws {
        try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
        try movies.succeed("news", "subscribe", server.url("/beta.xml"))
        #expect(
            try movies.succeed("news", "refresh", "--feed", "2")
                == "Refreshed 1 feed: 1 unchanged (304), 0 fetched with nothing new, 0 failed; 0 new items.\n"
        )
        #expect(server.requestCount("/alpha.xml") == 1)
        #expect(server.requestCount("/beta.xml") == 2)
        // Held until the test ends: only the 1 s timeout can end this fetch.
        let gate = FeedGate()
        defer { gate.open() }
        server.set("/alpha.xml", .held(FeedXML.rss(items: FeedXML.numberedItems(1)), gate: gate))
        let slow = try run("news", "refresh", "--feed", server.url("/alpha.xml"), "--timeout", "1")
        #expect(slow.status == 1, "\(slow)")
        #expect(slow.stderr.contains("1  \(server.url("/alpha.xml")): "), "\(slow)")
        #expect(try sql("SELECT last_error IS NOT NULL FROM feeds WHERE id = 1") == "1")
        try movies.refuse(
            ["news", "refresh", "--feed", "7"], status: 1, message: "Error: No subscribed feed 7")
        try movies.refuse(
            ["news", "refresh", "--timeout", "0"], status: 64,
            message: "expected a whole number of seconds from 1 to 2147483")
    }

    @Test("news prune removes old read unstarred items, and a refresh does not bring them back")
    func prune() throws {
        try movies.succeed("news", "subscribe", server.url("/alpha.xml"))
        try movies.succeed("news", "read", "1", "2", "3")
        try movies.succeed("news", "star", "3")
        // Items dated November 2023: older than 90 days; the unread and the starred stay.
        #expect(
            try movies.succeed("news", "prune", "--older-than", "90d")
                == "Removed 2 read items older than 90 days.\n")
        #expect(try sql("SELECT group_concat(guid, ' ') FROM news_items") == "alpha-3 alpha-4")
        // The feed changes (a fifth item), so the refresh reads it again rather than getting a 304.
        server.set(
            "/alpha.xml", .feed(FeedXML.rss(title: "Alpha", items: FeedXML.numberedItems(5, prefix: "alpha")))
        )
        #expect(
            try movies.succeed("news", "refresh")
                == "Refreshed 1 feed: 1 with new items, 0 unchanged (304), 0 fetched with nothing new, 0 failed; 1 new item.\n"
        )
        #expect(try sql("SELECT group_concat(guid, ' ') FROM news_items") == "alpha-3 alpha-4 alpha-5")
        #expect(try sql("SELECT count(*) FROM news_pruned_items") == "2")
        #expect(
            try movies.succeed("news", "prune", "--older-than", "52w")
                == "Removed 0 read items older than 364 days.\n")
        try movies.refuse(
            ["news", "prune", "--older-than", "0d"], status: 64,
            message: "a number of days or weeks such as 90d")
        try movies.refuse(["news", "prune"], status: 64, message: "--older-than")
    }
}
