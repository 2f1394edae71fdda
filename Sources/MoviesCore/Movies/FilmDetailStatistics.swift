import Basics
import Storage

/// What `movies stats` says of the films' details (from the catalog, through `movies link`, or an IMDb
/// export): the directors and genres most watched, and the hours watched.
public struct FilmDetailStatistics: Sendable, Equatable {
    /// A director or a genre, with its viewings.
    public struct NameCount: Sendable, Equatable {
        public let name: String
        public let viewings: Int

        public init(name: String, viewings: Int) {
            self.name = name
            self.viewings = viewings
        }
    }

    /// The most watched directors, by viewings (then by name), at most `limit`.
    public let directors: [NameCount]
    /// The most watched genres, by viewings (then by name), at most `limit`.
    public let genres: [NameCount]
    /// The viewings times their film's runtime, in minutes.
    public let minutesWatched: Int
    /// The viewings counted, and of them those whose film has no runtime (not in `minutesWatched`).
    public let viewings: Int
    public let viewingsWithoutRuntime: Int

    /// True when no viewing's film has any detail: nothing to show.
    public var isEmpty: Bool { directors.isEmpty && genres.isEmpty && minutesWatched == 0 }
}

extension MovieStore {
    /// The statement `detailStatistics` steps through: one row per film watched (in `query`'s year, when
    /// it has one), with its directors, genres, runtime and viewings.
    package static func detailSQL(_ query: MovieStatistics.Query) -> (
        sql: String, arguments: [any SQLBindable]
    ) {
        var sql = """
            SELECT m.directors, m.genres, m.runtime_minutes, count(*)
            FROM viewings AS v JOIN movies AS m ON m.id = v.movie_id
            """
        var arguments: [any SQLBindable] = []
        if let range = query.watchedRange {
            sql += " WHERE v.watched_on >= ? AND v.watched_on < ?"
            arguments += [range.first, range.end]
        }
        return (sql + " GROUP BY m.id", arguments)
    }

    /// The details figures of `query` (its year, when it has one: viewings on that year's days), from one
    /// row per film watched: its directors, genres, runtime and viewings; the names are counted here.
    public func detailStatistics(_ query: MovieStatistics.Query, limit: Int = 10) throws
        -> FilmDetailStatistics
    {
        try database.read { connection in
            let (sql, arguments) = Self.detailSQL(query)
            var directors: [String: Int] = [:]
            var genres: [String: Int] = [:]
            var minutes = 0
            var viewings = 0
            var withoutRuntime = 0
            let statement = try connection.cachedStatement(sql)
            try statement.bind(arguments)
            defer { statement.reset() }
            while try statement.step() {
                let count = statement.int(at: 3)
                viewings += count
                for name in MovieRow.names(statement.optionalString(at: 0)) {
                    directors[name, default: 0] += count
                }
                for name in MovieRow.names(statement.optionalString(at: 1)) {
                    genres[name, default: 0] += count
                }
                if let runtime = statement.optionalInt(at: 2) {
                    let (product, overflowed) = runtime.multipliedReportingOverflow(by: count)
                    let (sum, overflowedSum) = minutes.addingReportingOverflow(product)
                    minutes = overflowed || overflowedSum ? Int.max : sum
                } else {
                    withoutRuntime += count
                }
            }
            func top(_ counts: [String: Int]) -> [FilmDetailStatistics.NameCount] {
                counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(limit)
                    .map { FilmDetailStatistics.NameCount(name: $0.key, viewings: $0.value) }
            }
            return FilmDetailStatistics(
                directors: top(directors), genres: top(genres), minutesWatched: minutes, viewings: viewings,
                viewingsWithoutRuntime: withoutRuntime)
        }
    }
}
