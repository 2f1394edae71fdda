import FeedServer
import Feeds
import Foundation
import MoviesCore
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
        guard Int(stored.output.trimmingCharacters(in: .whitespacesAndNewlines)) == feedCount * 50 else {
            throw BenchError("news refresh stored \(stored.output) items")
        }
        return BenchRow(
            workload: "`movies news refresh` (local HTTP server)", size: "\(feedCount) feeds × 50 items",
            ours: Clock.median(ours), baseline: Clock.median(baseline), target: nil,
            baselineName: "fetch + parse alone, in process")
    }

    /// How long after another process commits a `movies list --watch` prints the change.
    func watchLatency() throws -> BenchRow {
        let path = try fixtures.database(rows: configuration.smallRows * 10, named: "watch.sqlite")
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: configuration.movies)
        watcher.arguments = ["--db", path, "list", "--watch", "--format", "ndjson"]
        watcher.environment = environment
        let pipe = Pipe()
        watcher.standardOutput = pipe
        watcher.standardError = FileHandle.nullDevice
        let lines = LineTimes()
        pipe.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try watcher.run()
        defer {
            watcher.interrupt()
            watcher.waitUntilExit()
            pipe.fileHandleForReading.readabilityHandler = nil
        }
        // Wait for the initial list before changing anything.
        guard lines.waitFor("\"id\":\(configuration.smallRows * 10)", timeout: 30) != nil else {
            throw BenchError("list --watch printed no list")
        }
        var samples: [Double] = []
        for sample in 0..<configuration.watchSamples {
            let title = "watched change \(sample)"
            try Processes.check(
                configuration.sqlite3, [path, "INSERT INTO movies (title) VALUES ('\(title)')"])
            let committed = DispatchTime.now().uptimeNanoseconds
            guard let seen = lines.waitFor(title, timeout: 10) else {
                throw BenchError("the change was never printed")
            }
            samples.append(Double(seen - committed) / 1_000_000)
            Thread.sleep(forTimeInterval: 0.05)
        }
        return BenchRow(
            workload: "change seen by `list --watch` in another process",
            size: "\(configuration.watchSamples) commits",
            ours: Clock.median(samples), baseline: nil, target: nil,
            baselineName: "— (target: median ≤ 100 ms)")
    }
}

/// Output lines with the time each arrived, from a pipe's readability handler.
final class LineTimes: @unchecked Sendable {
    private var text = ""
    private var arrivals: [(offset: Int, time: UInt64)] = []
    private let lock = NSLock()

    func append(_ data: Data) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            text += String(decoding: data, as: UTF8.self)
            arrivals.append((text.utf8.count, now))
        }
    }

    /// The arrival time of the first chunk whose end puts `fragment` in the text, waiting up to `timeout` s.
    func waitFor(_ fragment: String, timeout: Double) -> UInt64? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found: UInt64? = lock.withLock {
                guard let range = text.range(of: fragment) else { return nil }
                let end = text.utf8.distance(from: text.utf8.startIndex, to: range.upperBound)
                return arrivals.first { $0.offset >= end }?.time
            }
            if let found { return found }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return nil
    }
}

/// A value handed back from a detached task to the thread waiting for it.
final class ResultBox: @unchecked Sendable {
    private var stored = 0
    private let lock = NSLock()
    func set(_ value: Int) { lock.withLock { stored = value } }
    var value: Int { lock.withLock { stored } }
}
