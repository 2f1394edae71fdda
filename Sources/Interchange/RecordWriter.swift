import Basics
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
    /// Several values: a JSON array; in CSV and TSV one cell, the values separated by spaces (what a
    /// list of addresses needs, since an address holds no space).
    case list([RecordValue])

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
        case .list(let values): values.map(\.plainText).joined(separator: " ")
        }
    }

    /// Appends the value to `line` as a CSV or TSV cell: `plainText`, escaped for the format, with text a
    /// spreadsheet would run as a formula escaped too (`FieldEncoding.spreadsheetSafe`). Numbers are
    /// never formula-escaped: `-3` is a number to a spreadsheet, not a formula.
    func appendCell(_ format: RecordFormat, to line: inout [UInt8]) {
        let isText: Bool
        let text: String
        switch self {
        case .null: return
        case .integer(let value):
            // Digits and a minus sign need no escaping in either format.
            line.appendDecimal(value)
            return
        case .text(let value): (isText, text) = (true, value)
        default: (isText, text) = (false, plainText)
        }
        if format == .tsv {
            FieldEncoding.appendTSV(text, spreadsheetSafe: isText, to: &line)
        } else {
            FieldEncoding.appendCSV(text, spreadsheetSafe: isText, to: &line)
        }
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
        case .list(let values): "[" + values.map(\.json).joined(separator: ",") + "]"
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
    /// The CSV or TSV line being built, kept between records so its storage is allocated once.
    private var line: [UInt8] = []

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
        case .csv, .tsv:
            // Built in a local and handed back: each `inout` use of a class's stored property is an
            // exclusivity check at run time, one per cell (190 instructions each, callgrind).
            var line: [UInt8] = []
            swap(&line, &self.line)
            line.removeAll(keepingCapacity: true)
            for (index, value) in values.enumerated() {
                if index > 0 { line.append(format == .csv ? UInt8(ascii: ",") : 0x09) }
                value.appendCell(format, to: &line)
            }
            line.append(0x0A)
            try sink.write(utf8: line)
            self.line = line
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

    /// One record as a JSON object on one line.
    public static func jsonObject(fields: [String], values: [RecordValue]) -> String {
        "{" + zip(fields, values).map { "\"\($0)\":\($1.json)" }.joined(separator: ",") + "}"
    }
}
