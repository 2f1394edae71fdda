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
    /// starts), in a substring of its title for scripts written without spaces (`movies_title_trigrams`,
    /// see `FullTextQuery.trigramExpression`), or in one of its viewings' review and tags
    /// (`viewings_fts`). Each way is ranked by its own bm25 and a film by its best, so substring and
    /// review matches sort in with title matches. Throws `FullTextQuery.Problem` for text with no words,
    /// and `MovieError.searchCursorNotFound` for an `after` that is not among the results.
    public func searchHits(
        _ text: String, ratings: Set<RatingWord> = [], limit: Int? = nil, after: Int64? = nil
    ) throws -> [SearchHit] {
        let expression = try FullTextQuery.expression(for: text)
        let trigrams = FullTextQuery.trigramExpression(for: text)
        var arms = [
            "SELECT rowid, rank, \(SearchField.title.rawValue) FROM movies_fts WHERE movies_fts MATCH ?",
            "SELECT rowid, rank, \(SearchField.note.rawValue) FROM movies_fts WHERE movies_fts MATCH ?",
            """
            SELECT viewings.movie_id, viewings_fts.rank, \(SearchField.review.rawValue)
            FROM viewings_fts JOIN viewings ON viewings.id = viewings_fts.rowid WHERE viewings_fts MATCH ?
            """,
            """
            SELECT viewings.movie_id, viewings_fts.rank, \(SearchField.tags.rawValue)
            FROM viewings_fts JOIN viewings ON viewings.id = viewings_fts.rowid WHERE viewings_fts MATCH ?
            """,
        ]
        // A column filter over a parenthesised expression: every word in that one column.
        var arguments: [any SQLBindable] = [
            "{title} : (\(expression))", expression, "{review} : (\(expression))", expression,
        ]
        if let trigrams {
            arms.append(
                """
                SELECT rowid, rank, \(SearchField.title.rawValue) FROM movies_title_trigrams
                WHERE movies_title_trigrams MATCH ?
                """)
            arguments.append(trigrams)
        }
        var ratingCondition = ""
        if !ratings.isEmpty {
            let words = ParameterList.inList(RatingWord.allCases.filter(ratings.contains).map(\.rawValue))
            ratingCondition = "WHERE movies.rating IN \(words.sql)"
            arguments += words.arguments
        }
        let ranked = """
            WITH found(id, rank, field) AS (\(arms.joined(separator: " UNION ALL "))),
            best AS (SELECT id, min(rank) AS rank, min(field) AS field FROM found GROUP BY id),
            ranked AS (
                SELECT best.id, best.field, row_number() OVER (ORDER BY best.rank, best.id) AS place
                FROM best JOIN movies ON movies.id = best.id \(ratingCondition)
            )
            """
        return try database.read { connection in
            var sql = """
                \(ranked)
                SELECT \(MovieRow.columns.qualified), ranked.field
                FROM ranked JOIN movies ON movies.id = ranked.id
                """
            var pageArguments = arguments
            if let after {
                sql += " WHERE ranked.place > (SELECT place FROM ranked WHERE id = ?)"
                pageArguments.append(after)
            }
            sql += " ORDER BY ranked.place LIMIT ?"
            pageArguments.append(limit ?? -1)
            let fieldIndex = MovieRow.columns.count
            let hits = try connection.cachedStatement(sql).fetchAll(pageArguments) { row in
                SearchHit(
                    movie: MovieRow.decode(row),
                    field: SearchField(rawValue: row.int(at: fieldIndex)) ?? .title)
            }
            if let after, hits.isEmpty {
                let found = try connection.scalarInt(
                    ranked + " SELECT 1 FROM ranked WHERE id = ?", arguments + [after])
                if found == nil { throw MovieError.searchCursorNotFound(id: after) }
            }
            return hits
        }
    }
}
