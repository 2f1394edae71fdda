import Basics
import Storage

/// Where a search found a film: what `movies search` says beside it.
public enum SearchField: Int, Sendable, Hashable, CaseIterable {
    /// Every word in the title (as a word, the start of one, or, in a script written without spaces,
    /// a substring).
    case title
    /// In the note, or the title and note together.
    case note
    /// In the review of one of its viewings.
    case review
    /// In a viewing's tags, or its review and tags together.
    case tags

    /// `title`, `note`, `review`, `tags`.
    public var name: String {
        switch self {
        case .title: "title"
        case .note: "note"
        case .review: "review"
        case .tags: "tags"
        }
    }
}

/// A film a search found, and where.
public struct SearchHit: Sendable, Hashable {
    public let movie: Movie
    /// The first place the words were found, in `SearchField` order.
    public let field: SearchField
}

/// Full-text search over films and their viewings.
extension MovieStore {
    /// The movies matching `text`, best match first (FTS5's bm25 rank).
    public func search(_ text: String, ratings: Set<RatingWord> = [], limit: Int? = nil) throws -> [Movie] {
        try searchHits(text, ratings: ratings, limit: limit).map(\.movie)
    }

    /// The films matching `text`, best match first, among those whose word is one of `ratings` (all
    /// when empty); with `after`, those that follow that film in the same order (the next page).
    ///
    /// A film matches when every word of `text` is in its title and note (`movies_fts`, words and their
    /// starts), in its title's words written without their inner punctuation (`movies_title_words`:
    /// `walle` finds WALL·E, migration 13), in a substring of its title for scripts written without spaces (`movies_title_trigrams`,
    /// see `FullTextQuery.trigramExpression`), or in one of its viewings' review and tags
    /// (`viewings_fts`). Each way is ranked by its own bm25 and a film by its best, so substring and
    /// review matches sort in with title matches. With `explained`, each hit of the page says where it
    /// was found (one small lookup a hit; a search for a program skips it). Throws
    /// `FullTextQuery.Problem` for text with no words, and `MovieError.searchCursorNotFound` for an
    /// `after` that is not among the results.
    public func searchHits(
        _ text: String, ratings: Set<RatingWord> = [], limit: Int? = nil, after: Int64? = nil,
        explained: Bool = false
    ) throws -> [SearchHit] {
        let expression = try FullTextQuery.expression(for: text)
        let trigrams = FullTextQuery.trigramExpression(for: text)
        // Where each way of matching found a film: a trigram match is in the title; a word match in the
        // title or note, or a viewing's review or tags, is told apart for the page alone (`field`).
        var arms = [
            "SELECT rowid, rank, \(Source.words) FROM movies_fts WHERE movies_fts MATCH ?",
            """
            SELECT viewings.movie_id, viewings_fts.rank, \(Source.viewings)
            FROM viewings_fts JOIN viewings ON viewings.id = viewings_fts.rowid WHERE viewings_fts MATCH ?
            """,
        ]
        // A match of the title's words without their inner punctuation is a title match.
        arms.append(
            "SELECT rowid, rank, \(Source.title) FROM movies_title_words WHERE movies_title_words MATCH ?")
        var arguments: [any SQLBindable] = [expression, expression, expression]
        if let trigrams {
            arms.append(
                """
                SELECT rowid, rank, \(Source.title) FROM movies_title_trigrams
                WHERE movies_title_trigrams MATCH ?
                """)
            arguments.append(trigrams)
        }
        var conditions: [String] = []
        if !ratings.isEmpty {
            let words = ParameterList.inList(RatingWord.allCases.filter(ratings.contains).map(\.rawValue))
            conditions.append("movies.rating IN \(words.sql)")
            arguments += words.arguments
        }
        if after != nil {
            // After the film `after` in the order (rank, id), its rank as this statement computes it.
            conditions.append(
                "(best.rank > (SELECT rank FROM best WHERE id = ?) OR (best.rank = (SELECT rank FROM best "
                    + "WHERE id = ?) AND best.id > ?))")
        }
        let found = """
            WITH found(id, rank, source) AS (\(arms.joined(separator: " UNION ALL "))),
            best AS (SELECT id, min(rank) AS rank, min(source) AS source FROM found GROUP BY id)
            """
        var sql = """
            \(found)
            SELECT \(MovieRow.columns.qualified), best.source
            FROM best JOIN movies ON movies.id = best.id
            """
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY best.rank, best.id LIMIT ?"
        var pageArguments = arguments
        if let after { pageArguments += [after, after, after] }
        pageArguments.append(limit ?? -1)
        return try database.read { connection in
            let sourceIndex = MovieRow.columns.count
            let rows = try connection.cachedStatement(sql).fetchAll(pageArguments) { row in
                (MovieRow.decode(row), row.int(at: sourceIndex))
            }
            if let after, rows.isEmpty {
                let exists = try connection.scalarInt(
                    found + " SELECT 1 FROM best WHERE id = ?", arguments.prefix(arms.count) + [after])
                if exists == nil { throw MovieError.searchCursorNotFound(id: after) }
            }
            return try rows.map { movie, source in
                let field: SearchField
                switch source {
                case Source.title: field = .title
                case Source.words:
                    let inTitle =
                        try !explained
                        || Self.matches(movie.id, "{title} : (\(expression))", in: connection)
                    field = inTitle ? .title : .note
                default:
                    let inReview =
                        try !explained
                        || Self.viewingMatches(movie.id, "{review} : (\(expression))", in: connection)
                    field = inReview ? .review : .tags
                }
                return SearchHit(movie: movie, field: field)
            }
        }
    }

    /// The ways a search matches, in the order a film found several ways reports them.
    private enum Source {
        /// In the title for certain: a substring (trigrams) or its words without their inner punctuation.
        static let title = 0
        static let words = 1
        static let viewings = 2
    }

    /// Whether movie `id`'s title and note match `expression` (a column filter, for where it matched).
    private static func matches(_ id: Int64, _ expression: String, in connection: Connection) throws -> Bool {
        try connection.cachedStatement("SELECT 1 FROM movies_fts WHERE movies_fts MATCH ? AND rowid = ?")
            .fetchAll([expression, id]) { _ in true }.first ?? false
    }

    /// Whether a viewing of movie `id` matches `expression` in its review and tags.
    private static func viewingMatches(_ id: Int64, _ expression: String, in connection: Connection) throws
        -> Bool
    {
        try connection.cachedStatement(
            """
            SELECT 1 FROM viewings_fts JOIN viewings ON viewings.id = viewings_fts.rowid
            WHERE viewings_fts MATCH ? AND viewings.movie_id = ? LIMIT 1
            """
        ).fetchAll([expression, id]) { _ in true }.first ?? false
    }
}
