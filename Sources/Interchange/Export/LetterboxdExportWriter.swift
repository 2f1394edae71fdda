import MoviesCore

/// Writes viewings in the CSV layout Letterboxd's importer reads (letterboxd.com/import), one row at a
/// time: one row per viewing, so a film seen five times is five rows, each with its own day, rating,
/// rewatch flag, review and tags.
///
/// Columns: `Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI`. `Rating` is the
/// ½–5 stars given at the viewing, empty when none were (a word alone is not written as stars never
/// given); `WatchedDate` is `YYYY-MM-DD`, empty for a viewing whose day is not known; `Rewatch` is
/// `true` for a rewatch; `LetterboxdURI` is the film's address; fields are quoted per RFC 4180 by
/// `FieldEncoding.csv`, so reviews may hold commas, quotes and line breaks. No cell gets the csv and tsv
/// formats' formula escape (`FieldEncoding.spreadsheetSafe`): Letterboxd's importer reads a cell as the
/// text it is and would keep a leading `'` in the title, review or tag (docs/GUIDE.md, "Spreadsheets
/// and formulas"); this program's import reads the text back exactly.
///
/// Letterboxd's importer marks every film in the file as watched. Watchlist movies belong in a separate
/// file for its watchlist importer (same layout), named as one (`…watchlist….csv`), which is also how
/// `movies import` tells the two apart.
public final class LetterboxdExportWriter {
    /// The header, as Letterboxd documents it.
    public static let columnNames = [
        "Title", "Year", "Rating", "WatchedDate", "Rewatch", "Review", "Tags", "imdbID", "LetterboxdURI",
    ]

    private let sink: any TextSink

    /// A writer into `sink`; call `begin()`, `write(_:)` for each row, then `end()`.
    public init(sink: any TextSink) {
        self.sink = sink
    }

    /// Writes the header line.
    public func begin() throws {
        try sink.write(Self.columnNames.joined(separator: ",") + "\n")
    }

    /// Writes one row.
    public func write(_ row: LetterboxdRow) throws {
        let fields: [String?] = [
            row.title, row.year.map(String.init), row.stars?.description, row.watchedOn?.description,
            row.isRewatch ? "true" : nil, row.review, row.tags.stored, row.imdbID, row.letterboxdURI,
        ]
        try sink.write(fields.map { $0.map(FieldEncoding.csv) ?? "" }.joined(separator: ",") + "\n")
    }

    /// Writes what comes after the last film (nothing: CSV has no footer); here for symmetry with
    /// `MovieRecordWriter`, so callers need not know.
    public func end() throws {}

    /// Writes `rows` between `begin()` and `end()`.
    public func writeAll(_ rows: some Sequence<LetterboxdRow>) throws {
        try begin()
        for row in rows {
            try write(row)
        }
        try end()
    }
}
