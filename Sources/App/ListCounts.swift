import Storage

/// How much a list holds: what `movies restore` shows before it replaces one, and what `restore --list`
/// shows of each kept copy, so a person can tell the list they want from the one they do not.
public struct ListCounts: Sendable, Equatable {
    /// Films, on the watchlist or seen.
    public var movies: Int
    /// Viewings of them, dated or not.
    public var viewings: Int
    /// Feeds subscribed to.
    public var feeds: Int
    /// News items kept from them.
    public var newsItems: Int

    /// The counts given.
    public init(movies: Int, viewings: Int, feeds: Int, newsItems: Int) {
        (self.movies, self.viewings, self.feeds, self.newsItems) = (movies, viewings, feeds, newsItems)
    }

    /// The counts in the database `connection` reads, 0 for a table it does not have (a list from
    /// before the migration that made it).
    init(reading connection: Connection) throws {
        func count(_ table: String) throws -> Int {
            let exists =
                try connection.scalarInt(
                    "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [table])
                != nil
            // The table name is one of the literals below, never outside text.
            return exists ? try connection.scalarInt("SELECT count(*) FROM \(table)") ?? 0 : 0
        }
        self.init(
            movies: try count("movies"), viewings: try count("viewings"), feeds: try count("feeds"),
            newsItems: try count("news_items"))
    }
}
