import Feeds
import FoundationEssentials

// What a refresh reports, feed by feed: kept apart from the refresher, which fetches and stores.
extension NewsRefresher {
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
        /// Feeds fetched (a 200) that brought at least one new item.
        public var fetchedWithNewItemsCount: Int {
            outcomes.count {
                if case .updated(let update) = $0.outcome { update.inserted > 0 } else { false }
            }
        }
        /// Feeds fetched (a 200) that brought nothing new.
        public var fetchedWithNothingNewCount: Int {
            outcomes.count {
                if case .updated(let update) = $0.outcome { update.inserted == 0 } else { false }
            }
        }
        /// New items kept out by ignore rules.
        public var ignoredItemCount: Int {
            outcomes.reduce(0) { total, entry in
                if case .updated(let update) = entry.outcome { total + update.ignored } else { total }
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
}
