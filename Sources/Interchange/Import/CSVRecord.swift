import MoviesCore

/// One record of a CSV or TSV file: its fields, and the line it starts on for messages.
public struct CSVRecord: Sendable, Hashable {
    /// The fields, unquoted and unescaped; an empty field is `""`.
    public var fields: [String]
    /// The 1-based line the record starts on (a quoted field can make a record span lines).
    public var line: Int

    /// A record; readers create these, tests may too.
    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}

/// How a delimited file separates and escapes its fields.
public enum CSVDialect: Sendable, Hashable {
    /// RFC 4180: commas, fields quoted with `"` when they hold commas, quotes or line breaks.
    case csv
    /// Tabs, no quoting; `\t`, `\n`, `\r` and `\\` stand for tab, line feed, carriage return and
    /// backslash, as `FieldEncoding.tsv` writes them.
    case tsv
}

/// Bounds that turn a hostile or broken file into a clear error instead of unbounded memory use.
///
/// A missing closing quote makes the rest of the file one field; without a bound, reading it would
/// hold the whole file. The defaults are far above anything a real movie export has.
public struct CSVLimits: Sendable, Hashable {
    /// The longest field, in bytes.
    public var maximumFieldBytes: Int
    /// The most fields in one record.
    public var maximumFields: Int
    /// The longest record (its fields together), in bytes.
    public var maximumRecordBytes: Int

    /// Limits; the defaults are 1 MiB per field, 1,000 fields, 8 MiB per record.
    public init(
        maximumFieldBytes: Int = 1 << 20, maximumFields: Int = 1000, maximumRecordBytes: Int = 8 << 20
    ) {
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumFields = maximumFields
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// The default limits.
    public static let standard = CSVLimits()
}
