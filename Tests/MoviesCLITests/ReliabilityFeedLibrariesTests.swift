import FeedServer
import Foundation
import TestSupport
import Testing

/// Scenario: the news commands on a machine where libcurl or libxml2 is missing, broken or too old
/// (issue 21, points 12 and 16). `movies` loads both with `dlopen` when it first needs them, so such a
/// machine runs every other command; the news commands that need them say so (exit 1, as for libzip)
/// before any feed is touched, never "bad data" (65) and never a fetch recorded on every feed.
extension Reliability {
    @Suite("Reliability: news without its libraries", .serialized)
    struct ReliabilityFeedLibrariesTests {
        let movies = MoviesProcess()

        /// A folder for `LD_LIBRARY_PATH` holding an empty file under each of `names`: the dynamic loader
        /// finds them first and refuses them ("file too short"), as a broken installation would.
        private func brokenLibraries(_ names: [String]) throws -> String {
            let folder = movies.folder.file("broken-" + (names.first ?? "lib"))
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in names {
                _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
            }
            return folder
        }

        /// Every name libcurl and libxml2 are looked for under (see the loaders).
        static let curlNames = ["libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"]
        static let xmlNames = ["libxml2.so.2", "libxml2.so"]

        private func feedsRow() throws -> String {
            try SQLiteShell.run(
                movies.databasePath,
                "SELECT ifnull(last_fetched_at, '-') || '|' || ifnull(last_error, '-') FROM feeds")
        }

        @Test("without a usable libcurl: refresh and subscribe exit 1 before any feed is touched")
        func withoutLibcurl() throws {
            let server = try FeedServer()
            defer { server.stop() }
            server.set("/feed.xml", .feed(FeedXML.rss(title: "Feed", items: FeedXML.numberedItems(2))))
            try movies.succeed("news", "subscribe", "--no-fetch", server.url("/feed.xml"))
            let environment = ["LD_LIBRARY_PATH": try brokenLibraries(Self.curlNames)]
            let message = "Error: Cannot fetch feeds: libcurl.so.4 could not be loaded ("
            for arguments in [
                ["news", "refresh"], ["news", "subscribe", server.url("/other.xml")],
                ["news", "subscribe", "--all", server.url("/site/")],
            ] {
                let result = try movies.refuse(
                    arguments, status: 1, message: message, environment: environment)
                #expect(result.stderr.contains("apt-get install libcurl4"), "\(result)")
            }
            // Nothing was fetched, and nothing was recorded on the feed.
            #expect(server.requestCount("/feed.xml") == 0)
            #expect(try feedsRow() == "-|-")
            // Subscribing without fetching needs no libcurl.
            let recorded = try movies.run(
                ["news", "subscribe", "--no-fetch", server.url("/later.xml")], environment: environment)
            #expect(recorded.status == 0, "\(recorded)")
        }

        @Test("without a usable libxml2: refresh, subscribe and import exit 1, not 65, and change nothing")
        func withoutLibxml2() throws {
            let server = try FeedServer()
            defer { server.stop() }
            server.set("/feed.xml", .feed(FeedXML.rss(title: "Feed", items: FeedXML.numberedItems(2))))
            try movies.succeed("news", "subscribe", "--no-fetch", server.url("/feed.xml"))
            let opml = try movies.folder.write(
                "<?xml version=\"1.0\"?><opml version=\"2.0\"><body><outline xmlUrl=\"https://a.example/f\"/>"
                    + "</body></opml>", to: "list.opml")
            let rss = try movies.folder.write(
                FeedXML.rss(title: "File", items: FeedXML.numberedItems(1)), to: "items.xml")
            let environment = ["LD_LIBRARY_PATH": try brokenLibraries(Self.xmlNames)]
            let message = "Error: Cannot read XML: libxml2.so.2 could not be loaded ("
            for arguments in [
                ["news", "refresh"], ["news", "subscribe", server.url("/feed.xml")],
                ["news", "import", opml], ["news", "import", rss],
            ] {
                let result = try movies.refuse(
                    arguments, status: 1, message: message, environment: environment)
                #expect(result.stderr.contains("apt-get install libxml2"), "\(result)")
            }
            #expect(server.requestCount("/feed.xml") == 0)
            #expect(try feedsRow() == "-|-")
            // A JSON Feed file needs no libxml2: its HTML is then shown as text.
            let json = try movies.folder.write(
                #"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": "#
                    + #"[{"id": "1", "title": "Plain", "content_html": "<p>text</p>"}]}"#, to: "feed.json")
            let imported = try movies.run(["news", "import", json], environment: environment)
            #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 1 item"), "\(imported)")
        }

        /// A C compiler to build a stand-in libxml2 with, when there is one.
        static let compiler = ProcessRunner.which("cc") ?? ProcessRunner.which("clang")

        @Test(
            "a libxml2 older than 2.9 is named in the notation packages use: libxml2 2.8.0 is too old",
            .enabled(if: compiler != nil, "building a stand-in libxml2 needs cc or clang"))
        func libxml2TooOld() throws {
            // Every function the loader resolves, and the version libxml2 2.8.0 announces.
            let functions = [
                "xmlInitParser", "xmlSetExternalEntityLoader", "xmlSetGenericErrorFunc",
                "xmlCreateIOParserCtxt",
                "xmlCtxtUseOptions", "xmlParseDocument", "xmlFreeParserCtxt", "xmlFreeDoc", "htmlReadIO",
                "htmlEntityLookup",
            ]
            let source = try movies.folder.write(
                functions.map { "void *\($0)(void) { return 0; }\n" }.joined()
                    + "const char *xmlParserVersion = \"20800\";\n", to: "old-libxml2.c")
            let folder = movies.folder.file("old-libxml2")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let built = try ProcessRunner.run(
                try #require(Self.compiler), ["-shared", "-fPIC", "-o", folder + "/libxml2.so.2", source])
            try #require(built.status == 0, "\(built)")
            let file = try movies.folder.write(
                FeedXML.rss(title: "File", items: FeedXML.numberedItems(1)), to: "items.xml")
            try movies.succeed("migrate")
            let refused = try movies.refuse(
                ["news", "import", file], status: 1,
                message: "Error: Cannot read XML: libxml2.so.2 could not be loaded (libxml2 2.8.0 is too old "
                    + "(2.9.0 or newer is needed)); install it", environment: ["LD_LIBRARY_PATH": folder])
            #expect(!refused.stderr.contains("20800"), "\(refused)")
        }
    }
}
