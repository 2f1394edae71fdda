import Basics
import Dispatch
import FeedServer
import Feeds
import FoundationEssentials
import MoviesCore
import News
import Storage

extension Workloads {
    /// `movies news refresh` of many local feeds (a local HTTP server in this process), against the
    /// time to fetch and parse the same feeds alone, without storing.
    func newsRefresh() throws -> BenchRow {
        let feedCount = configuration.feeds
        let documents = (0..<feedCount).map { feed in
            FeedXML.rss(title: "Feed \(feed)", items: FeedXML.numberedItems(50, prefix: "feed\(feed)-item"))
        }
        let server = try TestHTTPServer { request in
            let index = Int(request.path.dropFirst().split(separator: ".").first ?? "") ?? -1
            guard documents.indices.contains(index) else { return .send(status: 404) }
            return .send(
                status: 200, headers: ["Content-Type": "application/rss+xml"],
                body: Data(documents[index].utf8))
        }
        defer { server.stop() }
        let urls = (0..<feedCount).map { server.url("/\($0).xml") }
        let path = fixtures.folder + "/news.sqlite"
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<max(1, configuration.runs / 2) {
            try fixtures.freshDatabase(at: path)
            let values = urls.map { "('\($0.absoluteString)')" }.joined(separator: ", ")
            try Processes.check(configuration.sqlite3, [path, "INSERT INTO feeds (url) VALUES \(values)"])
            ours.append(
                try Processes.check(
                    configuration.movies, ["--db", path, "news", "refresh", "--jobs", "8"],
                    environment: environment
                )
                .milliseconds)
            let requests = urls.map { FeedRequest(url: $0) }
            baseline.append(
                try Clock.median(runs: 1) {
                    let done = DispatchSemaphore(value: 0)
                    let box = ResultBox()
                    Task.detached {
                        let results = await FeedFetcher().fetchAll(requests, maxConcurrent: 8)
                        var items = 0
                        for case .success(.fetched(let body, _, _, _, _, _)) in results {
                            items += ((try? FeedParser.parse(body))?.items.count) ?? 0
                        }
                        box.set(items)
                        done.signal()
                    }
                    done.wait()
                    guard box.value == feedCount * 50 else { throw BenchError("fetched \(box.value) items") }
                })
        }
        let stored = try Processes.check(
            configuration.sqlite3, [path, "SELECT count(*) FROM news_items"], captureOutput: true)
        guard Int(stored.output.trimmingWhitespace()) == feedCount * 50 else {
            throw BenchError("news refresh stored \(stored.output) items")
        }
        return BenchRow(
            workload: "`movies news refresh` (local HTTP server)", size: "\(feedCount) feeds × 50 items",
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: nil,
            baselineName: "fetch + parse alone, in process")
    }
}

/// A value handed back from a detached task to the thread waiting for it.
final class ResultBox: Sendable {
    private let stored = Locked(0)
    func set(_ value: Int) { stored.withLock { $0 = value } }
    var value: Int { stored.current }
}
