import Basics
import MoviesCore

/// Writes movies in one of the `RecordFormat`s, one row at a time.
///
/// The fields are the `movies` table's columns with their names, so what `movies list --format csv`
/// prints is what `movies import` reads back, field for field.
public final class MovieRecordWriter {
    /// The fields every version of this format has had; a reader requires these.
    public static let baseFieldNames = [
        "id", "title", "year", "rating", "watched_on", "note", "created_at", "updated_at",
    ]

    /// The field names, in output order: the base ones, then what other services know and what later
    /// versions added (optional to readers: older files lack them).
    public static let fieldNames =
        baseFieldNames + [
            "stars", "imdb_id", "letterboxd_uri", "watch_count", "rated_on", "runtime_minutes", "genres",
            "directors",
        ]

    private let writer: RecordWriter

    /// A writer of `format` into `sink`; call `begin()`, `write(_:)` for each movie, then `end()`.
    public init(format: RecordFormat, sink: any TextSink) {
        writer = RecordWriter(format: format, fields: Self.fieldNames, sink: sink)
    }

    /// Writes what comes before the first movie (the CSV/TSV header, the JSON array's bracket).
    public func begin() throws {
        try writer.begin()
    }

    /// Writes one movie.
    public func write(_ movie: Movie) throws {
        try writer.write(Self.values(of: movie))
    }

    /// Writes what comes after the last movie.
    public func end() throws {
        try writer.end()
    }

    /// Writes `movies` between `begin()` and `end()`.
    public func writeAll(_ movies: some Sequence<Movie>) throws {
        try begin()
        for movie in movies {
            try write(movie)
        }
        try end()
    }

    /// One movie as a JSON object on one line, with the same fields as the other formats.
    public static func jsonObject(_ movie: Movie) -> String {
        RecordWriter.jsonObject(fields: fieldNames, values: values(of: movie))
    }

    /// The movie's fields, in `fieldNames` order.
    static func values(of movie: Movie) -> [RecordValue] {
        [
            .integer(movie.id), .text(movie.title), .integer(movie.year), .text(movie.ratingWord.rawValue),
            .text(movie.watchedOn?.description), .text(movie.note),
            .text(Timestamp.string(from: movie.createdAt)),
            .text(Timestamp.string(from: movie.updatedAt)), movie.stars.map { .real($0.stars) } ?? .null,
            .text(movie.imdbID), .text(movie.letterboxdURI), .integer(movie.watchCount),
            .text(movie.ratedOn?.description), .integer(movie.runtimeMinutes),
            .text(MovieRow.storedNames(movie.genres)), .text(MovieRow.storedNames(movie.directors)),
        ]
    }
}
