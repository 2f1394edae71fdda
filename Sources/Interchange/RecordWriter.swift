import MoviesCore

/// The machine-readable formats records (movies, news items, feeds) are printed, exported and read in.
public enum RecordFormat: String, CaseIterable, Sendable {
    case json
    case ndjson
    case csv
    case tsv
}

/// One field's value in a record.
public enum RecordValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case boolean(Bool)

    /// `.text(value)`, or `.null` for nil.
    public static func text(_ value: String?) -> RecordValue { value.map(RecordValue.text) ?? .null }
    /// `.integer(value)`, or `.null` for nil.
    public static func integer(_ value: Int?) -> RecordValue { value.map { .integer(Int64($0)) } ?? .null }

    /// The value as CSV/TSV shows it before escaping: empty for null.
    var plainText: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): Self.decimal(value)
        case .text(let value): value
        case .boolean(let value): value ? "true" : "false"
        }
    }

    /// The value as a CSV/TSV cell before quoting: `plainText`, with text a spreadsheet would run as a
    /// formula escaped (`FieldEncoding.spreadsheetSafe`). Numbers are never escaped: `-3` is a number
    /// to a spreadsheet, not a formula.
    var cellText: String {
        if case .text(let value) = self { return FieldEncoding.spreadsheetSafe(value) }
        return plainText
    }

    /// `3.5`, `4` (no `.0` for whole numbers), as people write star ratings.
    static func decimal(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The value as a JSON literal.
    var json: String {
        switch self {
        case .null: "null"
        case .integer(let value): String(value)
        case .real(let value): value.isFinite ? Self.decimal(value) : "null"
        case .text(let value): FieldEncoding.json(value)
        case .boolean(let value): value ? "true" : "false"
        }
    }
}

/// Writes records with named fields in one of the `RecordFormat`s, one at a time, so a million rows
/// stream through with one in memory.
///
/// CSV and TSV start with a header of the field names; JSON is an array with one object per line;
/// NDJSON is one object per line. Nulls are empty CSV/TSV fields and JSON `null`. CSV and TSV are
/// opened by spreadsheets, so their text cells are escaped against formula injection
/// (`FieldEncoding.spreadsheetSafe`; this program's import undoes it); JSON keeps every value as it is.
public final class RecordWriter {
    public let format: RecordFormat
    public let fields: [String]
    private let sink: any TextSink
    private var count = 0

    /// A writer of `format` with `fields` into `sink`; call `begin()`, `write(_:)` per record, then `end()`.
    public init(format: RecordFormat, fields: [String], sink: any TextSink) {
        self.format = format
        self.fields = fields
        self.sink = sink
    }

    /// Writes what comes before the first record (the header, the JSON array's bracket).
    public func begin() throws {
        switch format {
        case .csv: try sink.write(fields.joined(separator: ",") + "\n")
        case .tsv: try sink.write(fields.joined(separator: "\t") + "\n")
        case .json: try sink.write("[")
        case .ndjson: break
        }
    }

    /// Writes one record; `values` are in the order of `fields`.
    public func write(_ values: [RecordValue]) throws {
        precondition(
            values.count == fields.count, "a record has \(fields.count) fields, got \(values.count) values")
        defer { count += 1 }
        switch format {
        case .csv: try sink.write(Self.line(values, separator: ",", encoding: FieldEncoding.csv))
        case .tsv: try sink.write(Self.line(values, separator: "\t", encoding: FieldEncoding.tsv))
        case .json:
            try sink.write((count == 0 ? "\n  " : ",\n  ") + Self.jsonObject(fields: fields, values: values))
        case .ndjson:
            try sink.write(Self.jsonObject(fields: fields, values: values) + "\n")
        }
    }

    /// Writes what comes after the last record.
    public func end() throws {
        if format == .json {
            try sink.write(count == 0 ? "]\n" : "\n]\n")
        }
    }

    /// One CSV or TSV record, its cells `encoding`-escaped, with its line end.
    ///
    /// Appended to one string with room reserved, not mapped into an array and joined: a row of `movies
    /// list --format csv` went from 18,000 instructions to 16,000 (callgrind), most of what is left
    /// being the cells' own escaping and appends.
    private static func line(
        _ values: [RecordValue], separator: Character, encoding: (String) -> String
    ) -> String {
        var line = ""
        line.reserveCapacity(16 * values.count)
        for (index, value) in values.enumerated() {
            if index > 0 { line.append(separator) }
            line += encoding(value.cellText)
        }
        line.append("\n")
        return line
    }

    /// One record as a JSON object on one line.
    public static func jsonObject(fields: [String], values: [RecordValue]) -> String {
        "{" + zip(fields, values).map { "\"\($0)\":\($1.json)" }.joined(separator: ",") + "}"
    }
}
