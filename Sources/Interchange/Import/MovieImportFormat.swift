import MoviesCore

/// The kinds of file `movies import` reads.
public enum MovieImportFormat: String, CaseIterable, Sendable, Hashable {
    /// A Letterboxd export CSV (ratings, watched, watchlist, diary, reviews) or Letterboxd's import layout.
    case letterboxd
    /// IMDb's ratings or watchlist export CSV, old or new columns.
    case imdb
    /// This program's CSV (`movies list --format csv`).
    case csv
    /// This program's TSV.
    case tsv
    /// This program's JSON: an array of objects.
    case json
    /// This program's NDJSON: one object per line.
    case ndjson
    /// One of Letterboxd's files, named: for a file whose name does not tell (standard input, a renamed
    /// file), since watched.csv and watchlist.csv have the same columns.
    case letterboxdWatched = "letterboxd-watched"
    case letterboxdWatchlist = "letterboxd-watchlist"
    case letterboxdDiary = "letterboxd-diary"
    case letterboxdRatings = "letterboxd-ratings"
    case letterboxdReviews = "letterboxd-reviews"
    /// A Letterboxd list export (`Letterboxd list export v7`).
    case letterboxdList = "letterboxd-list"

    /// The Letterboxd file this value names, for the `letterboxd-…` values.
    public var letterboxdKind: LetterboxdFileKind? {
        switch self {
        case .letterboxdWatched: .watched
        case .letterboxdWatchlist: .watchlist
        case .letterboxdDiary: .diary
        case .letterboxdRatings: .ratings
        case .letterboxdReviews: .reviews
        case .letterboxd, .imdb, .csv, .tsv, .json, .ndjson, .letterboxdList: nil
        }
    }

    /// The reader's format: `letterboxd` for every named Letterboxd file but a list.
    var base: MovieImportFormat { letterboxdKind == nil ? self : .letterboxd }

    /// The `--from` values that name one Letterboxd file, as a refusal lists them.
    static var letterboxdFileValues: String {
        [
            letterboxdWatched, letterboxdWatchlist, letterboxdDiary, letterboxdRatings, letterboxdReviews,
            letterboxdList,
        ].map(\.rawValue).joined(separator: ", ")
    }

    /// The format of a file from its first bytes (`prefix`, after any byte order mark): `[` is JSON,
    /// `{` is NDJSON, otherwise the first line is read as a header and its column names decide.
    ///
    /// Names are compared normalized (`ImportHeader.key`), so case, spaces and quoting do not matter,
    /// and columns may come in any order. In this order: all of this program's columns → csv; `Const`
    /// and `Title` → IMDb; `Letterboxd URI`, or `Name` and `Date`, or `Title` with one of Letterboxd's
    /// import columns (`Rating`, `Rating10`, `WatchedDate`, `imdbID`, `tmdbID`) → Letterboxd; this
    /// program's columns split by tabs → tsv.
    static func detect(prefix: UnsafeBufferPointer<UInt8>, path: String) throws(ImportFileError)
        -> MovieImportFormat
    {
        guard
            let first = prefix.first(where: {
                $0 != UInt8(ascii: " ") && $0 != Byte.tab && $0 != Byte.lineFeed && $0 != Byte.carriageReturn
            })
        else { throw .unknownFormat(path: path, reason: "the file is empty") }
        if first == UInt8(ascii: "[") { return .json }
        if first == UInt8(ascii: "{") { return .ndjson }
        if LetterboxdListReader.starts(prefix) { return .letterboxdList }

        let header = try firstRecord(of: prefix, dialect: .csv)
        let keys = Set(ImportHeader.keys(header))
        if ownKeys.isSubset(of: keys) { return .csv }
        if keys.contains("const"), keys.contains("title") { return .imdb }
        if keys.contains("letterboxduri") || (keys.contains("name") && keys.contains("date")) {
            return .letterboxd
        }
        // Letterboxd's import layout is often made by hand with only some of its columns.
        if keys.contains("title"),
            !keys.isDisjoint(with: ["rating", "rating10", "watcheddate", "imdbid", "tmdbid"])
        {
            return .letterboxd
        }
        if let tabbed = try? firstRecord(of: prefix, dialect: .tsv),
            ownKeys.isSubset(of: ImportHeader.keys(tabbed))
        {
            return .tsv
        }
        if header.count <= 1, let line = header.first,
            !Set(ImportHeader.keys(line.split(separator: ";").map(String.init))).isDisjoint(with: [
                "const", "title", "name", "date",
            ])
        {
            throw .unknownFormat(
                path: path,
                reason:
                    "its columns are separated by ';' ('\(ImportRowProblem.excerpt(line, limit: 80))'), as "
                    + "a spreadsheet set to another language saves CSV; movies reads comma-separated files "
                    + "as Letterboxd and IMDb export them: save it with ',' as the separator, or export it "
                    + "again")
        }
        throw .unknownFormat(path: path, reason: unknownReason(header: header))
    }

    /// The normalized names of `MovieRecordWriter`'s columns, all of which its own header has.
    static let ownKeys = Set(MovieRecordWriter.baseFieldNames.map(ImportHeader.key))

    /// The first record of `prefix`; a broken encoding, or a limit the first line passes, is reported as
    /// such, anything else as no header (the prefix may end inside a quoted field that the whole file
    /// closes).
    private static func firstRecord(of prefix: UnsafeBufferPointer<UInt8>, dialect: CSVDialect)
        throws(ImportFileError) -> [String]
    {
        do {
            let reader = try CSVReader(source: ByteSource(bytes: prefix), dialect: dialect, limits: .standard)
            return try reader.next()?.fields ?? []
        } catch {
            if case .malformed(_, let problem) = error, problem.isEncoding || problem.isLimit {
                throw error
            }
            return []
        }
    }

    private static func unknownReason(header: [String]) -> String {
        let line = ImportRowProblem.excerpt(header.joined(separator: ","), limit: 80)
        return "the first line '\(line)' is not a header of a format movies can import; "
            + "expected a Letterboxd export (Date,Name,Year,Letterboxd URI,…), an IMDb export "
            + "(Const,Your Rating,Date Rated,Title,…), this program's csv or tsv ("
            + MovieRecordWriter.baseFieldNames.joined(separator: ",")
            + "), a JSON array of movies, or NDJSON (one object per line); --from names the format ("
            + allCases.map(\.rawValue).joined(separator: ", ") + ")"
    }
}
