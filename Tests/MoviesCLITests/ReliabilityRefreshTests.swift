import FeedServer
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scenario: `news refresh` over many large feeds, interrupted, and racing an `unsubscribe` (issue 11,
/// points 10 and 11). Each feed is stored as it arrives, so memory follows `--jobs`, not the number of
/// feeds, and whatever arrived before a Ctrl-C stays stored.
extension Reliability {
    @Suite("Reliability: news refresh", .serialized)
    struct ReliabilityRefreshTests {
        let movies = MoviesProcess()

        /// An RSS document of about `bytes` bytes: items of 64 KB of plain text each.
        static func largeFeed(bytes: Int) -> Data {
            let text = (0..<8_000).map { "word\($0 % 977)" }.joined(separator: " ")
            var xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Large</title>\n"
            for index in 0..<max(1, bytes / text.utf8.count) {
                xml += "<item><guid>large-\(index)</guid><title>Large \(index)</title>"
                xml += "<description>\(text)</description></item>\n"
            }
            return Data((xml + "</channel></rss>\n").utf8)
        }

        /// A fresh database at `path` subscribed (with sqlite3, as a person may) to `urls`, in order.
        private func database(
            at path: String, subscribedTo urls: [String], using movies: MoviesProcess? = nil
        )
            throws
        {
            let created = try (movies ?? self.movies).run(["migrate"], environment: ["MOVIES_DB": path])
            #expect(created.status == 0, "\(created)")
            let values = urls.map { "('\($0)')" }.joined(separator: ", ")
            try DirectSQL.run(path, "INSERT INTO feeds (url) VALUES \(values)")
        }

        private func count(_ sql: String, in path: String) throws -> Int {
            Int(try DirectSQL.run(path, sql)) ?? -1
        }

        /// Before: every fetched feed stayed in memory until all were done (3 MB feeds, `--jobs 2`: 4 feeds
        /// peaked 54 MB below 12 feeds; the attack measured 340 MB for 20 feeds of 9 MB, 1.05 GB for 80).
        @Test(
            "peak memory follows --jobs, not the number of feeds",
            .enabled(if: ReliabilityScale.isSlowEnabled, "a long scenario: MOVIES_SLOW_TESTS=1"))
        func memoryFollowsJobs() async throws {
            let megabytes = ReliabilityScale.count(ci: 3, full: 9)
            let runs = ReliabilityScale.isFull ? [(4, 2), (20, 2), (80, 2), (20, 8)] : [(4, 2), (12, 2)]
            let body = Self.largeFeed(bytes: megabytes << 20)
            let itemsPerFeed = max(1, (megabytes << 20) / 64_000)
            let server = try TestHTTPServer { _ in
                .send(status: 200, headers: ["Content-Type": "application/rss+xml"], body: body)
            }
            defer { server.stop() }
            var peaks: [(feeds: Int, jobs: Int, kilobytes: Int)] = []
            for (feeds, jobs) in runs {
                let folder = TemporaryDirectory()
                let path = folder.file("movies.sqlite")
                try database(
                    at: path, subscribedTo: (0..<feeds).map { server.url("/\($0).xml").absoluteString })
                var environment = movies.environment
                environment["MOVIES_DB"] = path
                let refresh = try MeasuredProcess(
                    MoviesProcess.binary, ["news", "refresh", "--jobs", String(jobs)],
                    environment: environment)
                let ending = await refresh.finished()
                #expect(ending.result.status == 0, "\(ending)")
                #expect(ending.result.stdout.hasPrefix("Refreshed \(feeds) feeds: "), "\(ending)")
                #expect(try count("SELECT count(*) FROM news_items", in: path) >= feeds * (itemsPerFeed - 1))
                peaks.append((feeds, jobs, ending.peakKilobytes))
            }
            // At the same --jobs, the most feeds may not cost more than three feeds weigh over the fewest.
            let sameJobs = peaks.filter { $0.jobs == 2 }.map(\.kilobytes)
            let growth = (sameJobs.max() ?? 0) - (sameJobs.first ?? 0)
            #expect(growth < 3 * megabytes * 1024, "peaks: \(peaks)")
            ReliabilityScale.report(
                "news refresh of \(megabytes) MB feeds: "
                    + peaks.map {
                        "\($0.feeds) feeds with --jobs \($0.jobs) peak at \($0.kilobytes / 1024) MB"
                    }
                    .joined(separator: ", "))
        }

        /// Before: `subscribe --all` fetched every feed a page announces and held them all until it had
        /// the last (the attack measured 843 MB for 30 alternates of 9 MB; issue 21, point 7).
        @Test(
            "subscribe --all stores each of a page's feeds as it arrives: peak memory does not follow their number",
            .enabled(if: ReliabilityScale.isSlowEnabled, "a long scenario: MOVIES_SLOW_TESTS=1"))
        func subscribeAllMemory() async throws {
            let megabytes = ReliabilityScale.count(ci: 3, full: 9)
            let counts = ReliabilityScale.isFull ? [2, 30] : [2, 10]
            let body = Self.largeFeed(bytes: megabytes << 20)
            let itemsPerFeed = max(1, (megabytes << 20) / 64_000)
            let server = try TestHTTPServer { request in
                // /page/N announces /page/N/0.xml ... /page/N/(N-1).xml; every other path is a large feed.
                let parts = request.path.split(separator: "/")
                guard parts.count == 2, parts[0] == "page", let count = Int(parts[1]) else {
                    return .send(status: 200, headers: ["Content-Type": "application/rss+xml"], body: body)
                }
                let links = (0..<count).map {
                    "<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/page/\(count)/\($0).xml\">"
                }
                return .send(
                    status: 200, headers: ["Content-Type": "text/html"],
                    body: Data("<html><head>\(links.joined())</head><body>Site</body></html>".utf8))
            }
            defer { server.stop() }
            var peaks: [(feeds: Int, kilobytes: Int)] = []
            for feeds in counts {
                let fresh = MoviesProcess()
                let subscribe = try MeasuredProcess(
                    MoviesProcess.binary,
                    ["news", "subscribe", "--all", server.url("/page/\(feeds)").absoluteString],
                    environment: fresh.environment)
                let ending = await subscribe.finished()
                #expect(ending.result.status == 0, "\(ending)")
                #expect(ending.result.stdout.contains("Subscribed \(feeds)  Large"), "\(ending)")
                #expect(try count("SELECT count(*) FROM feeds", in: fresh.databasePath) == feeds)
                #expect(
                    try count("SELECT count(*) FROM news_items", in: fresh.databasePath)
                        >= feeds * (itemsPerFeed - 1))
                peaks.append((feeds, ending.peakKilobytes))
            }
            // The most feeds may not cost more than three feeds weigh over the fewest.
            let growth = (peaks.last?.kilobytes ?? 0) - (peaks.first?.kilobytes ?? 0)
            #expect(growth < 3 * megabytes * 1024, "peaks: \(peaks)")
            ReliabilityScale.report(
                "news subscribe --all of \(megabytes) MB feeds: "
                    + peaks.map { "\($0.feeds) feeds peak at \($0.kilobytes / 1024) MB" }.joined(
                        separator: ", "))
        }

        @Test(
            "SIGINT or SIGTERM mid-refresh keeps the feeds that arrived; the process ends by the signal",
            arguments: [SIGINT, SIGTERM])
        func interrupted(by signal: Int32) async throws {
            // Five feeds answer at once, three are held by the server until the test ends (the fetch
            // timeout is longer than any wait here: only a hang reaches it); `signal` once the five are
            // stored.
            let movies = MoviesProcess()
            let gate = FeedGate()
            defer { gate.open() }
            let server = try FeedServer()
            defer { server.stop() }
            let urls = (0..<8).map { index -> String in
                let xml = FeedXML.rss(
                    title: "F\(index)", items: FeedXML.numberedItems(3, prefix: "f\(index)"))
                server.set("/\(index).xml", index < 5 ? .feed(xml) : .held(xml, gate: gate))
                return server.url("/\(index).xml")
            }
            try database(at: movies.databasePath, subscribedTo: urls, using: movies)
            let refresh = try MeasuredProcess(
                MoviesProcess.binary, ["news", "refresh", "--jobs", "2", "--timeout", "600"],
                environment: movies.environment)
            // The held feeds are asked for once the first five have been fetched; those are stored by then
            // or soon after (each commit wakes the observation), while the refresh waits for the rest.
            #expect(await server.waitForRequests(to: "/5.xml"))
            let items = "SELECT count(*) FROM news_items"
            #expect(try await CommittedValue.wait(for: 15, from: items, in: movies.databasePath))
            refresh.send(signal)
            let ending = await refresh.finished()
            #expect(ending.result.signal == signal, "\(ending)")
            #expect(
                ending.result.stdout
                    == "Refreshed 5 feeds: 5 with new items, 0 unchanged (304), 0 fetched with nothing new, 0 failed; 15 new items.\n",
                "\(ending)")
            #expect(ending.result.stderr.contains("Interrupted: 3 feeds were not refreshed"), "\(ending)")
            #expect(try count(items, in: movies.databasePath) == 15)
            #expect(
                try count("SELECT count(*) FROM feeds WHERE last_error IS NOT NULL", in: movies.databasePath)
                    == 0)
            #expect(
                try count("SELECT count(*) FROM feeds WHERE last_fetched_at IS NULL", in: movies.databasePath)
                    == 3)
            #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
        }

        @Test("a feed unsubscribed while `news refresh` runs is skipped, and the refresh succeeds")
        func unsubscribedMeanwhile() async throws {
            let gate = FeedGate()
            defer { gate.open() }
            let server = try FeedServer()
            defer { server.stop() }
            let urls = (0..<5).map { index -> String in
                let xml = FeedXML.rss(
                    title: "F\(index)", items: FeedXML.numberedItems(3, prefix: "f\(index)"))
                server.set("/\(index).xml", index == 2 ? .held(xml, gate: gate) : .feed(xml))
                return server.url("/\(index).xml")
            }
            try database(at: movies.databasePath, subscribedTo: urls)
            let refresh = try MeasuredProcess(
                MoviesProcess.binary, ["news", "refresh", "--jobs", "5"], environment: movies.environment)
            #expect(await server.waitForRequests(to: "/2.xml"))
            #expect(try movies.succeed("news", "unsubscribe", "3").hasPrefix("Unsubscribed 3"))
            gate.open()
            let ending = await refresh.finished()
            #expect(ending.result.status == 0, "\(ending)")
            #expect(
                ending.result.stdout
                    == "Refreshed 5 feeds: 4 with new items, 0 unchanged (304), 0 fetched with nothing new, 0 failed, 1 skipped (unsubscribed meanwhile); 12 new items.\n",
                "\(ending)")
            #expect(
                try count(
                    "SELECT count(*) FROM feeds WHERE last_fetched_at IS NOT NULL", in: movies.databasePath)
                    == 4)
            #expect(try count("SELECT count(*) FROM news_items", in: movies.databasePath) == 12)
        }
    }
}
