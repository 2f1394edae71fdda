import Basics
import Feeds
import FoundationEssentials

/// Fetches subscribed feeds and stores what they bring: several at once (a bounded number in flight),
/// conditional GET so an unchanged feed costs a 304, and one feed's failure recorded on that feed
/// without stopping the others.
///
/// Each feed is stored as soon as it has been fetched and read, in a transaction of its own, and then
/// let go: memory holds at most `jobs` documents whatever the number of feeds, and a refresh that is
/// cancelled (Ctrl-C) keeps every feed that arrived before it. A feed unsubscribed while it was being
/// fetched is skipped.
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
        /// The feed was unsubscribed while it was being fetched; what the fetch brought was dropped.
        case unsubscribed
    }

    /// One feed and what its refresh came to.
    public struct FeedOutcome: Sendable, Hashable {
        /// The feed as it was before the refresh.
        public var feed: Feed
        public var outcome: Outcome
    }

    /// What a refresh did, feed by feed.
    public struct Summary: Sendable, Hashable {
        /// Each feed whose refresh ended, with its outcome, in subscription order.
        public var outcomes: [FeedOutcome]
        /// The feeds the refresh was cancelled before (they were not fetched, or not to the end), in
        /// subscription order; nothing was recorded on them.
        public var unfinished: [Feed] = []

        /// True when the refresh was cancelled before every feed had been refreshed.
        public var wasInterrupted: Bool { !unfinished.isEmpty }
        /// The outcomes of the feeds that are still subscribed.
        public var refreshed: [FeedOutcome] { outcomes.filter { $0.outcome != .unsubscribed } }
        /// Feeds unsubscribed while they were being fetched.
        public var unsubscribedCount: Int { outcomes.count - refreshed.count }
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
        /// True when feeds were refreshed and every one of them failed.
        public var allFailed: Bool { !refreshed.isEmpty && failures.count == refreshed.count }
    }

    /// Refreshes `feeds` (every subscribed feed when nil) with at most `jobs` feeds in flight, storing
    /// each as it arrives. `progress` hears (done, total) after each feed. Cancelling the calling task
    /// ends the refresh early with what arrived stored (see `Summary.unfinished`). Throws only when the
    /// database fails; the feeds stored before that stay stored.
    public func refresh(
        feeds: [Feed]? = nil, jobs: Int = 8, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> Summary {
        let feeds = if let feeds { feeds } else { try await repository.feeds() }
        // After a database failure the other feeds are not fetched: their stores would fail the same way.
        let databaseFailure = Locked<(any Error)?>(nil)
        let outcomes = await concurrentlyMap(count: feeds.count, width: max(1, jobs), progress: progress) {
            index -> Outcome? in
            guard databaseFailure.current == nil else { return nil }
            do {
                return try await refresh(feeds[index])
            } catch {
                databaseFailure.withLock { $0 = $0 ?? error }
                return nil
            }
        }
        if let failure = databaseFailure.current { throw failure }
        var summary = Summary(outcomes: [])
        for (feed, outcome) in zip(feeds, outcomes) {
            if let outcome = outcome ?? nil {
                summary.outcomes.append(FeedOutcome(feed: feed, outcome: outcome))
            } else {
                summary.unfinished.append(feed)
            }
        }
        return summary
    }

    /// Fetches, reads and stores one feed; nil when the refresh was cancelled before the feed arrived.
    private func refresh(_ feed: Feed) async throws -> Outcome? {
        if Task.isCancelled { return nil }
        let fetched: Fetched
        if let url = URL(string: feed.url) {
            fetched = await fetchAndParse(
                FeedRequest(url: url, etag: feed.etag, lastModified: feed.lastModified))
        } else {
            fetched = .failed(FeedProblem(reason: "not a valid URL", isBadData: true))
        }
        do {
            switch fetched {
            case .cancelled:
                return nil
            case .failed(let problem):
                try await repository.recordFailure(feedID: feed.id, message: problem.reason, at: now())
                return .failed(problem.reason)
            case .notModified:
                try await repository.recordNotModified(feedID: feed.id, at: now())
                return .notModified
            case .document(let document):
                let update = try await repository.store(
                    document.feed, feedID: feed.id, etag: document.etag, lastModified: document.lastModified,
                    fetchedAt: now())
                return .updated(update)
            }
        } catch NewsError.feedNotFound {
            return .unsubscribed
        }
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
        case .failed(let problem):
            throw problem
        case .cancelled:
            throw FeedProblem(reason: "the fetch was cancelled", isBadData: false)
        case .notModified:
            throw FeedProblem(
                reason: "the server answered 304 Not Modified to a first request", isBadData: true)
        case .document(let document):
            return try await repository.subscribe(
                url: address, storing: document.feed, etag: document.etag,
                lastModified: document.lastModified,
                fetchedAt: now())
        }
    }

    // MARK: - Fetching

    /// A fetched and parsed document with its validators.
    private struct Document: Sendable {
        var feed: ParsedFeed
        var etag: String?
        var lastModified: String?
    }

    /// What fetching and reading one feed came to.
    private enum Fetched: Sendable {
        case document(Document)
        case notModified
        case failed(FeedProblem)
        /// The calling task was cancelled before the feed arrived.
        case cancelled
    }

    /// Fetches and parses one feed (parsing is CPU work, spread over the refresh's tasks like fetching).
    private func fetchAndParse(_ request: FeedRequest) async -> Fetched {
        switch await fetcher.fetch(request) {
        case .failure(let error) where error.kind == .cancelled:
            return .cancelled
        case .failure(let error):
            return .failed(FeedProblem(reason: error.description, isBadData: false))
        case .success(.notModified):
            return .notModified
        case .success(.fetched(let body, let etag, let lastModified, let finalURL, let contentType)):
            do {
                let parsed = try FeedParser.parse(body, baseURL: finalURL, contentType: contentType)
                return .document(Document(feed: parsed, etag: etag, lastModified: lastModified))
            } catch {
                return .failed(FeedProblem(reason: error.description, isBadData: true))
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
