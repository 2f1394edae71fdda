import App
import Feeds
import FoundationEssentials
import MoviesCore
import News

/// Everything a screen's view model may need, built once and handed to whoever builds view models.
///
/// View models never reach for globals or build each other; a coordinator builds each one from this
/// value, so a test can run any screen against a temporary database and a fixed clock.
public struct Dependencies: Sendable {
    /// The movie list.
    public var movies: MovieStore
    /// The news reading list.
    public var news: NewsRepository
    /// How feeds are fetched.
    public var feedFetcher: FeedFetcher
    /// The current time; tests fix it.
    public var now: @Sendable () -> Date

    /// Dependencies over `database`, fetching feeds with `feedFetcher` and the system clock unless told
    /// otherwise.
    public init(
        database: AppDatabase, feedFetcher: FeedFetcher = FeedFetcher(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.movies = database.movies
        self.news = database.news
        self.feedFetcher = feedFetcher
        self.now = now
    }

    /// A refresher over the news repository with these dependencies' fetcher and clock.
    public var newsRefresher: NewsRefresher {
        NewsRefresher(repository: news, fetcher: feedFetcher, now: now)
    }
}
