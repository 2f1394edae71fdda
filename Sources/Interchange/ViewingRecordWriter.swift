import Basics
import MoviesCore

/// Writes diary entries (a viewing with its film) in one of the `RecordFormat`s, one row at a time:
/// what `movies diary --format csv` prints. The fields are the `viewings` table's, with the film's id,
/// title and year beside them.
public final class ViewingRecordWriter {
    public static let fieldNames = [
        "id", "movie_id", "title", "year", "watched_on", "rating", "stars", "rewatch", "review", "tags",
        "letterboxd_uri", "created_at", "updated_at",
    ]

    private let writer: RecordWriter

    public init(format: RecordFormat, sink: any TextSink) {
        writer = RecordWriter(format: format, fields: Self.fieldNames, sink: sink)
    }

    /// Writes `entries` with what comes before and after them (a header, a JSON array's brackets).
    public func writeAll(_ entries: some Sequence<DiaryEntry>) throws {
        try writer.begin()
        for entry in entries {
            try writer.write(Self.values(of: entry))
        }
        try writer.end()
    }

    static func values(of entry: DiaryEntry) -> [RecordValue] {
        let viewing = entry.viewing
        return [
            .integer(viewing.id), .integer(viewing.movieID), .text(entry.movie.title),
            .integer(entry.movie.year),
            .text(viewing.watchedOn?.description),
            .text(viewing.rating == .notSeen ? nil : RatingWord(viewing.rating).rawValue),
            viewing.stars.map { .real($0.stars) } ?? .null, .boolean(viewing.isRewatch),
            .text(viewing.review),
            .text(viewing.tags.stored), .text(viewing.letterboxdURI),
            .text(Timestamp.string(from: viewing.createdAt)),
            .text(Timestamp.string(from: viewing.updatedAt)),
        ]
    }
}
