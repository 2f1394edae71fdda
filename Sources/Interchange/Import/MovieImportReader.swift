import Basics
import MoviesCore

/// Reads movies from a file in any `MovieImportFormat`, one row at a time.
///
/// Opening the reader settles everything about the file as a whole: it exists and can be read, its
/// format (given, or detected from its first bytes and, for Letterboxd's watchlist, its name), its
/// header. After that, `next()` yields each row as a movie or as an `ImportRowError` that names its
/// line, so an importer can report every bad row and still know which rows are good; a structural
/// problem (broken quoting or JSON, bad encoding, a limit) throws an `ImportFileError` instead, because
/// nothing after it can be trusted. Memory stays at one buffer and one row whatever the file's size.
///
/// ```swift
/// let reader = try MovieImportReader(path: "ratings.csv")
/// while let row = try reader.next() {
///     switch row {
///     case .success(let movie): …
///     case .failure(let error): print(error)  // "line 5: the year 'MCMXCV' is not a number"
///     }
/// }
/// ```
public final class MovieImportReader {
    /// The file's path as given.
    public let path: String
    /// The format being read.
    public let format: MovieImportFormat
    /// Which Letterboxd file it is, for the Letterboxd format.
    public let letterboxdKind: LetterboxdFileKind?
    /// The list a Letterboxd list export names.
    public let list: ImportedList?
    /// For IMDb's format: the file is its watchlist export rather than its ratings (no rating column,
    /// or named so: IMDb calls it `WATCHLIST.csv`), for the report to name it.
    public private(set) var isIMDbWatchlist = false

    private let source: ByteSource
    private let rows: Rows
    private var mapping: Mapping

    /// Where rows come from.
    private enum Rows {
        case delimited(CSVReader, ColumnLayout)
        case json(JSONObjectReader)
    }

    /// How rows become movies.
    private enum Mapping {
        case own(OwnRecordMapping)
        case letterboxd(LetterboxdMapping)
        case imdb(IMDbMapping)
        case list(LetterboxdListReader.Mapping)

        mutating func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
            switch self {
            case .own(let mapping): return try mapping.map(row)
            case .letterboxd(let mapping): return try mapping.map(row)
            case .imdb(let mapping): return try mapping.map(row)
            case .list(var mapping):
                defer { self = .list(mapping) }
                return try mapping.map(row)
            }
        }
    }

    /// Opens `path` and reads its header; `format` nil means detect it. The file is read `bufferSize`
    /// bytes at a time (tests use tiny buffers to put every byte on a chunk boundary); detection looks
    /// at the first buffer, so it gets at least 64 KiB. With `regularFileOnly` (a file found in a folder,
    /// not named by the user), anything but a regular file is refused without waiting on it.
    public convenience init(
        path: String, format: MovieImportFormat? = nil, limits: CSVLimits = .standard,
        bufferSize: Int = 64 * 1024, today: CalendarDate = .today(), regularFileOnly: Bool = false
    ) throws(ImportFileError) {
        let capacity = format == nil ? max(bufferSize, ByteSource.defaultCapacity) : bufferSize
        try self.init(
            source: ByteSource(path: path, capacity: capacity, regularFileOnly: regularFileOnly),
            format: format, limits: limits, today: today)
    }

    /// Reads standard input (`movies import -`), called `name` in messages; the format is detected
    /// from the first 64 KiB unless given.
    public convenience init(
        standardInputNamed name: String, format: MovieImportFormat? = nil, today: CalendarDate = .today()
    ) throws(ImportFileError) {
        try self.init(
            source: ByteSource(standardInputNamed: name), format: format, limits: .standard, today: today)
    }

    /// A reader over `source` (a file, standard input, a zip entry, or bytes in memory for tests);
    /// `today` is the last day a watched date may be.
    init(source: ByteSource, format: MovieImportFormat?, limits: CSVLimits, today: CalendarDate = .today())
        throws(ImportFileError)
    {
        let path = source.path
        self.path = path
        self.source = source
        try source.skipByteOrderMark()
        let detected: MovieImportFormat
        if let format {
            detected = format
        } else {
            detected = try MovieImportFormat.detect(prefix: source.peekPrefix(), path: path)
        }
        let named = detected.letterboxdKind
        let format = detected.base
        self.format = format
        var list: ImportedList?

        switch format {
        case .letterboxdList:
            let reader = try CSVReader(source: source, dialect: .csv, limits: limits)
            let (header, layout) = try LetterboxdListReader.header(reader, path: path)
            list = header
            rows = .delimited(reader, layout)
            mapping = .list(LetterboxdListReader.Mapping(today: today))
            letterboxdKind = nil
        case .json, .ndjson:
            let reader = try JSONObjectReader(
                source: source, layout: format == .json ? .array : .lines, keys: OwnRecordMapping.Column.keys,
                names: OwnRecordMapping.Column.allCases.map(\.name), limits: limits)
            rows = .json(reader)
            mapping = .own(OwnRecordMapping(removesSpreadsheetEscapes: false, today: today))
            letterboxdKind = nil
        case .csv, .tsv, .letterboxd, .imdb, .letterboxdWatched, .letterboxdWatchlist, .letterboxdDiary,
            .letterboxdRatings, .letterboxdReviews:
            let reader = try CSVReader(source: source, dialect: format == .tsv ? .tsv : .csv, limits: limits)
            guard let header = try reader.next() else {
                throw .unknownFormat(
                    path: path,
                    reason: "the file is empty; a \(format.rawValue) file starts with a header line")
            }
            let layout: ColumnLayout
            switch format {
            case .letterboxd, .letterboxdWatched, .letterboxdWatchlist, .letterboxdDiary, .letterboxdRatings,
                .letterboxdReviews:
                layout = ColumnLayout(header: header.fields, keys: LetterboxdMapping.Column.keys)
                try LetterboxdMapping.check(layout, path: path)
                let fileName = Self.fileName(of: path)
                let keys = Set(ImportHeader.keys(header.fields))
                let kind = try Self.kind(named: named, keys: keys, fileName: fileName, path: path)
                mapping = .letterboxd(
                    LetterboxdMapping(
                        kind: kind, isWatchlistFile: fileName.lowercased().contains("watchlist"), today: today
                    ))
                letterboxdKind = kind
            case .imdb:
                layout = ColumnLayout(header: header.fields, keys: IMDbMapping.Column.keys)
                try IMDbMapping.check(layout, path: path)
                mapping = .imdb(IMDbMapping(today: today))
                isIMDbWatchlist =
                    !layout.has(slot: IMDbMapping.Column.yourRating.rawValue)
                    && !layout.has(slot: IMDbMapping.Column.youRated.rawValue)
                    || Self.fileName(of: path).lowercased().contains("watchlist")
                letterboxdKind = nil
            case .csv, .tsv, .json, .ndjson, .letterboxdList:
                layout = ColumnLayout(header: header.fields, keys: OwnRecordMapping.Column.keys)
                try OwnRecordMapping.check(layout, path: path, format: format)
                mapping = .own(OwnRecordMapping(removesSpreadsheetEscapes: true, today: today))
                letterboxdKind = nil
            }
            rows = .delimited(reader, layout)
        }
        self.list = list
    }

    /// Which Letterboxd file this is: the one `--from` named, if the columns fit it, else the one its
    /// columns and name say; refused when neither decides (watched or watchlist, the same columns).
    private static func kind(
        named: LetterboxdFileKind?, keys: Set<String>, fileName: String, path: String
    ) throws(ImportFileError) -> LetterboxdFileKind {
        if let named {
            guard named.fits(keys: keys) else {
                throw .unknownFormat(
                    path: path,
                    reason: "--from letterboxd-\(named.rawValue) was given, but the header lacks the columns "
                        + "of Letterboxd's \(named.rawValue).csv")
            }
            return named
        }
        guard let kind = LetterboxdFileKind.detect(keys: keys, fileName: fileName) else {
            throw .unknownFormat(
                path: path,
                reason: "a file of Date,Name,Year,Letterboxd URI is either Letterboxd's watched.csv or its "
                    + "watchlist.csv, and neither its name nor --from says which; name it with --from ("
                    + MovieImportFormat.letterboxdFileValues + ")")
        }
        return kind
    }

    /// What the text was read as: nil while everything read was ASCII, `.windows1252` for a file
    /// decoded from it (see `DecodingInput`).
    public var encoding: TextEncoding? {
        switch source.encoding {
        case nil: nil
        case .utf8?: .utf8
        case .windows1252?: .windows1252
        }
    }

    /// How many bytes of the file have been read, for progress displays.
    public var bytesRead: Int { source.position }

    /// Rows made only of separators (`,,,,`, a spreadsheet's leftovers), skipped like blank lines.
    public private(set) var emptyRows = 0

    /// The file's size when it is a regular file, for progress displays.
    public var fileSize: Int? { source.size }

    /// The next row as a movie or a row error; nil after the last row.
    ///
    /// Throws when the file's structure breaks; rows after that point cannot be read.
    public func next() throws(ImportFileError) -> Result<ImportedMovie, ImportRowError>? {
        let row: ImportRow
        switch rows {
        case .delimited(let reader, let layout):
            var next = try reader.next()
            while let record = next, record.fields.count > 1, record.fields.allSatisfy({ $0.isEmpty }) {
                emptyRows += 1
                next = try reader.next()
            }
            guard let record = next else { return nil }
            do {
                row = try layout.row(record)
            } catch {
                return .failure(ImportRowError(line: record.line, problem: error))
            }
        case .json(let reader):
            guard let object = try reader.next() else { return nil }
            row = object
        }
        do {
            return .success(try mapping.map(row))
        } catch {
            return .failure(ImportRowError(line: row.line, problem: error))
        }
    }

    /// The text encodings an import reads.
    public enum TextEncoding: String, Sendable, Hashable {
        case utf8 = "UTF-8"
        case windows1252 = "Windows-1252"
    }

    /// The last component of `path`.
    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
