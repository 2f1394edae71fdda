import Basics
import Feeds
import FoundationEssentials
import UserFacing

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
    public var fetcher: FeedFetcher
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

    /// Refreshes `feeds` (every subscribed feed when nil) with at most `jobs` feeds in flight, storing
    /// each as it arrives. `progress` hears (done, total) after each feed. Cancelling the calling task
    /// ends the refresh early with what arrived stored (see `Summary.unfinished`). Throws when the
    /// database fails (the feeds stored before that stay stored), and `LibraryUnavailable` before any
    /// feed is touched when libcurl or libxml2 is missing: a fetch that cannot happen is not recorded
    /// as a failure of every feed.
    public func refresh(
        feeds: [Feed]? = nil, jobs: Int = 8, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> Summary {
        try FeedLibraries.checkFetchingAndReading()
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
            case .page(_, let problem):
                try await repository.recordFailure(feedID: feed.id, message: problem.reason, at: now())
                return .failed(problem.reason)
            case .document(let document):
                // A permanent redirect moves the subscription; a temporary one does not.
                let update = try await repository.store(
                    document.feed, feedID: feed.id, etag: document.etag, lastModified: document.lastModified,
                    fetchedAt: now(), movedTo: document.permanentAddress, fetchedFrom: document.finalAddress)
                return .updated(update)
            }
        } catch NewsError.feedNotFound {
            return .unsubscribed
        }
    }

    // MARK: - Subscribing

    /// What `subscribe(url:all:)` did.
    public struct Subscription: Sendable {
        /// The feeds subscribed, with what their first fetch stored, in the page's order.
        public var subscribed: [(feed: Feed, update: FeedUpdate)]
        /// When the address was a web page rather than a feed: the feeds it announces, in its order (at
        /// most `FeedDiscovery.maximumAlternates`). Empty for a feed's address.
        public var discovered: [FeedDiscovery.Alternate]
        /// True when the page announces more feeds than `FeedDiscovery.maximumAlternates`; only the
        /// first were looked at.
        public var discoveryIsCapped = false
        /// The page's feeds that could not be subscribed (not fetched, not a feed), with why, in the
        /// page's order: with `all`, those passed over; without, those tried before the one taken.
        public var failed: [(url: String, problem: FeedProblem)] = []
        /// With `all`, how many of the page's feeds were subscribed already and passed over.
        public var alreadySubscribed = 0
    }

    /// Fetches `url` and subscribes to the feed found there, storing its items in one transaction;
    /// nothing is written when the fetch or the parse fails. Throws `LibraryUnavailable` before
    /// fetching when libcurl or libxml2 is missing.
    ///
    /// A web page is looked into for the feeds it announces (HTML autodiscovery): the first that can be
    /// fetched and read as a feed is taken, or with `all` every one, each stored as it arrives (so
    /// memory holds one feed at a time, however many the page announces) and those that fail passed
    /// over with why. A feed reached through redirects is refused when its final address is already
    /// subscribed; after permanent redirects only (301, 308) it is stored under its new address.
    public func subscribe(_ address: FeedAddress, all: Bool = false) async throws -> Subscription {
        try FeedLibraries.checkFetchingAndReading()
        switch try await fetchForSubscribing(address) {
        case .feed(let document):
            return Subscription(subscribed: [try await store(document, typed: address)], discovered: [])
        case .page(let announced):
            var subscription = Subscription(
                subscribed: [], discovered: announced.alternates, discoveryIsCapped: announced.isCapped)
            for alternate in announced.alternates {
                if !all && !subscription.subscribed.isEmpty { break }
                // With every feed asked for, one already subscribed is passed over, not refused.
                if all, let address = FeedAddress(alternate.url),
                    try await repository.feed(.address(address)) != nil
                {
                    subscription.alreadySubscribed += 1
                    continue
                }
                let feedAddress: FeedAddress
                let document: Document
                do {
                    (feedAddress, document) = try await fetchAlternate(alternate)
                } catch let problem as FeedProblem {
                    subscription.failed.append((alternate.url, problem))
                    continue
                }
                do {
                    subscription.subscribed.append(try await store(document, typed: feedAddress))
                } catch NewsError.alreadySubscribed where all {
                    subscription.alreadySubscribed += 1
                }
            }
            if subscription.subscribed.isEmpty {
                try await refuse(subscription)
            }
            return subscription
        }
    }

    /// Fetches a feed a page announces: its address as stored and the document; a `FeedProblem` when it
    /// cannot be subscribed to (an unusable address, a failed fetch, not a feed).
    private func fetchAlternate(_ alternate: FeedDiscovery.Alternate) async throws -> (FeedAddress, Document)
    {
        // The page's address, parsed where it enters.
        guard let address = FeedAddress(alternate.url) else {
            throw FeedProblem(reason: NewsError.invalidFeedURL(alternate.url).description, isBadData: true)
        }
        guard case .feed(let document) = try await fetchForSubscribing(address) else {
            throw FeedProblem(reason: "it is a web page too, not a feed", isBadData: true)
        }
        return (address, document)
    }

    /// Why nothing of a page was subscribed: the first feed is subscribed already, or each one failed.
    private func refuse(_ subscription: Subscription) async throws {
        if subscription.failed.isEmpty,
            let first = subscription.discovered.first.flatMap({ FeedAddress($0.url) }),
            let existing = try await repository.feed(.address(first))
        {
            throw NewsError.alreadySubscribed(existing)
        }
        let failed = subscription.failed
        guard let first = failed.first else { return }
        // A network failure among them makes it a failure to carry out the request (1), not bad data.
        let isBadData = failed.allSatisfy(\.problem.isBadData)
        if failed.count == 1 {
            throw FeedProblem(
                reason: "the page's feed \(first.url): \(first.problem.reason)", isBadData: isBadData)
        }
        // The first three say what went wrong; a page of fifty broken feeds needs no fifty reasons.
        let shown = failed.prefix(3).map { "\($0.url): \($0.problem.reason)" }
        let more = failed.count > shown.count ? "; and \(failed.count - shown.count) more" : ""
        throw FeedProblem(
            reason: "none of the page's \(failed.count) feeds could be subscribed ("
                + shown.joined(separator: "; ") + more + ")",
            isBadData: isBadData)
    }

    /// What fetching an address to subscribe to found.
    private enum Found {
        case feed(Document)
        /// A web page announcing these feeds (never none).
        case page(FeedDiscovery.Announced)
    }

    /// Fetches `address` for subscribing: refuses one already subscribed, a failed fetch, and a page
    /// that announces no feed.
    private func fetchForSubscribing(_ address: FeedAddress) async throws -> Found {
        if let existing = try await repository.feed(.address(address)) {
            throw NewsError.alreadySubscribed(existing)
        }
        guard let parsedURL = address.url else { throw NewsError.invalidFeedURL(address.text) }
        switch await fetchAndParse(FeedRequest(url: parsedURL)) {
        case .failed(let problem):
            throw problem
        case .page(let announced, let problem):
            guard !announced.alternates.isEmpty else { throw problem }
            return .page(announced)
        case .cancelled:
            throw FeedProblem(reason: "the fetch was cancelled", isBadData: false)
        case .notModified:
            throw FeedProblem(
                reason: "the server answered 304 Not Modified to a first request", isBadData: true)
        case .document(let document):
            return .feed(document)
        }
    }

    /// The title of what `address` answers with, for an item added by its address alone (`news add`):
    /// a feed's own title, else a web page's `<title>`; nil when it has none. Throws the fetch's
    /// `FeedProblem`, or one saying the answer is neither a feed nor a web page. Nothing is stored.
    public func title(of address: FeedAddress) async throws -> String? {
        try FeedLibraries.checkFetchingAndReading()
        guard let parsedURL = address.url else { throw NewsError.invalidFeedURL(address.text) }
        switch await fetchAndParse(FeedRequest(url: parsedURL)) {
        case .document(let document): return document.feed.title
        case .page(let announced, _): return announced.pageTitle
        case .failed(let problem): throw problem
        case .cancelled: throw FeedProblem(reason: "the fetch was cancelled", isBadData: false)
        case .notModified:
            throw FeedProblem(
                reason: "the server answered 304 Not Modified to a first request", isBadData: true)
        }
    }

    /// Subscribes to a fetched feed: under its new address after permanent redirects, else the one typed;
    /// refused when the address it was finally fetched from is already subscribed.
    private func store(_ document: Document, typed address: FeedAddress) async throws -> (
        feed: Feed, update: FeedUpdate
    ) {
        // The address typed was checked before fetching; where the fetch led may be known too: as a
        // subscription's address, or as where another subscription's fetches end.
        for reached in Set(
            [address.text, document.finalAddress, document.permanentAddress].compactMap { $0 })
        {
            if let existing = try await repository.feed(reachedAt: reached) {
                throw NewsError.alreadySubscribed(existing)
            }
        }
        return try await repository.subscribe(
            document.permanentAddress.map(FeedAddress.init(stored:)) ?? address, storing: document.feed,
            etag: document.etag,
            lastModified: document.lastModified, fetchedAt: now(), fetchedFrom: document.finalAddress)
    }

    // MARK: - Fetching

    /// A fetched and parsed document with its validators and where it was found.
    private struct Document: Sendable {
        var feed: ParsedFeed
        var etag: String?
        var lastModified: String?
        /// The address it was fetched from in the end (normalised), after any redirects.
        var finalAddress: String?
        /// Its new address after permanent redirects only (normalised); nil otherwise.
        var permanentAddress: String?
    }

    /// What fetching and reading one feed came to.
    private enum Fetched: Sendable {
        case document(Document)
        case notModified
        case failed(FeedProblem)
        /// A web page, not a feed: the feeds it announces (maybe none), and why it is no feed.
        case page(FeedDiscovery.Announced, FeedProblem)
        /// The calling task was cancelled before the feed arrived.
        case cancelled
    }

    /// Fetches and parses one feed (parsing is CPU work, spread over the refresh's tasks like fetching).
    /// Reading it, and looking into a web page for feeds, may take as much processor time as the fetch
    /// may take time (`fetcher.timeout`, `--timeout`), and stops when the task is cancelled.
    private func fetchAndParse(_ request: FeedRequest) async -> Fetched {
        switch await fetcher.fetch(request) {
        case .failure(let error) where error.kind == .cancelled:
            return .cancelled
        case .failure(let error):
            return .failed(FeedProblem(reason: error.description, isBadData: false))
        case .success(.notModified):
            return .notModified
        case .success(
            .fetched(let body, let etag, let lastModified, let finalURL, let contentType, let permanentURL)):
            let parseError: FeedParseError
            do {
                let parsed = try FeedParser.parse(
                    body, baseURL: finalURL, contentType: contentType, processorTime: fetcher.timeout)
                return .document(
                    Document(
                        feed: parsed, etag: etag, lastModified: lastModified,
                        finalAddress: FeedAddress.normalised(finalURL.absoluteString),
                        permanentAddress: permanentURL.flatMap { FeedAddress.normalised($0.absoluteString) }))
            } catch FeedParseError.cancelled {
                return .cancelled
            } catch {
                parseError = error
            }
            if let library = parseError.unavailableLibrary {
                return .failed(FeedProblem(reason: library.reason, isBadData: false))
            }
            let problem = FeedProblem(reason: parseError.description, isBadData: true)
            guard FeedDiscovery.looksLikeHTML(body, contentType: contentType) else {
                return .failed(problem)
            }
            let announced: FeedDiscovery.Announced
            do {
                announced = try FeedDiscovery.alternates(
                    inHTML: String(decoding: body, as: UTF8.self), baseURL: finalURL,
                    processorTime: fetcher.timeout)
            } catch FeedParseError.cancelled {
                return .cancelled
            } catch {
                return .failed(
                    FeedProblem(
                        reason:
                            "the address is a web page, not a feed, and looking for the feeds it announces "
                            + "failed: \(error.description)", isBadData: true))
            }
            let reason =
                if let first = announced.alternates.first {
                    "the address is a web page, not a feed (it announces the feed \(first.url))"
                } else {
                    "the address is a web page, not a feed, and it announces none "
                        + "(no <link rel=\"alternate\"> of an RSS, Atom or JSON Feed type)"
                }
            return .page(announced, FeedProblem(reason: reason, isBadData: true))
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
