/// A film as the catalog knows it.
public struct CatalogTitle: Sendable, Hashable {
    /// `tt0113277`.
    public var imdbID: String
    public var title: String
    public var originalTitle: String
    /// `movie`, `tvMovie`, `short` or `video`, as IMDb calls them.
    public var kind: String
    public var year: Int?
    public var runtimeMinutes: Int?
    public var genres: [String]
    /// In IMDb's order; a director whose name the catalog lacks is left out.
    public var directors: [String]
    /// IMDb's weighted average, 1–10, and its votes; nil without title.ratings.
    public var rating: Double?
    public var votes: Int?

    /// `Heat (1995)`.
    public var titleWithYear: String { year.map { "\(title) (\($0))" } ?? title }
}

/// What `movies catalog status` reports: one line per file loaded.
public struct CatalogStatus: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        /// `title.basics`.
        public var kind: String
        public var fileName: String
        public var byteCount: Int
        /// The file's modification time, ISO-8601 UTC: which dataset it is.
        public var modifiedAt: String
        public var rowsRead: Int
        public var rowsKept: Int
        /// When the load stored it, ISO-8601 UTC.
        public var loadedAt: String
    }

    /// The catalog's path.
    public var path: String
    public var files: [File]
    /// How many films it holds.
    public var titleCount: Int
}
