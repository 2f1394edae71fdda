import Basics
import FeedServer
import Foundation
import News
import TestSupport
import Testing

/// The load the backup and replication scenarios run under: 4 `movies` processes adding, editing and
/// removing movies, one at a time each, and one refreshing news from a local feed server whose feeds grow
/// between refreshes. Each writer's operations are deterministic, so any consistent copy of the file
/// holds, for each writer, exactly the state after some number of its operations (`WriterLog`).
final class ReliabilityLoad: Sendable {
    static let writers = 4
    static let feeds = 3

    private let movies: MoviesProcess
    private let server: FeedServer
    private let stopping = Locked(false)
    private let logs: [Locked<WriterLog>]
    private let refreshes = Locked(0)
    private let failures = Locked<[String]>([])
    private let done = DispatchGroup()
    /// Operations and refreshes completed, and whether one failed: what `waitUntil` waits on.
    private let progress = Waitable(Progress())

    private struct Progress: Sendable {
        var operations = 0
        var refreshes = 0
        var failed = false
    }

    /// Subscribes to the feeds, then starts the writers and the refresher.
    init(movies: MoviesProcess) throws {
        self.movies = movies
        server = try FeedServer()
        for feed in 0..<Self.feeds {
            server.set("/feed\(feed).xml", .feed(Self.feed(feed, round: 0)))
            try movies.succeed("news", "subscribe", server.url("/feed\(feed).xml"))
        }
        logs = (0..<Self.writers).map { Locked(WriterLog(writer: $0)) }
        for writer in 0..<Self.writers { start { self.write(as: writer) } }
        start { self.refresh() }
    }

    deinit {
        stopping.withLock { $0 = true }
        server.stop()
    }

    /// Stops every process after its current command, waits for them, and returns what failed.
    func stop() async -> [String] {
        stopping.withLock { $0 = true }
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
        return failures.current
    }

    /// Movie operations completed so far, over all writers.
    var operations: Int { logs.reduce(0) { $0 + $1.current.completed } }

    /// Waits until at least `operations` movie operations and `refreshes` refreshes have completed; false
    /// when a process failed first. Each step is woken by the next completed command; only a load that
    /// makes no progress for the hang limit ends the wait.
    func waitUntil(operations: Int, refreshes: Int = 0) async -> Bool {
        var last = progress.current
        while last.operations < operations || last.refreshes < refreshes {
            guard !last.failed,
                let next = await progress.wait(until: { [last] now in
                    now.failed || now.operations > last.operations || now.refreshes > last.refreshes
                })
            else { return false }
            last = next
        }
        return true
    }

    /// Waits for the next movie operation after `count` have completed, and returns the count then; nil
    /// when a process failed, or the waiting task was cancelled.
    func nextOperation(after count: Int) async -> Int? {
        await progress.wait { $0.failed || $0.operations > count }.flatMap { $0.failed ? nil : $0.operations }
    }

    /// `news refresh` runs completed so far.
    var refreshCount: Int { refreshes.current }

    /// The writers' logs.
    var writerLogs: [WriterLog] { logs.map(\.current) }

    private func start(_ body: @escaping @Sendable () -> Void) {
        done.enter()
        Thread {
            body()
            self.done.leave()
        }.start()
    }

    private func write(as writer: Int) {
        while !stopping.current {
            let arguments = logs[writer].current.nextArguments()
            do {
                let result = try movies.run(arguments)
                guard result.status == 0, !result.crashed else {
                    fail("\(arguments): \(result)")
                    return
                }
                logs[writer].withLock { $0.record(output: result.stdout) }
                progress.update { $0.operations += 1 }
            } catch {
                fail("\(arguments): \(error)")
                return
            }
        }
    }

    private func refresh() {
        var round = 0
        while !stopping.current {
            round += 1
            for feed in 0..<Self.feeds {
                server.set("/feed\(feed).xml", .feed(Self.feed(feed, round: round)))
            }
            do {
                let result = try movies.run(["news", "refresh"])
                guard result.status == 0, !result.crashed else {
                    fail("news refresh: \(result)")
                    return
                }
                refreshes.withLock { $0 += 1 }
                progress.update { $0.refreshes += 1 }
            } catch {
                fail("news refresh: \(error)")
                return
            }
        }
    }

    private func fail(_ failure: String) {
        failures.withLock { $0.append(failure) }
        progress.update { $0.failed = true }
    }

    /// Feed `feed` at `round`: 5 items more each round.
    private static func feed(_ feed: Int, round: Int) -> String {
        FeedXML.rss(title: "Feed \(feed)", items: FeedXML.numberedItems(5 + 5 * round, prefix: "feed\(feed)"))
    }
}

/// One writer's operations: in each group of four, add `w<writer> n<k>a` and `w<writer> n<k>b` (poor), edit
/// the first (good, with a note), remove the second. Records the ids `movies add` printed.
struct WriterLog: Sendable {
    let writer: Int
    /// Operations completed.
    private(set) var completed = 0
    /// The ids of the movies added, by operation number.
    private var ids: [Int: Int] = [:]

    init(writer: Int) {
        self.writer = writer
    }

    private func title(_ operation: Int) -> String {
        "w\(writer) n\(operation / 4)\(operation % 4 == 0 ? "a" : "b")"
    }

    /// The command line of the next operation.
    func nextArguments() -> [String] {
        let operation = completed
        switch operation % 4 {
        case 0, 1: return ["add", title(operation), "--rating", "poor"]
        case 2: return ["edit", "\(ids[operation - 2] ?? 0)", "--rating", "good", "--note", "edited"]
        default: return ["rm", "\(ids[operation - 2] ?? 0)"]
        }
    }

    /// Notes that the next operation completed, with what it printed (`Added 12 ...`).
    mutating func record(output: String) {
        if completed % 4 < 2,
            let id = output.split(separator: " ").dropFirst().first?.prefix(while: \.isNumber)
        {
            ids[completed] = Int(id)
        }
        completed += 1
    }

    /// This writer's movies after its first `count` operations: title → `rating|note`.
    func state(after count: Int) -> [String: String] {
        var state: [String: String] = [:]
        for operation in 0..<count {
            switch operation % 4 {
            case 0, 1: state[title(operation)] = "poor|"
            case 2: state[title(operation - 2)] = "good|edited"
            default: state[title(operation - 2)] = nil
            }
        }
        return state
    }

    /// How many of this writer's operations the state `observed` shows, or nil when it is no state this
    /// writer's operations ever led to (a torn copy).
    func operations(in observed: [String: String]) -> Int? {
        (0...completed).first { state(after: $0) == observed }
    }
}

/// Reading a copy of the database the load ran on.
enum LoadCheck {
    /// Each writer's movies in the database at `path`, as `WriterLog.state` spells them.
    static func writerStates(in path: String) throws -> [[String: String]] {
        let rows = try DirectSQL.run(
            path,
            "SELECT title, rating, coalesce(note, '') FROM movies WHERE title GLOB 'w[0-9]* n*' ORDER BY id")
        var states = Array(repeating: [String: String](), count: ReliabilityLoad.writers)
        for line in rows.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let writer = Int(fields[0].dropFirst().prefix(while: \.isNumber)),
                states.indices.contains(writer)
            else { continue }
            states[writer][fields[0]] = "\(fields[1])|\(fields[2])"
        }
        return states
    }

    /// What is wrong with the database at `path` as a copy taken at one moment: `integrity_check`, the
    /// full-text indexes against their tables, foreign keys (no item without its feed), and each writer's
    /// movies being the state after some number of its operations. Empty when nothing is.
    static func problems(in path: String, logs: [WriterLog]) throws -> [String] {
        var problems: [String] = []
        let integrity = try DirectSQL.integrityCheck(path)
        if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
        for table in ["movies_fts", "news_items_fts"] {
            do {
                try DirectSQL.run(
                    path, "INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
            } catch {
                problems.append("\(table) does not match its table: \(error)")
            }
        }
        let orphans = try DirectSQL.run(path, "SELECT count(*) FROM pragma_foreign_key_check")
        if orphans != "0" { problems.append("\(orphans) rows break a foreign key") }
        for (writer, observed) in try writerStates(in: path).enumerated()
        where logs[writer].operations(in: observed) == nil {
            problems.append("writer \(writer)'s movies are no state its operations led to: \(observed)")
        }
        return problems
    }

    /// Every row of every table but Litestream's own, as sqlite3 prints them, sorted (a table `WITHOUT
    /// ROWID`, as FTS5 keeps some, has no rowid to order by).
    static func rows(in path: String) throws -> String {
        let tables = try DirectSQL.run(
            path,
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '\\_litestream%' ESCAPE '\\' "
                + "ORDER BY name")
        var dump = ""
        for table in tables.split(separator: "\n") {
            let rows = try DirectSQL.run(path, "SELECT * FROM \"\(table)\"").split(separator: "\n").sorted()
            dump += "== \(table)\n" + rows.joined(separator: "\n") + "\n"
        }
        return dump
    }
}
