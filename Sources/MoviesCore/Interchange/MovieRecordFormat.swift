/// The machine-readable formats movies are listed, exported and imported in.
public enum MovieRecordFormat: String, CaseIterable, Sendable {
    case json
    case ndjson
    case csv
    case tsv
}

/// Writes movies in one of the `MovieRecordFormat`s, one row at a time.
///
/// The fields are the `movies` table's columns with their names, so what `movies list --format csv`
/// prints is what `movies import` reads back, field for field.
public final class MovieRecordWriter {
    /// The field names, in output order.
    public static let fieldNames = [
        "id", "title", "year", "rating", "watched_on", "note", "created_at", "updated_at",
    ]

    private let format: MovieRecordFormat
    private let sink: any TextSink
    private var count = 0

    /// A writer of `format` into `sink`; call `begin()`, `write(_:)` for each movie, then `end()`.
    public init(format: MovieRecordFormat, sink: any TextSink) {
        self.format = format
        self.sink = sink
    }

    /// Writes what comes before the first movie (the CSV/TSV header, the JSON array's bracket).
    public func begin() throws {
        switch format {
        case .csv: try sink.write(Self.fieldNames.joined(separator: ",") + "\n")
        case .tsv: try sink.write(Self.fieldNames.joined(separator: "\t") + "\n")
        case .json: try sink.write("[")
        case .ndjson: break
        }
    }

    /// Writes one movie.
    public func write(_ movie: Movie) throws {
        defer { count += 1 }
        switch format {
        case .csv:
            try sink.write(
                fields(of: movie).map { $0.map(FieldEncoding.csv) ?? "" }.joined(separator: ",") + "\n")
        case .tsv:
            try sink.write(
                fields(of: movie).map { $0.map(FieldEncoding.tsv) ?? "" }.joined(separator: "\t") + "\n")
        case .json:
            try sink.write((count == 0 ? "\n  " : ",\n  ") + Self.jsonObject(movie))
        case .ndjson:
            try sink.write(Self.jsonObject(movie) + "\n")
        }
    }

    /// Writes what comes after the last movie.
    public func end() throws {
        if format == .json {
            try sink.write(count == 0 ? "]\n" : "\n]\n")
        }
    }

    /// Writes `movies` between `begin()` and `end()`.
    public func writeAll(_ movies: some Sequence<Movie>) throws {
        try begin()
        for movie in movies {
            try write(movie)
        }
        try end()
    }

    // MARK: - Fields

    private func fields(of movie: Movie) -> [String?] {
        [
            String(movie.id), movie.title, movie.year.map(String.init), movie.rating.rawValue,
            movie.watchedOn?.description, movie.note, Timestamp.string(from: movie.createdAt),
            Timestamp.string(from: movie.updatedAt),
        ]
    }

    /// One movie as a JSON object on one line, with the same fields as the other formats.
    public static func jsonObject(_ movie: Movie) -> String {
        let values: [String] = [
            String(movie.id), FieldEncoding.json(movie.title), movie.year.map(String.init) ?? "null",
            FieldEncoding.json(movie.rating.rawValue),
            movie.watchedOn.map { FieldEncoding.json($0.description) } ?? "null",
            movie.note.map(FieldEncoding.json) ?? "null",
            FieldEncoding.json(Timestamp.string(from: movie.createdAt)),
            FieldEncoding.json(Timestamp.string(from: movie.updatedAt)),
        ]
        return "{" + zip(Self.fieldNames, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }
}
