import Basics
import CSQLite
import FoundationEssentials
import MoviesCore

/// The baselines written straight against SQLite's C API: what "as fast as SQLite itself" means.
enum RawSQLite {
    /// Opens `path` as the project does (WAL, synchronous NORMAL, foreign keys), without its layers.
    static func open(_ path: String) throws -> OpaquePointer {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let handle
        else { throw BenchError("cannot open \(path)") }
        try exec(handle, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
        return handle
    }

    static func exec(_ handle: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    /// Reads every movie into `Movie` values with a plain C loop: every column `MovieRow.decode` reads,
    /// the genres and directors split by the same helper, so both sides build the same values.
    static func fetchAll(from path: String) throws -> [Movie] {
        let handle = try open(path)
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(
            handle,
            """
            SELECT id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri,
                   watch_count, rated_on, runtime_minutes, genres, directors
            FROM movies ORDER BY id
            """, -1, &statement, nil)
        guard let statement else { throw BenchError("prepare failed") }
        defer { sqlite3_finalize(statement) }
        func text(_ index: Int32) -> String? {
            sqlite3_column_text(statement, index).map { String(cString: $0) }
        }
        var movies: [Movie] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            let word = text(3).flatMap(RatingWord.init(rawValue:)) ?? .notSeen
            movies.append(
                Movie(
                    id: sqlite3_column_int64(statement, 0), title: text(1) ?? "",
                    year: sqlite3_column_type(statement, 2) == SQLITE_NULL
                        ? nil : Int(sqlite3_column_int64(statement, 2)),
                    rating: word.rating, watchState: word.watchState,
                    watchedOn: text(4).flatMap(CalendarDate.init(parsing:)),
                    watchCount: sqlite3_column_type(statement, 11) == SQLITE_NULL
                        ? nil : Int(sqlite3_column_int64(statement, 11)),
                    ratedOn: text(12).flatMap(CalendarDate.init(parsing:)), note: text(5),
                    createdAt: text(6).flatMap(Timestamp.date(from:)) ?? Date(timeIntervalSince1970: 0),
                    updatedAt: text(7).flatMap(Timestamp.date(from:)) ?? Date(timeIntervalSince1970: 0),
                    stars: sqlite3_column_type(statement, 8) == SQLITE_NULL
                        ? nil : StarRating(stars: sqlite3_column_double(statement, 8)),
                    imdbID: text(9), letterboxdURI: text(10),
                    runtimeMinutes: sqlite3_column_type(statement, 13) == SQLITE_NULL
                        ? nil : Int(sqlite3_column_int64(statement, 13)),
                    genres: MovieRow.names(text(14)), directors: MovieRow.names(text(15))))
        }
        return movies
    }

    /// The SQLite library's version, for the header.
    static var version: String { String(cString: sqlite3_libversion()) }
}
