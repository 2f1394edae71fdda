import Foundation

/// Fetches subscribed feeds and stores what they bring: several at once (a bounded number in flight),
/// conditional GET so an unchanged feed costs a 304, and one feed's failure recorded on that feed
/// without stopping the others.
public struct NewsRefresher: Sendable {
    /// Where fetched items are stored.
    public let repository: NewsRepository
    /// How feeds are fetched (timeouts, size cap, redirects).
    public let fetcher: FeedFetcher
    /// The clock used for fetch times and first-seen dates.
    public let now: @Sendable () -> Date

    /// A refresher over `repository`, fetching with `fetcher`.
    public init(
        repository: NewsRepository, fetcher: FeedFetcher = FeedFetcher(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.fetcher = fetcher
        self.now = now
    }

    /// What one feed's refresh came to.
    public enum Outcome: Sendable, Hashable {
        case updated(FeedUpdate)
        case notModified
        case failed(String)
    }

    /// One feed and what its refresh came to.
    public struct FeedOutcome: Sendable, Hashable {
        /// The feed as it was before the refresh.
        public var feed: Feed
        public var outcome: Outcome
    }

    /// What a refresh did, feed by feed.
    public struct Summary: Sendable, Hashable {
        /// Each refreshed feed with its outcome, in subscription order.
        public var outcomes: [FeedOutcome]

        /// Feeds fetched with a body (200).
        public var fetchedCount: Int {
            outcomes.filter { if case .updated = $0.outcome { true } else { false } }.count
        }
        /// Feeds answered 304.
        public var notModifiedCount: Int { outcomes.filter { $0.outcome == .notModified }.count }
        /// Items seen for the first time.
        public var newItemCount: Int {
            outcomes.reduce(0) { total, entry in
                if case .updated(let update) = entry.outcome { total + update.inserted } else { total }
            }
        }
        /// Items updated in place.
        public var updatedItemCount: Int {
            outcomes.reduce(0) { total, entry in
                if case .updated(let update) = entry.outcome { total + update.updated } else { total }
            }
        }
        /// The feeds that failed, with why.
        public var failures: [(feed: Feed, message: String)] {
            outcomes.compactMap { entry in
                if case .failed(let message) = entry.outcome { (entry.feed, message) } else { nil }
            }
        }
    }

    /// Refreshes `feeds` (every subscribed feed when nil) with at most `jobs` fetches in flight.
    /// `progress` hears (done, total) after each feed. Throws only when the database fails.
    public func refresh(
        feeds: [Feed]? = nil, jobs: Int = 8, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> Summary {
        let feeds = try feeds ?? repository.feeds()
        let fetched = await fetchAndParse(feeds, jobs: max(1, jobs), progress: progress)
        var outcomes: [FeedOutcome] = []
        for (feed, result) in zip(feeds, fetched) {
            let date = now()
            switch result {
            case .failure(let failure):
                try repository.recordFailure(feedID: feed.id, message: failure.message, at: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .failed(failure.message)))
            case .success(.none):
                try repository.recordNotModified(feedID: feed.id, at: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .notModified))
            case .success(.some(let document)):
                let update = try repository.store(
                    document.feed, feedID: feed.id, etag: document.etag, lastModified: document.lastModified,
                    fetchedAt: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .updated(update)))
            }
        }
        return Summary(outcomes: outcomes)
    }

    // MARK: - Fetching

    /// A fetched and parsed document with its validators; nil stands for "not modified".
    private struct Document: Sendable {
        var feed: ParsedFeed
        var etag: String?
        var lastModified: String?
    }

    /// Fetches and parses each feed concurrently (parsing is CPU work worth spreading too); results in
    /// input order, failures as messages.
    private func fetchAndParse(_ feeds: [Feed], jobs: Int, progress: (@Sendable (Int, Int) -> Void)?) async
        -> [Result<Document?, RefreshFailure>]
    {
        var results = [Result<Document?, RefreshFailure>](
            repeating: .failure(RefreshFailure("not fetched")), count: feeds.count)
        await withTaskGroup(of: (Int, Result<Document?, RefreshFailure>).self) { group in
            var next = 0
            var done = 0
            func start(_ index: Int) {
                let feed = feeds[index]
                group.addTask { (index, await fetchAndParse(feed)) }
            }
            while next < min(jobs, feeds.count) {
                start(next)
                next += 1
            }
            for await (index, result) in group {
                results[index] = result
                done += 1
                progress?(done, feeds.count)
                if next < feeds.count {
                    start(next)
                    next += 1
                }
            }
        }
        return results
    }

    private func fetchAndParse(_ feed: Feed) async -> Result<Document?, RefreshFailure> {
        guard let url = URL(string: feed.url) else { return .failure(RefreshFailure("not a valid URL")) }
        let request = FeedRequest(url: url, etag: feed.etag, lastModified: feed.lastModified)
        switch await fetcher.fetch(request) {
        case .failure(let error):
            return .failure(RefreshFailure(error.description))
        case .success(.notModified):
            return .success(nil)
        case .success(.fetched(let body, let etag, let lastModified, let finalURL)):
            do {
                let parsed = try FeedParser.parse(body, baseURL: finalURL)
                return .success(Document(feed: parsed, etag: etag, lastModified: lastModified))
            } catch {
                return .failure(RefreshFailure(error.description))
            }
        }
    }
}

/// Why one feed could not be refreshed, as a sentence.
struct RefreshFailure: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
