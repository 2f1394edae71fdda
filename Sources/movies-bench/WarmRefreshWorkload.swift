import FeedServer
import FoundationEssentials

extension Workloads {
    /// A warm `movies news refresh` (every feed answers 304 Not Modified) against newsboat's
    /// `newsboat -x reload` of the same feeds, both with 8 fetches at a time (`--jobs 8`, newsboat's
    /// `reload-threads 8`), each from its own local server so each side's requests can be counted.
    ///
    /// Both have read every feed once before the timed runs, untimed; a timed run then costs what a
    /// reader pays to learn nothing changed: start, ask every server conditionally, store the answers.
    /// The servers listen with a backlog of 128 (not Python's 5, which left parallel connections
    /// waiting for TCP retries, a second each).
    func warmNewsRefresh() throws -> BenchRow {
        guard let newsboat = Processes.which("newsboat") else {
            throw BenchError("the newsboat command is needed (apt-get install newsboat)")
        }
        let feedCount = configuration.feeds
        let ours = try Self.conditionalFeedServer(feeds: feedCount)
        let theirs = try Self.conditionalFeedServer(feeds: feedCount)
        defer {
            ours.stop()
            theirs.stop()
        }
        let path = fixtures.folder + "/warm-news.sqlite"
        try fixtures.freshDatabase(at: path)
        let values = (0..<feedCount).map { "('\(ours.url("/\($0).xml").absoluteString)')" }
        try Processes.check(
            configuration.sqlite3, [path, "INSERT INTO feeds (url) VALUES \(values.joined(separator: ", "))"])
        let refresh = ["--db", path, "news", "refresh", "--jobs", "8"]

        let newsboatFolder = fixtures.folder + "/newsboat"
        try FileManager.default.createDirectory(atPath: newsboatFolder, withIntermediateDirectories: true)
        let urls = (0..<feedCount).map { theirs.url("/\($0).xml").absoluteString + "\n" }.joined()
        try Data(urls.utf8).write(to: URL(fileURLWithPath: newsboatFolder + "/urls"))
        try Data("reload-threads 8\n".utf8).write(to: URL(fileURLWithPath: newsboatFolder + "/config"))
        let reload = [
            "-u", newsboatFolder + "/urls", "-c", newsboatFolder + "/cache.db", "-C",
            newsboatFolder + "/config",
            "-x", "reload",
        ]
        var newsboatEnvironment = environment
        newsboatEnvironment["HOME"] = newsboatFolder

        // The cold reads, untimed: each side stores the feeds and their ETags. Twice: newsboat 2.21's
        // first reload after a cold one still asks without If-None-Match.
        for _ in 0..<2 {
            try Processes.check(configuration.movies, refresh, environment: environment)
            try Processes.check(newsboat, reload, environment: newsboatEnvironment)
        }
        let coldRequests = (ours.observed.requests.count, theirs.observed.requests.count)

        var oursTimes: [Double] = []
        var theirsTimes: [Double] = []
        let runs = max(1, configuration.runs)
        for _ in 0..<runs {
            oursTimes.append(
                try Processes.check(configuration.movies, refresh, environment: environment).milliseconds)
            theirsTimes.append(
                try Processes.check(newsboat, reload, environment: newsboatEnvironment).milliseconds)
        }
        // Every warm request of movies was conditional and answered 304; newsboat's are counted and
        // said, since a baseline that fetched whole feeds again would not be doing the same work.
        let warmOurs = ours.observed.requests.dropFirst(coldRequests.0)
        let warmTheirs = theirs.observed.requests.dropFirst(coldRequests.1)
        guard warmOurs.count == runs * feedCount, warmOurs.allSatisfy({ $0.headers["if-none-match"] != nil })
        else {
            throw BenchError("movies made \(warmOurs.count) warm requests, not all conditional")
        }
        let conditional = warmTheirs.filter { $0.headers["if-none-match"] != nil }.count
        StandardStreams.error(
            "  newsboat: \(warmTheirs.count) warm requests, \(conditional) of them conditional\n")
        return BenchRow(
            workload: "warm `movies news refresh` (every feed 304)", size: "\(feedCount) feeds",
            ours: Clock.median(oursTimes), baseline: Clock.median(theirsTimes), target: 0.5,
            baselineName: "`newsboat -x reload`, same feeds, 8 at a time")
    }

    /// A server of `feeds` RSS documents (`/0.xml`, …) of 50 items, each with an ETag, answering a
    /// request that names it with 304.
    private static func conditionalFeedServer(feeds: Int) throws -> TestHTTPServer {
        let documents = (0..<feeds).map { feed in
            Data(
                FeedXML.rss(title: "Feed \(feed)", items: FeedXML.numberedItems(50, prefix: "f\(feed)-")).utf8
            )
        }
        return try TestHTTPServer { request in
            let index = Int(request.path.dropFirst().split(separator: ".").first ?? "") ?? -1
            guard documents.indices.contains(index) else { return .send(status: 404) }
            let etag = "\"feed-\(index)\""
            if request.headers["if-none-match"] == etag { return .send(status: 304) }
            return .send(
                status: 200, headers: ["Content-Type": "application/rss+xml", "ETag": etag],
                body: documents[index])
        }
    }
}
