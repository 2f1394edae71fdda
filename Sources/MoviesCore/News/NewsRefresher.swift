import Basics
import Feeds
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
        let feeds = if let feeds { feeds } else { try await repository.feeds() }
        let fetched = await fetchAndParse(feeds, jobs: max(1, jobs), progress: progress)
        var outcomes: [FeedOutcome] = []
        for (feed, result) in zip(feeds, fetched) {
            let date = now()
            switch result {
            case .failure(let problem):
                try await repository.recordFailure(feedID: feed.id, message: problem.reason, at: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .failed(problem.reason)))
            case .success(.none):
                try await repository.recordNotModified(feedID: feed.id, at: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .notModified))
            case .success(.some(let document)):
                let update = try await repository.store(
                    document.feed, feedID: feed.id, etag: document.etag, lastModified: document.lastModified,
                    fetchedAt: date)
                outcomes.append(FeedOutcome(feed: feed, outcome: .updated(update)))
            }
        }
        return Summary(outcomes: outcomes)
    }

    // MARK: - Subscribing

    /// Fetches the feed at `url` and, if it is a feed, subscribes to it and stores its items in one
    /// transaction; nothing is written when the fetch or the parse fails.
    public func subscribe(url: String) async throws -> (feed: Feed, update: FeedUpdate) {
        let address = try NewsRepository.validatedFeedURL(url)
        if let existing = try await repository.feed(reference: address) {
            throw NewsError.alreadySubscribed(existing)
        }
        guard let parsedURL = URL(string: address) else { throw NewsError.invalidFeedURL(url) }
        switch await fetchAndParse(FeedRequest(url: parsedURL)) {
        case .failure(let problem):
            throw problem
        case .success(.none):
            throw FeedProblem(
                reason: "the server answered 304 Not Modified to a first request", isBadData: true)
        case .success(.some(let document)):
            return try await repository.subscribe(
                url: address, storing: document.feed, etag: document.etag,
                lastModified: document.lastModified,
                fetchedAt: now())
        }
    }

    // MARK: - Fetching

    /// A fetched and parsed document with its validators; nil stands for "not modified".
    private struct Document: Sendable {
        var feed: ParsedFeed
        var etag: String?
        var lastModified: String?
    }

    /// Fetches and parses each feed concurrently (parsing is CPU work worth spreading too); results in
    /// input order.
    private func fetchAndParse(_ feeds: [Feed], jobs: Int, progress: (@Sendable (Int, Int) -> Void)?) async
        -> [Result<Document?, FeedProblem>]
    {
        let results = await concurrentlyMap(count: feeds.count, width: jobs, progress: progress) { index in
            let feed = feeds[index]
            guard let url = URL(string: feed.url) else {
                return Result<Document?, FeedProblem>.failure(
                    FeedProblem(reason: "not a valid URL", isBadData: true))
            }
            let request = FeedRequest(url: url, etag: feed.etag, lastModified: feed.lastModified)
            return await fetchAndParse(request)
        }
        return results.map { $0 ?? .failure(FeedProblem(reason: "not fetched", isBadData: false)) }
    }

    private func fetchAndParse(_ request: FeedRequest) async -> Result<Document?, FeedProblem> {
        switch await fetcher.fetch(request) {
        case .failure(let error):
            return .failure(FeedProblem(reason: error.description, isBadData: false))
        case .success(.notModified):
            return .success(nil)
        case .success(.fetched(let body, let etag, let lastModified, let finalURL, let contentType)):
            do {
                let parsed = try FeedParser.parse(body, baseURL: finalURL, contentType: contentType)
                return .success(Document(feed: parsed, etag: etag, lastModified: lastModified))
            } catch {
                return .failure(FeedProblem(reason: error.description, isBadData: true))
            }
        }
    }
}

/// Why a feed could not be fetched or read, as a sentence; `isBadData` when the server answered with
/// something that is not a usable feed (as opposed to a network or HTTP failure).
public struct FeedProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, as a phrase to follow a feed's address (`not a valid URL`).
    public let reason: String
    public let isBadData: Bool

    public init(reason: String, isBadData: Bool) {
        self.reason = reason
        self.isBadData = isBadData
    }

    public var description: String { reason }
}

extension FeedProblem: UserFacingError {
    package var message: String { reason.capitalizingFirstLetter() }
    package var exitCode: ExitCode { isBadData ? .dataError : .failure }
}
